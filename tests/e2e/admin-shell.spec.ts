import { ADMIN, expect, JS_ONLY, test, JS_INDEPENDENT } from "./fixtures";

test.describe("admin layout", () => {
  test.beforeEach(async ({ login }) => {
    await login(ADMIN);
  });

  test("the sidebar shows 'INFY Admin', its groups that fold and links, and the admin's email", async ({ page }) => {
    await page.goto("/admin");
    const sidebar = page.getByTestId("admin-sidebar");
    await expect(sidebar.getByRole("link", { name: "INFY Admin" })).toHaveText("INFY Admin");
    // each group is a disclosure that folds (tests/e2e/admin-layout.spec.ts), open by default
    await expect(sidebar.locator("details > summary")).toHaveText(["Sales", "Procurement", "Finance", "Administration"]);
    for (const group of await sidebar.locator("details").all()) await expect(group).toHaveAttribute("open", "");
    const nav = sidebar.getByRole("navigation", { name: "Admin" });
    for (const [name, href] of [
      ["Dashboard", "/admin"],
      ["Analytics", "/admin/analytics"],
      ["Products", "/admin/products"],
      ["Inventory Alerts", "/admin/inventory-alerts"],
      ["Orders", "/admin/orders"],
      ["Returns", "/admin/returns"],
      ["Sales Invoices", "/admin/sales-invoices"],
      ["POS", "/admin/pos"],
      ["Purchase Orders", "/admin/purchase-orders"],
      ["Purchase Invoices", "/admin/purchase-invoices"],
      ["Product Requests", "/admin/product-requests"],
      ["Accounts", "/admin/accounts"],
      ["Ledger", "/admin/ledger"],
      ["VAT Returns", "/admin/vat-returns"],
      ["Users", "/admin/users"],
      ["Price Tiers", "/admin/price-tiers"],
      ["Volume Discounts", "/admin/volume-discounts"],
      ["Customer Pricing", "/admin/customer-pricing"],
      ["Loyalty Rewards", "/admin/loyalty-rewards"],
      ["System", "/admin/system"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const account = sidebar.getByRole("navigation", { name: "Account" });
    // the storefront and Log Out: the customer's own pages (account home, loyalty) are no use to an admin
    await expect(account.getByRole("link")).toHaveCount(1);
    await expect(account.getByRole("link", { name: "Storefront", exact: true })).toHaveAttribute("href", "/");
    // Log Out is a button that posts to /api/logout: signing out is never a link
    await expect(account.getByRole("button", { name: "Log Out", exact: true })).toBeVisible();
    const logOutForm = account.locator("form", { has: page.getByRole("button", { name: "Log Out", exact: true }) });
    await expect(logOutForm).toHaveAttribute("action", "/api/logout");
    await expect(logOutForm).toHaveAttribute("method", "post");
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("admin-email")).toHaveText(ADMIN.email);
    // the storefront's header is not on admin pages
    await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);

    await nav.getByRole("link", { name: "Users", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(nav.getByRole("link", { name: "Users", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the dashboard shows the stats and recent orders with customer emails", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    for (const label of ["Total Revenue", "Pending Orders", "Total Products", "Product Requests", "Low Stock Products"]) {
      await expect(page.locator("#main").getByText(label, { exact: true })).toBeVisible();
    }
    const recent = page.getByRole("table", { name: "The 10 most recent orders" });
    await expect(recent.getByRole("row")).toHaveCount(11);
    await expect(recent.getByRole("cell", { name: /@/ }).first()).toBeVisible();
    // each order number links to the order's view
    await expect(recent.getByRole("link", { name: /^View order ORD-\d{6}$/ }).first()).toBeVisible();
  });

  test("the collapse toggle narrows the sidebar and the choice survives a reload", async ({ page, javaScriptEnabled }) => {
    await page.goto("/admin/analytics");
    const sidebar = page.getByTestId("admin-sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(256);

    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(48);
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("title", "Users");
    await expect(sidebar.getByText("Sales", { exact: true })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-state", "collapsed");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("collapsed");
    // kept for 7 days
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);

    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-state", "expanded");

    if (javaScriptEnabled) {
      await page.keyboard.press("Control+b");
      await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-state", "collapsed");
      await page.keyboard.press("Meta+b");
      await expect(page.getByTestId("admin-sidebar")).toHaveAttribute("data-state", "expanded");
    }
  });

  test("on a phone the menu button opens the sidebar as a panel", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    await expect(page.getByTestId("admin-sidebar")).toBeHidden();
    await page.getByRole("link", { name: "Menu" }).click();
    const panel = page.getByTestId("admin-mobile-menu");
    await expect(panel).toBeVisible();
    const box = (await panel.getByRole("complementary", { name: "Admin menu" }).boundingBox())!;
    expect(Math.round(box.width)).toBe(288);
    await panel.getByRole("link", { name: "Inventory Alerts", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/inventory-alerts$/);
    await expect(page.getByRole("heading", { name: "Inventory Alerts", level: 1 })).toBeVisible();
    await expect(page.getByTestId("admin-mobile-menu")).toHaveCount(0);
  });

  test("on a short screen the sidebar scrolls inside itself and keeps the current screen's link in view", JS_ONLY, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto("/admin/loyalty-rewards");
    const nav = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Admin" });
    const current = nav.getByRole("link", { name: "Loyalty Rewards", exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    // the list itself scrolls (the page does not grow), and it has scrolled to the current link
    await expect.poll(() => nav.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(() => nav.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const list = (await nav.boundingBox())!;
    const link = (await current.boundingBox())!;
    expect(link.y).toBeGreaterThanOrEqual(list.y);
    expect(link.y + link.height).toBeLessThanOrEqual(list.y + list.height);
  });

  test("analytics shows its charts, and the low-stock link leads to the alerts", async ({ page }) => {
    await page.goto("/admin/analytics");
    for (const heading of ["Revenue by Month", "Orders by Status", "Top 10 Products by Revenue", "Top Categories by Revenue"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /Revenue by month for the last 12 months/ })).toBeVisible();
    await page.getByText("View data").first().click();
    await expect(page.getByRole("table", { name: "Revenue by month" })).toBeVisible();

    const link = page.getByRole("link", { name: /Low stock alerts/ });
    await expect(link).toHaveAttribute("href", "/admin/low-stock-alerts");
    await link.click();
    await expect(page).toHaveURL(/\/admin\/inventory-alerts$/);
    await expect(page.getByRole("heading", { name: "Inventory Alerts", level: 1 })).toBeVisible();
  });

  test("inventory alerts list the low and out-of-stock products", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/admin/inventory-alerts");
    await expect(page.getByText("Below threshold")).toBeVisible();
    await expect(page.getByText("Needs immediate attention")).toBeVisible();
    const coal = page.getByTestId("inventory-alert").filter({ hasText: "Smokeless Coal Ovals 25kg" });
    await expect(coal).toContainText("Heating & Fuel");
    await expect(coal).toContainText("Out of Stock");
    await expect(coal.getByRole("link", { name: "Smokeless Coal Ovals 25kg", exact: true })).toHaveAttribute(
      "href",
      "/admin/products?q=Smokeless%20Coal%20Ovals%2025kg",
    );
    const labels = page.getByTestId("inventory-alert").filter({ hasText: "Shipping Labels A4 21 per Sheet" });
    await expect(labels).toContainText(/Low Stock|Out of Stock/);
    await expect(coal.getByRole("link", { name: "Adjust stock of Smokeless Coal Ovals 25kg" })).toBeVisible();
  });
});
