import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, JS_INDEPENDENT } from "./fixtures";

function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title });
}

/** A UK calendar day `days` before today, as a date input takes it. */
function ukDay(daysAgo: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000));
}

test.describe("admin accounts", () => {
  test("add a financial account, see it in the list and delete it through the confirm step", async ({ page }, testInfo) => {
    const name = `Trade Counter Float ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const spare = `Spare Till ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    await signIn(page, ADMIN);
    await page.goto("/admin/accounts");
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await page.getByRole("navigation", { name: "Accounts sections" }).getByRole("link", { name: "Financial Accounts" }).click();
    await expect(page).toHaveURL(/\/admin\/accounts\?tab=financial-accounts$/);
    // the demo's accounts
    await expect(page.getByTestId("financial-account-row").filter({ hasText: "Business Current Account" })).toBeVisible();

    await page.getByRole("link", { name: "Add Account" }).click();
    await expect(page.getByLabel("Balance (£)")).toHaveValue("0.00");
    await page.getByLabel("Account Name").fill(name);
    await page.getByLabel("Account Type").selectOption("cash");
    await page.getByLabel("Balance (£)").fill("125.50");
    await page.getByRole("button", { name: "Create", exact: true }).click();

    await expect(toast(page, "Account created")).toBeVisible();
    const row = page.getByTestId("financial-account-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "Cash", exact: true })).toBeVisible();
    await expect(row.getByText("£125.50")).toBeVisible();

    await expect(row.getByRole("link", { name: /^Ledger 12\d\d$/ })).toBeVisible();

    // its opening balance is in the ledger (against Capital), so it is kept
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(/[?&]delete=\d+/);
    await expect(page.getByText(/This account has 1 entry in the ledger: it cannot be deleted/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

    // an account opened at nothing has no entries and can go
    await page.goto("/admin/accounts?tab=financial-accounts");
    await page.getByRole("link", { name: "Add Account" }).click();
    await page.getByLabel("Account Name").fill(spare);
    await page.getByLabel("Account Type").selectOption("cash");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page, "Account created")).toBeVisible();
    const spareRow = page.getByTestId("financial-account-row").filter({ hasText: spare });
    await spareRow.getByRole("link", { name: `Delete ${spare}` }).click();
    await expect(page.getByText("Are you sure you want to delete this account?")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Account deleted")).toBeVisible();
    await expect(spareRow).toHaveCount(0);
  });

  test("an account that payments name is kept", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/accounts?tab=financial-accounts");
    const bank = page.getByTestId("financial-account-row").filter({ hasText: "Business Current Account" });
    await bank.getByRole("link", { name: "Delete Business Current Account" }).click();
    await expect(page.getByText(/This account cannot be deleted: [\d,]+ payments name it\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  });

  test("switch the profit and loss period and follow a transaction to its invoice", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/accounts");
    const summary = page.getByRole("definition").first();
    await expect(summary).toBeVisible();
    await expect(page.getByTestId("period-label")).toHaveText(/^This month · /);
    await expect(page.getByRole("rowheader", { name: "Total Revenue" })).toBeVisible();

    await page.getByRole("link", { name: "Last month", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/accounts\?period=last-month$/);
    await expect(page.getByTestId("period-label")).toHaveText(/^Last month · /);
    await expect(page.getByRole("rowheader", { name: "Gross Profit" })).toBeVisible();

    // a custom range of the last sixty days: the demo's customers paid invoices in it
    await page.getByLabel("From", { exact: true }).fill(ukDay(60));
    await page.getByLabel("To", { exact: true }).fill(ukDay(0));
    await page.getByRole("button", { name: "Show range" }).click();
    await expect(page).toHaveURL(/period=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId("period-label")).toHaveText(/^Custom range · /);

    await page.getByRole("navigation", { name: "Accounts sections" }).getByRole("link", { name: "Transactions" }).click();
    await expect(page).toHaveURL(/tab=transactions&period=custom/);
    const first = page.getByTestId("transaction-row").first();
    await expect(first.getByText(/^Money (in|out)$/)).toBeVisible();
    // the newest customer payment (a test beside this one may just have paid a supplier)
    const invoice = page
      .getByTestId("transaction-row")
      .filter({ hasText: "Money in" })
      .first()
      .getByRole("link", { name: /^INV-\d{4}-\d{5}$/ });
    const number = (await invoice.textContent())!;
    await invoice.click();
    await expect(page).toHaveURL(/\/admin\/sales-invoices\?view=\d+/);
    await expect(page.getByText(number).first()).toBeVisible();
  });

  test("the balance sheet shows that assets equal liabilities plus equity", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/accounts?tab=balance-sheet");
    await expect(page.getByRole("heading", { name: /^Balance Sheet at / })).toBeVisible();
    const check = page.getByTestId("balance-check");
    await expect(check).toHaveText(/^Assets -?£[\d,]+\.\d{2} = Liabilities -?£[\d,]+\.\d{2} \+ Equity -?£[\d,]+\.\d{2}$/);
    const [assets, liabilities, equity] = ((await check.textContent()) ?? "").match(/-?£[\d,]+\.\d{2}/g)!.map((text) =>
      Math.round(Number(text.replace(/[£,]/g, "")) * 100),
    );
    expect(assets).toBe(liabilities + equity);
    // read from the ledger: debtors among the assets, VAT among the liabilities, equity in its three parts
    await expect(page.getByRole("rowheader", { name: /^1100 Trade debtors/ })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /^2200 VAT on sales/ })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /^Retained earnings/ })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /^Profit this year/ })).toBeVisible();
  });
});
