import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { ADMIN, createCustomer, expect, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/** Today in London as YYYY-MM-DD, what a date box takes. */
function londonToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

test.describe("admin order list", () => {
  test("filter orders by date and business name, then export the filtered list", async ({ page, request, baseURL, login }, testInfo) => {
    const businessName = `Harbour Deli ${randomUUID().slice(0, 6)}`;
    const customer = await createCustomer(baseURL!, { businessName });
    expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
    const first = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);
    const second = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 2 }]);
    await login(ADMIN);

    await page.goto("/admin/orders");
    await page.getByLabel("Search orders").fill(businessName);
    await page.getByLabel("From").fill(londonToday());
    await page.getByLabel("To").fill(londonToday());
    await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=${londonToday()}.*sort=oldest`));
    const rows = page.getByTestId("order-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(first.orderNumber);
    await expect(rows.first()).toContainText(businessName);
    await expect(page.getByText("Select all 2 matching orders")).toBeVisible();

    // nothing ticked: the export covers the filtered list
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const exported = (await readFile((await csv.path())!, "utf8")).trim().split("\n");
    expect(exported).toHaveLength(3);
    expect(exported[1]).toContain(`,${first.orderNumber},`);
    expect(exported[2]).toContain(`,${second.orderNumber},`);
    if (testInfo.project.name === "js") {
      await expect(page.getByText("2 orders exported.")).toBeVisible();
      await page.getByRole("checkbox", { name: `Select ${first.orderNumber}` }).check();
      await expect(page.getByTestId("selected-count")).toHaveText("1 selected");
      await page.getByLabel("Select all 2 matching orders").check();
      await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
    }

    // a date before today leaves them out
    await page.goto(`/admin/orders?q=${encodeURIComponent(businessName)}&to=01/01/2020`);
    await expect(page.getByText("No orders found")).toBeVisible();
  });
});

test.describe("records that link", () => {
  test("follow an order to its invoice and back", async ({ page, request, customer, login, javaScriptEnabled }) => {
    expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
    const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);
    await login(ADMIN);

    await page.goto(`/admin/orders?view=${order.id}`);
    // with JavaScript the dialog moves into its own layer as the page comes alive: a click at that moment is lost
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const detail = page.getByTestId("order-detail");
    await detail.getByRole("link", { name: /^Invoice INV-/ }).click();
    await expect(page).toHaveURL(/\/admin\/sales-invoices\?view=\d+/);
    await expect(page.getByRole("heading", { name: /^Invoice INV-/ })).toBeVisible();

    await page.getByRole("link", { name: `Order ${order.orderNumber}` }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?view=${order.id}$`));
    await expect(page.getByTestId("order-detail")).toContainText(customer.email);
    await expect(page.getByRole("link", { name: "Customer account" })).toBeVisible();
  });
});

test.describe("small screens and keyboards", () => {
  test("the orders page fits a 390 px phone: the table scrolls inside its card", async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(ADMIN);
    await page.goto("/admin/orders");
    await expect(page.getByTestId("order-row").first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body).toBeLessThanOrEqual(widths.viewport);
  });

  test("a dialog opens with the keyboard on its first field", async ({ page, login }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "without JavaScript a dialog is a section of the page");
    await login(ADMIN);
    await page.goto("/admin/users?dialog=new");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").locator("input:not([type=hidden]), select, textarea").first()).toBeFocused();
  });
});
