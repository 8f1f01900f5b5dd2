import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures";

function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title });
}

test.describe("the ledger", () => {
  test("the trial balance's debits equal its credits, and a code opens that account's ledger", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/ledger");
    await expect(page.getByRole("heading", { level: 1, name: "Ledger" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Ledger", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("trial-balance-check")).toHaveText(/^Debits equal credits: £[\d,]+\.\d{2} each\.$/);
    const debits = await page.getByTestId("total-debit").textContent();
    expect(debits).toMatch(/^£[\d,]+\.\d{2}$/);
    await expect(page.getByTestId("total-credit")).toHaveText(debits!);

    // the first account on it opens its ledger for this month
    const row = page.getByTestId("trial-balance-row").first();
    const code = (await row.getByRole("link").textContent())!.slice(0, 4);
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/ledger/accounts/${code}\\?from=\\d{4}-\\d{2}-01&to=\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${code} `) })).toBeVisible();
    await expect(page.getByTestId("ledger-opening")).toContainText("Balance brought forward");
    const closing = page.getByTestId("ledger-closing");
    await expect(closing).toContainText("Closing balance");

    // its ledger closes on the balance the trial balance shows, in the account's natural sign (negative only when
    // abnormal). Other tests post to the same books today, so the pair is read as at yesterday, and again should
    // anything back-dated land between the two pages.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await expect(async () => {
      await page.goto(`/admin/ledger?date=${yesterday}`);
      const sameRow = page.getByTestId("trial-balance-row").filter({ has: page.getByRole("link", { name: new RegExp(`^${code}`) }) });
      const amounts = (await sameRow.getByRole("cell").allTextContents()).slice(3).filter(Boolean);
      expect(amounts).toHaveLength(1);
      await sameRow.getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${code} `) })).toBeVisible();
      const figure = amounts[0]!.replace(/[.$]/g, "\\$&");
      await expect(closing.getByRole("cell").last()).toHaveText(new RegExp(`^-?${figure}$`), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  test("posts capital introduced, then reverses it through the confirm step", async ({ page }, testInfo) => {
    const note = `E2E ${testInfo.project.name} ${randomUUID().slice(0, 8)}`;
    await signIn(page, ADMIN);
    await page.goto("/admin/ledger/journals/new");
    await expect(page.getByRole("heading", { level: 1, name: "New journal" })).toBeVisible();
    await page.getByLabel("Amount (£)").fill("12.34");
    await page.getByLabel("Note").fill(note);
    await page.getByRole("button", { name: "Post capital" }).click();

    await expect(toast(page, "Capital introduced posted")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/ledger\/journals\/\d+$/);
    const heading = page.getByRole("heading", { level: 1, name: /^Journal JNL-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace("Journal ", "");
    await expect(page.getByText(`Capital introduced: ${note}`).first()).toBeVisible();
    const capital = page.getByRole("row").filter({ hasText: "Capital" }).filter({ has: page.getByRole("link", { name: "3000" }) });
    await expect(capital.getByRole("cell").nth(3)).toHaveText("£12.34");

    await page.getByRole("link", { name: "Reverse", exact: true }).click();
    await expect(page).toHaveURL(/\?confirm=reverse$/);
    await expect(page.getByText(/This posts a new journal dated today/)).toBeVisible();
    await page.getByRole("button", { name: "Reverse", exact: true }).click();
    await expect(toast(page, "Journal reversed")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Journal JNL-\d{6}$/ })).not.toHaveText(`Journal ${number}`);
    await expect(page.getByText(`Reversal of ${number}: Capital introduced: ${note}`).first()).toBeVisible();
    await page.getByRole("link", { name: number }).first().click();
    await expect(page.getByTestId("not-reversible")).toContainText("has already been reversed by");
    await expect(page.getByRole("link", { name: "Reverse", exact: true })).toHaveCount(0);
  });
});
