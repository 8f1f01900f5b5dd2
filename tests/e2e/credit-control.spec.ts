import { readFile } from "node:fs/promises";
import { ADMIN, BUYER, expect, JS_INDEPENDENT, signIn, test, type Account } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * Credit control, JavaScript on and off: the demo buyer (their company's admin) sees what the business owes and
 * downloads a statement; a viewer is told who can; an accounts user opens Aged Debtors, sets a company's terms
 * and limit, and emails its statement. Screenshots of the new screens at 1280 and 375 px go to
 * test-results/credit-control/.
 */
const ACCOUNTS: Account = { email: "accounts@example.com", password: "staff-demo" };
const VIEWER: Account = { email: "buyer.viewer@example.com", password: "buyer-demo" };
const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

async function screenshots(page: import("@playwright/test").Page, name: string) {
  const project = test.info().project.name;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/credit-control/${project}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * On a 375 px phone each row of a table is a card of "label: value" lines: the cell's label is its column's
 * heading, drawn before it, and neither the page nor the table's own box scrolls sideways.
 */
async function expectStackedRows(page: import("@playwright/test").Page, table: import("@playwright/test").Locator, labels: string[]) {
  const firstRow = table.locator("tbody > tr").first();
  await expect(firstRow).toBeVisible();
  const shown = await firstRow.evaluate((row) =>
    [...row.children].map((cell) => getComputedStyle(cell, "::before").content.replace(/\s*\/\s*""$/, "").replace(/^"|"$/g, "")),
  );
  expect(shown.slice(0, labels.length)).toEqual(labels);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
  expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
}

test.describe("credit control", () => {
  test("the buyer sees the account's balance and downloads a statement", async ({ page }) => {
    await signIn(page, BUYER);
    const balance = await (await page.request.get("/api/account/balance")).json();
    expect(balance.balance).toMatch(/^\d+\.\d{2}$/);

    await page.goto("/account");
    await page.getByRole("link", { name: /Account Balance/ }).click();
    await expect(page).toHaveURL(/\/account\/balance$/);
    await expect(page.getByRole("heading", { name: "Account Balance", level: 1 })).toBeVisible();
    const figures = page.getByTestId("credit-figures");
    await expect(figures).toContainText(money.format(Number(balance.balance)));
    await expect(figures).toContainText(balance.creditLimit === null ? "No limit" : money.format(Number(balance.creditLimit)));
    await expect(page.getByTestId("bank-details")).toContainText("Sort code");
    await screenshots(page, "account-balance");

    // last month's statement, by its date (a GET form: the same with and without JavaScript)
    const lastMonthEnd = new Date();
    lastMonthEnd.setUTCDate(0);
    const date = lastMonthEnd.toISOString().slice(0, 10);
    await page.getByLabel("Statement date", { exact: true }).fill(date);
    await page.getByRole("button", { name: "Show statement" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/balance\\?date=${date}$`));
    const statement = await (await page.request.get(`/api/account/statement?date=${date}`)).json();
    await expect(page.getByTestId("closing-balance")).toHaveText(money.format(Number(statement.closingBalance)));

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download statement (PDF)" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-ACC-\\d{5}-${date}\\.pdf$`));
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("a viewer of the company is sent to their account, told what a viewer may do", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, VIEWER);
    await page.goto("/account/balance");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Not for your role").first()).toBeVisible();
    expect((await page.request.get("/api/account/balance")).status()).toBe(403);
  });

  test("an accounts user opens Aged Debtors, sets a company's terms and limit and emails its statement", async ({ page, request, customer }) => {
    // a customer of its own with one invoice, so nothing else changes its figures
    expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
    await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 2 }]);
    const owed = await (await request.get("/api/account/balance")).json();
    expect(Number(owed.balance)).toBeGreaterThan(0);

    await signIn(page, ACCOUNTS);
    await page.goto("/admin/sales-invoices");
    await page.getByRole("link", { name: "Aged Debtors" }).first().click();
    await expect(page.getByRole("heading", { name: "Aged Debtors", level: 1 })).toBeVisible();
    await expect(page.getByTestId("aged-totals")).toContainText("Total");
    await screenshots(page, "aged-debtors");

    await page.goto(`/admin/aged-debtors/${owed.companyId}`);
    await expect(page.getByRole("heading", { name: owed.companyName, level: 1 })).toBeVisible();
    await page.getByLabel("Payment terms").selectOption("net14");
    await page.getByLabel("Credit limit (£, inc VAT)").fill("5,000");
    await page.getByRole("button", { name: "Save terms and limit" }).click();
    await expect(page.getByText("Credit terms saved").first()).toBeVisible();
    await expect(page.getByTestId("credit-figures")).toContainText("£5,000.00");
    await expect(page.getByTestId("credit-figures")).toContainText(money.format(5000 - Number(owed.balance)));
    await screenshots(page, "aged-debtors-company");

    await page.getByRole("button", { name: "Email the statement" }).click();
    await expect(page.getByText("Statement sent").first()).toBeVisible();
    await expect(page.getByText(new RegExp(`sent to ${customer.email.replace(/[.]/g, "\\.")}`)).first()).toBeVisible();

    // the buyer's API now says the same
    const after = await (await request.get("/api/account/balance")).json();
    expect(after).toMatchObject({ creditLimit: "5000.00", paymentTerms: "net14" });
  });

  test("accounts see the reminders that would go today before anything is sent", async ({ page }) => {
    await signIn(page, ACCOUNTS);
    const run = await (await page.request.get("/api/admin/credit-reminders")).json();
    await page.goto("/admin/aged-debtors");
    await page.getByRole("link", { name: "Payment reminders" }).click();
    await expect(page.getByRole("heading", { name: "Payment Reminders", level: 1 })).toBeVisible();
    await expect(page.getByTestId("due-reminder")).toHaveCount(run.due.length);
    if (run.due.length > 0) await expect(page.getByTestId("due-reminders")).toContainText(run.due[0].invoiceNumber);
    await expect(page.getByText(run.enabled ? "Reminders are on" : "Reminders are off")).toBeVisible();
    await expect(page.getByLabel("Days after due").first()).toHaveValue(String(run.levels[0].days));
    await screenshots(page, "credit-reminders");
  });

  test("on a phone the credit control and aged debtors tables stack into labelled rows, with no sideways scroll", async ({ page }) => {
    await signIn(page, ACCOUNTS);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/credit-control");
    const reminders = page.getByTestId("reminders-due");
    await expect(reminders.locator("tbody > tr")).not.toHaveCount(0);
    await expectStackedRows(page, reminders, ["Invoice", "Company", "Due", "Reminder", "Outstanding (inc VAT)"]);

    await page.goto("/admin/aged-debtors");
    const aged = page.getByRole("table", { name: /^Aged debtors at / });
    await expectStackedRows(page, aged, ["Company", "Current", "1–30 days", "31–60 days", "61–90 days", "Over 90 days", "Total"]);
    // the totals row stacks too, labelled by the same headings
    await expect(page.getByTestId("aged-totals")).toBeVisible();
    expect(await page.getByTestId("aged-totals").locator("td").last().evaluate((cell) => getComputedStyle(cell, "::before").content)).toContain("Total");

    const href = await page.getByTestId("aged-company").getByRole("link").first().getAttribute("href");
    await page.goto(href!);
    await expectStackedRows(page, page.getByTestId("open-invoices"), ["Invoice", "Issued", "Due", "Age", "Outstanding"]);
    await expect(page.getByTestId("opening-balance")).toBeVisible();
    expect(await page.getByTestId("opening-balance").evaluate((cell) => getComputedStyle(cell, "::before").content)).toContain("Balance");

    // at 1280 px the same screen is still a table with its headings on show
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/credit-control");
    await expect(reminders.getByRole("columnheader", { name: "Reminder" })).toBeVisible();
    expect(await reminders.evaluate((table) => getComputedStyle(table).display)).toBe("table");
  });

  test("the Company screen shows the terms and limit with their form to a full admin", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, ADMIN);
    // found by search: other tests add companies before it on the first page
    await page.goto("/admin/companies?search=Hartley");
    await page.getByRole("link", { name: "Hartley's Café & Deli Ltd" }).first().click();
    await expect(page.getByRole("heading", { name: "Credit" })).toBeVisible();
    await expect(page.getByTestId("credit-figures")).toContainText("Balance owed");
    await expect(page.getByLabel("Payment terms")).toBeVisible();
    await screenshots(page, "company-credit");
  });
});
