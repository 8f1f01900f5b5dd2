/**
 * The back office as a wholesaler reads it, on the demo data, with JavaScript on and off: Customer Insights'
 * charts with labels of at least 11 px and months as "Dec 2025", each with its "View data" table; the
 * forecast's bands named so a well-stocked line never reads as low stock, its suggestion agreeing with its
 * urgency; the dashboard's figures with their period and its orders by business name; VAT Returns' header in
 * one row without a column repeating box 5; a supplier sent from an admin page told "Access Denied".
 * Screenshots of the screens at 1280 and 375 px go to the test's output folder.
 */
import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, SUPPLIER, test } from "./fixtures";

const WIDTHS = [1280, 375] as const;
const MONTH = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

/** The rendered font size, in CSS pixels, of each element `locator` finds. */
function fontSizes(locator: Locator) {
  return locator.evaluateAll((elements) => elements.map((element) => parseFloat(getComputedStyle(element).fontSize)));
}

async function chartLabels(page: Page, name: RegExp) {
  const chart = page.getByRole("img", { name });
  await expect(chart).toBeVisible();
  return { months: chart.locator("[data-axis=category]"), values: chart.locator("[data-axis=value]") };
}

test.describe("back-office readability", () => {
  test("Customer Insights: readable axis labels, months as 'Dec 2025', and a View data table under each chart", async ({ page, login }) => {
    await login(ADMIN);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/customer-insights");
      for (const name of [/^Customer revenue by month from /, /^Customer orders by month from /, /^New and returning customers by month from /]) {
        const { months, values } = await chartLabels(page, name);
        await expect(months).toHaveCount(12);
        for (const label of await months.allTextContents()) expect(label).toMatch(MONTH);
        // every label is at least 11 px as drawn, at this width
        for (const size of [...(await fontSizes(months)), ...(await fontSizes(values))]) expect(size, `${name} at ${width}px`).toBeGreaterThanOrEqual(11);
        // and no label is squeezed out of sight: each has a real box on the page
        const box = await months.last().boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(0);
      }
    }

    // one "View data" under each of the three charts; each opens a table of the twelve months
    const views = page.getByText("View data", { exact: true });
    await expect(views).toHaveCount(3);
    for (const caption of ["Customer revenue by month, incl. VAT", "Customer orders by month", "New and returning customers by month"]) {
      const table = page.getByRole("table", { name: caption });
      await expect(table).toBeHidden();
      // folded until asked for: the <details> that holds this table
      await page.locator("details", { has: page.locator("caption").getByText(caption, { exact: true }) }).getByText("View data").click();
      await expect(table).toBeVisible();
      const rows = table.locator("tbody tr");
      await expect(rows).toHaveCount(12);
      for (const month of await rows.locator("th").allTextContents()) expect(month).toMatch(MONTH);
    }
    await expect(page.getByRole("table", { name: "Customer revenue by month, incl. VAT" }).locator("tbody td").first()).toHaveText(/^£[\d,]+\.\d{2}$/);
  });

  test("Inventory Forecast: a product that is not urgent never reads as low, and its suggestion agrees with its band", async ({ page, login }) => {
    await login(ADMIN);
    await page.goto("/admin/inventory-forecast");
    const filters = page.getByRole("navigation", { name: "Filter by urgency" });
    await expect(filters.getByRole("link", { name: /^Not urgent \(\d+\)$/ })).toBeVisible();
    await expect(filters.getByRole("link", { name: /^Low\b/ })).toHaveCount(0);

    const rows = page.getByTestId("forecast-row");
    await expect(rows.first()).toBeVisible();
    const seen = new Set<string>();
    for (const row of await rows.all()) {
      const urgency = (await row.locator("td").last().textContent())!.trim();
      const suggestion = (await row.locator("td").nth(5).textContent())!.trim();
      seen.add(urgency);
      expect(urgency).not.toMatch(/^low\b/i);
      // a suggestion exactly when the band is worth a reorder
      if (urgency === "Not urgent") expect(suggestion).toBe("Not needed");
      if (suggestion !== "Not needed") expect(suggestion).toMatch(/^\d+ units?$/);
    }
    expect(seen.has("Critical")).toBe(true);

    await filters.getByRole("link", { name: /^Not urgent/ }).click();
    await expect(page).toHaveURL(/\?urgency=low$/);
    const calm = page.getByTestId("forecast-row");
    await expect(calm.first()).toBeVisible();
    // asked again until the list shows the filter's answer: with JavaScript the address bar can change a moment
    // before the page shows the new rows
    const shown = async (cells: string) => [...new Set((await calm.locator(cells).allTextContents()).map((text) => text.trim()))];
    await expect.poll(() => shown("td:nth-child(6)")).toEqual(["Not needed"]);
    await expect.poll(() => shown("td:last-child")).toEqual(["Not urgent"]);
  });

  test("Dashboard: each figure says its period, and recent orders name the business", async ({ page, login }) => {
    await login(ADMIN);
    await page.goto("/admin");
    const figures = page.locator("#main dl", { has: page.getByTestId("stat-period") });
    for (const [label, period] of [
      ["Sales", "Today"],
      ["Sales", "This month"],
      ["Total Revenue", "All time"],
      ["Pending Orders", "Now"],
    ]) {
      await expect(figures.locator("dt", { hasText: label }).filter({ hasText: period }).first(), `${label} ${period}`).toBeVisible();
    }
    // (each period is read after its label: a screen reader hears "Sales, Today")
    const periods = (await figures.getByTestId("stat-period").allTextContents()).map((text) => text.replace(/^,\s*/, ""));
    expect(periods.slice(0, 3)).toEqual(["Today", "This month", "All time"]);
    // money figures say their VAT basis
    await expect(figures.locator("dt", { hasText: "Total Revenue" }).locator("~ dd").last()).toContainText("incl. VAT");

    const recent = page.getByRole("table", { name: "The 10 most recent orders" });
    const customers = recent.locator("tbody tr td:nth-child(2)");
    await expect(customers).toHaveCount(10);
    // the business name leads each customer cell; the email follows in small print
    for (const cell of await customers.all()) {
      const [name, email] = await cell.locator("span").allTextContents();
      expect(name!.trim()).not.toContain("@");
      expect(email).toContain("@");
    }
    // the demo's busiest customers are businesses
    await expect(customers.filter({ hasText: /(Ltd|Café|Hotel|Bistro|Group|Services|Management|Homes|Barbers|Nursery|Centre|Deli)/ }).first()).toBeVisible();
  });

  test("VAT Returns: the header's actions in one row, and no column repeating box 5", async ({ page, login }) => {
    await login(ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/vat-returns");
    const assistant = await page.getByRole("link", { name: "AI Assistant" }).boundingBox();
    const generate = await page.getByRole("link", { name: "Generate Return" }).boundingBox();
    // side by side, on one line
    expect(Math.abs(assistant!.y - generate!.y)).toBeLessThan(2);
    expect(assistant!.x).toBeLessThan(generate!.x);

    const table = page.getByRole("table", { name: "VAT returns" });
    const headers = (await table.locator("thead th").allTextContents()).map((text) => text.trim().toLowerCase());
    expect(headers.filter((text) => text.includes("net vat"))).toEqual(["box 5 net vat"]);
    const row = page.getByTestId("vat-return-row").first();
    await expect(row).toBeVisible();
    // box 5's cell says which way the money goes
    await expect(row.locator("td").nth(3)).toContainText(/£[\d,]+\.\d{2}\s*(to pay HMRC|HMRC owes you)/);
  });

  test("a supplier sent away from an admin page is told 'Access Denied' in the supplier area", async ({ page, login }) => {
    await login(SUPPLIER);
    await page.goto("/admin/products");
    await expect(page).toHaveURL(/\/supplier$/);
    await expect(page.getByText("Access Denied").first()).toBeVisible();
    await expect(page.getByText("You do not have admin privileges.").first()).toBeVisible();
  });

  test("screenshots of Customer Insights, Inventory Forecast, VAT Returns and the dashboard at 1280 and 375 px", async ({ page, login, javaScriptEnabled }, testInfo) => {
    // the screens are drawn on the server: one set of pictures is enough
    test.skip(!javaScriptEnabled, "taken once, with JavaScript");
    await login(ADMIN);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ["customer-insights", "/admin/customer-insights"],
        ["inventory-forecast", "/admin/inventory-forecast"],
        ["vat-returns", "/admin/vat-returns"],
        ["dashboard", "/admin"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator("h1")).toBeVisible();
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      }
      // the charts close up, to read their labels at this width
      await page.goto("/admin/customer-insights");
      await page.getByRole("img", { name: /^Customer revenue by month/ }).screenshot({ path: testInfo.outputPath(`revenue-chart-${width}.png`) });
      await page.getByRole("img", { name: /^New and returning customers/ }).screenshot({ path: testInfo.outputPath(`customers-chart-${width}.png`) });
    }
  });
});
