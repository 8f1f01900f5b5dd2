import { ADMIN, expect, test, JS_INDEPENDENT } from "./fixtures";

/**
 * The back office's two report screens on the demo data: Inventory Forecast (urgency counts, the forecast
 * table, its chart and the urgency filter) and Customer Insights (cards, segments, top customers, trends).
 * Both are drawn on the server, so everything here holds with JavaScript off as well.
 */
test.describe("admin reports", () => {
  test.beforeEach(async ({ login }) => {
    await login(ADMIN);
  });

  test("the sidebar links to both screens", async ({ page }) => {
    await page.goto("/admin");
    const nav = page.getByTestId("admin-sidebar").getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Inventory Forecast", exact: true })).toHaveAttribute("href", "/admin/inventory-forecast");
    await expect(nav.getByRole("link", { name: "Customer Insights", exact: true })).toHaveAttribute("href", "/admin/customer-insights");
    await nav.getByRole("link", { name: "Inventory Forecast", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Inventory Forecast", level: 1 })).toBeVisible();
  });

  test("the forecast shows its counts, table and chart, and filters by urgency", async ({ page }) => {
    await page.goto("/admin/inventory-forecast");
    await expect(page.getByRole("heading", { name: "Inventory Forecast", level: 1 })).toBeVisible();
    for (const label of ["Critical", "High Priority", "Medium Priority"]) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    const table = page.getByRole("table", { name: "Inventory forecast, most urgent first" });
    for (const column of ["Product", "Low Stock Threshold", "Current Stock", "Sales / Day", "Days to Stockout", "Suggested Reorder", "Urgency"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.getByTestId("forecast-row").first()).toBeVisible();
    // velocity to 2 decimals in every row
    const velocities = await page.getByTestId("forecast-row").locator("td:nth-child(4)").allTextContents();
    expect(velocities.every((text) => /^\d+\.\d{2}$/.test(text.trim()))).toBe(true);
    await expect(page.getByRole("img", { name: /^Products in each urgency band\./ })).toBeVisible();

    // the demo catalogue has products out of stock, so Critical is never empty
    const critical = Number(await page.locator("dt", { hasText: /^Critical$/ }).locator("+ dd").textContent());
    expect(critical).toBeGreaterThan(0);
    await page.getByRole("navigation", { name: "Filter by urgency" }).getByRole("link", { name: /^Critical/ }).click();
    await expect(page).toHaveURL(/\/admin\/inventory-forecast\?urgency=critical$/);
    await expect(page.getByRole("navigation", { name: "Filter by urgency" }).getByRole("link", { name: /^Critical/ })).toHaveAttribute("aria-current", "page");
    const badges = await page.getByTestId("forecast-row").locator("td:last-child").allTextContents();
    expect(badges.length).toBe(Math.min(critical, 50));
    expect(new Set(badges.map((text) => text.trim()))).toEqual(new Set(["Critical"]));
    await expect(page.getByText(`Page 1 of ${Math.max(1, Math.ceil(critical / 50))} · ${critical} product`)).toBeVisible();

    await page.getByRole("navigation", { name: "Filter by urgency" }).getByRole("link", { name: /^All/ }).click();
    await expect(page).toHaveURL(/\/admin\/inventory-forecast$/);
  });

  test("customer insights shows its cards, segments, top customers and trend charts", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/admin/customer-insights");
    await expect(page.getByRole("heading", { name: "Customer Insights", level: 1 })).toBeVisible();
    for (const label of ["Total Customers", "Active Customers", "Average Order Value", "VIP Customers"]) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    const total = Number(await page.locator("dt", { hasText: /^Total Customers$/ }).locator("+ dd").textContent());
    expect(total).toBeGreaterThan(0);
    await expect(page.locator("dt", { hasText: /^Average Order Value$/ }).locator("+ dd")).toHaveText(/^£[\d,]+\.\d{2}$/);

    const segments = page.getByRole("list", { name: "Customers by segment" });
    await expect(segments.getByTestId("segment")).toHaveCount(4);
    for (const name of ["VIP", "Regular", "Occasional", "Inactive"]) {
      await expect(segments.getByRole("img", { name: new RegExp(`^${name}: [\\d.]+% of customers$`) })).toBeVisible();
    }
    // the segments share out every customer
    const counts = await segments.getByTestId("segment").locator("span.tabular-nums").allTextContents();
    expect(counts.map((text) => Number(text.trim().split(" ")[0])).reduce((sum, n) => sum + n, 0)).toBe(total);

    const top = page.getByRole("list", { name: "Top customers by total spent" });
    await expect(top.getByTestId("top-customer").first()).toBeVisible();
    await expect(top.getByTestId("top-customer").first()).toContainText(/\d+ orders? · last order \d{2} \w{3} \d{4}/);
    await expect(top.getByTestId("top-customer").first()).toContainText(/£[\d,]+\.\d{2} per order/);
    await expect(top.getByTestId("top-customer").first().getByRole("link")).toHaveAttribute("href", /^\/admin\/users\?edit=/);

    await expect(page.getByRole("img", { name: /^Customer revenue by month from / })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Customer orders by month from / })).toBeVisible();
    await expect(page.getByRole("img", { name: /^New and returning customers by month from / })).toBeVisible();
    // each chart has its own "View data" table (tests/e2e/back-office-readability.spec.ts opens all three)
    const trends = page.getByRole("table", { name: "New and returning customers by month" });
    await page.locator("details", { has: page.locator("caption").getByText("New and returning customers by month", { exact: true }) }).getByText("View data").click();
    await expect(trends.locator("tbody tr")).toHaveCount(12);
  });
});
