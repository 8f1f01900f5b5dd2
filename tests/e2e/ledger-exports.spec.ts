import fs from "node:fs";
import { ADMIN, expect, JS_INDEPENDENT, signIn, test } from "./fixtures";

/** A UK calendar day `daysAgo` days before today, as a date input takes it. */
function ukDay(daysAgo: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000));
}

test.describe("accountant's exports", () => {
  test("choose a year's period and download every journal line as a CSV", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/ledger/exports");
    await expect(page.getByRole("heading", { level: 1, name: "Accountant's exports" })).toBeVisible();
    await expect(page.getByText("Amounts inc VAT", { exact: false }).first()).toBeVisible();

    // the demo's books over the last year (the default is last month, which may hold nothing)
    const from = ukDay(365);
    const to = ukDay(0);
    const period = page.getByRole("region", { name: "Period" });
    await period.getByLabel("From").fill(from);
    await period.getByLabel("To").fill(to);
    await period.getByRole("button", { name: "Show period" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    await expect(page.getByTestId("period-summary")).toContainText(/^[1-9]\d* journals?, [1-9]\d* lines?/);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Every journal line (CSV)" }).click()]);
    expect(download.suggestedFilename()).toBe(`journals-lines-${from}-to-${to}.csv`);
    const [header, ...rows] = fs.readFileSync((await download.path())!, "utf8").trim().split(/\r?\n/);
    expect(header).toBe("Journal ID,Date,Description,Source type,Source ID,Account code,Account name,Debit,Credit");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatch(/^\d+,\d{4}-\d{2}-\d{2},/);
  });

  test("a date that cannot be read is said on the screen, and the aged tables show today", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/ledger/exports?date=2026-02-30");
    await expect(page.getByRole("region", { name: "Aged balances date" }).getByRole("alert")).toContainText("Enter the date as YYYY-MM-DD. Showing today instead.");
    await expect(page.getByRole("heading", { name: /^Aged debtors at / })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download aged creditors CSV" })).toHaveAttribute("href", /side=creditors&date=\d{4}-\d{2}-\d{2}$/);
  });
});
