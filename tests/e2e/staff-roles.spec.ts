/**
 * Staff roles (docs/decisions/0065-staff-roles.md), as the warehouse sees the back office, with JavaScript and
 * without: the sidebar lists only the warehouse's screens, the dashboard shows no money, and an accounts screen
 * opened by its address sends them back to the back-office home with the reason.
 */
import { ADMIN, expect, switchAccount, test, uniqueEmail, WAREHOUSE } from "./fixtures";

test.describe("the back office for warehouse staff", () => {
  test.beforeEach(async ({ login }) => {
    await login(WAREHOUSE);
  });

  test("the sidebar lists only the warehouse's screens, and the dashboard only its figures", async ({ page }) => {
    await page.goto("/admin");
    const nav = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Products",
      "Inventory Alerts",
      "Inventory Forecast",
      "Orders",
      "Purchase Orders",
    ]);
    await expect(page.getByTestId("admin-sidebar").locator("details > summary")).toHaveText(["Sales", "Procurement"]);
    for (const name of ["Sales Invoices", "VAT Returns", "Ledger", "Users", "POS", "System"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByTestId("admin-email")).toHaveText(WAREHOUSE.email);

    const figures = page.locator("main dl");
    await expect(figures).toContainText("Low Stock Products");
    await expect(figures).toContainText("Pending Orders");
    await expect(figures).not.toContainText("Total Revenue");
    await expect(figures).not.toContainText("£");
  });

  test("opening an accounts screen by its address is refused with the reason", async ({ page }) => {
    await page.goto("/admin/sales-invoices");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Your role cannot use this screen.").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    // and a warehouse screen opens as it should
    await page.goto("/admin/purchase-orders");
    await expect(page).toHaveURL(/\/admin\/purchase-orders$/);
    await expect(page.getByRole("heading", { name: "Purchase Orders", level: 1 })).toBeVisible();
  });

  // shipping itself is proven in tests/integration/staff-roles.test.ts: the demo's few processing orders are left to the order journeys
  test("an order's status offers the warehouse no Cancelled and no Order Approvals", async ({ page }) => {
    await page.goto("/admin/orders?status=processing");
    await expect(page.getByRole("link", { name: /Order Approvals/ })).toHaveCount(0);
    await page.getByRole("link", { name: /^View order ORD-/ }).first().click();
    const status = page.getByLabel("Order status");
    await expect(status).toBeVisible();
    await expect(status.locator("option", { hasText: "Cancelled" })).toHaveCount(0);
    await expect(status.locator("option", { hasText: "Delivered" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Update Status" })).toBeVisible();
  });
});

test.describe("a full admin gives a colleague a staff role", () => {
  test("on the Users screen: the new back-office user sees only the accounts screens", async ({ page, login }) => {
    test.slow();
    const email = uniqueEmail("bookkeeper");
    await login(ADMIN);
    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page.getByText("Create User").first()).toBeVisible();
    const form = page.locator('form[id^="user-form-"]');
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill("bookkeeper-pass");
    await form.getByLabel("First name").fill("Bea");
    await form.getByLabel("Role", { exact: true }).selectOption("admin");
    await form.getByLabel("Staff role").selectOption("accounts");
    await form.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("User created")).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("user-row").filter({ hasText: email }).getByTestId("staff-role")).toHaveText("Staff role: Accounts");

    await switchAccount(page, { email, password: "bookkeeper-pass" });
    await page.goto("/admin");
    const nav = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Ledger", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Products", exact: true })).toHaveCount(0);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Your role cannot use this screen.").first()).toBeVisible();
  });
});
