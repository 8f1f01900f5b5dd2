import fs from "node:fs";
import { ADMIN, expect, signIn, test } from "./fixtures";

/**
 * The back office's VAT returns against the shared e2e database. A month has one return, and both projects run
 * side by side, so each takes months of its own (js the odd ones from three months back, no-js the even ones)
 * and the first of those without a return: the seed files only the month before last.
 */
const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const monthLabel = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function monthsBack(count: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1));
  return date.toISOString().slice(0, 7);
}

test.describe("VAT returns", () => {
  test.describe.configure({ timeout: 90_000 });

  test("generate a month's return, open the lines behind box 1, file it and download its CSV", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    const taken = new Set(((await (await page.request.get("/api/admin/vat-returns")).json()) as { quarter: string }[]).map((row) => row.quarter));
    const first = testInfo.project.name === "js" ? 3 : 4;
    const month = [0, 2, 4, 6, 8, 10].map((step) => monthsBack(first + step)).find((candidate) => !taken.has(candidate))!;
    const label = monthLabel(month);

    await page.goto("/admin/vat-returns");
    await expect(page.getByRole("heading", { level: 1, name: "VAT Returns" })).toBeVisible();
    await expect(page.getByTestId("compliance-tips").getByRole("link", { name: /VAT record keeping \(gov\.uk\)/ })).toHaveAttribute(
      "href",
      "https://www.gov.uk/vat-record-keeping/how-long-to-keep-vat-records",
    );
    await page.getByRole("link", { name: "Generate Return" }).click();
    const period = page.getByLabel("Period");
    // the current calendar month is chosen at first
    await expect(period).toHaveValue(monthsBack(0));
    await period.selectOption(month);
    await page.getByRole("button", { name: "Generate Return" }).click();

    await expect(page.getByRole("heading", { level: 1, name: `VAT return ${label}` })).toBeVisible();
    await expect(page.getByText("VAT Return generated").first()).toBeVisible();
    const id = new URL(page.url()).searchParams.get("view")!;
    const stored = await (await page.request.get(`/api/admin/vat-returns/${id}`)).json();
    await expect(page.getByTestId("box-1").getByTestId("box-value")).toHaveText(gbp.format(Number(stored.box1VatDue)));
    await expect(page.getByTestId("box-5").getByTestId("box-value")).toHaveText(gbp.format(Number(stored.box5NetVat)));
    expect(stored.counted.salesInvoices.count).toBeGreaterThan(0);

    await page.getByRole("link", { name: "Show lines behind box 1" }).click();
    const lines = page.getByTestId("box-lines");
    await expect(lines.getByRole("heading", { name: "Sales behind boxes 1 and 6" })).toBeVisible();
    await expect(lines.getByTestId("box-line").first()).toBeVisible();
    await expect(lines.getByTestId("box-line").first().getByRole("link")).toHaveAttribute("href", /^\/admin\/sales-invoices\?view=\d+$/);

    await page.getByRole("link", { name: "Mark as filed" }).click();
    await expect(page.getByText(`File the VAT return for ${label}?`)).toBeVisible();
    await page.getByRole("button", { name: "Mark as filed" }).click();
    await expect(page.getByText("VAT Return filed").first()).toBeVisible();
    await expect(page.getByTestId("return-status")).toContainText("this return can no longer change");
    await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Mark as filed" })).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`vat-return-${month}.csv`);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv).toContain(`VAT return,${label}`);
    expect(csv).toContain(`1,VAT due on sales and other outputs,${stored.box1VatDue}`);
    expect(csv).toMatch(/^Sales invoice,"1, 6",INV-/m);

    await page.goto("/admin/vat-returns");
    const row = page.locator(`[data-testid="vat-return-row"][data-period="${month}"]`);
    await expect(row).toContainText(label);
    await expect(row).toContainText("Paid");
  });

  test("enter a period key on a return and download its Making Tax Digital JSON and bridging CSV", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    // a month of this project's own (see above), generated through the API: the screen's Generate is tested above
    const taken = new Set(((await (await page.request.get("/api/admin/vat-returns")).json()) as { quarter: string }[]).map((row) => row.quarter));
    const first = testInfo.project.name === "js" ? 3 : 4;
    const month = [0, 2, 4, 6, 8, 10, 12, 14].map((step) => monthsBack(first + step)).find((candidate) => !taken.has(candidate))!;
    const generated = await page.request.post("/api/admin/vat-returns/generate", {
      data: { periodStart: `${month}-01`, periodEnd: new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10) },
    });
    expect(generated.status()).toBe(201);
    const { vatReturn } = (await generated.json()) as { vatReturn: { id: number; box1VatDue: string; box5NetVat: string; box6TotalSales: string; box7TotalPurchases: string } };
    // a key of the month's own, typed in lower case: "26eh" for August 2026
    const typedKey = `${month.slice(2, 4)}e${"abcdefghijkl"[Number(month.slice(5, 7)) - 1]}`;
    const periodKey = typedKey.toUpperCase();

    await page.goto(`/admin/vat-returns?view=${vatReturn.id}`);
    const panel = page.getByTestId("mtd-panel");
    await expect(panel.getByRole("note")).toContainText("Sending this return to HMRC from here is not available yet");
    // the demo company's VAT number (GB123456789) is offered as 9 digits
    await expect(panel.getByLabel("VAT registration number")).toHaveValue("123456789");
    await expect(page.getByRole("link", { name: "Download MTD JSON" })).toHaveCount(0);
    await expect(page.getByTestId("mtd-downloads")).toContainText("The MTD JSON can be downloaded once the VAT registration number and the period key are saved.");

    await panel.getByLabel("Period key").fill("26K");
    await panel.getByRole("button", { name: "Save details" }).click();
    await expect(panel.getByText("Enter the period key HMRC gives for this return (4 characters, e.g. 26K1)")).toBeVisible();

    await panel.getByLabel("Period key").fill(typedKey);
    await panel.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Making Tax Digital details saved").first()).toBeVisible();
    await expect(page.getByTestId("mtd-panel").getByLabel("Period key")).toHaveValue(periodKey);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download MTD JSON" }).click()]);
    expect(download.suggestedFilename()).toBe(`vat-return-${month}-mtd-123456789.json`);
    const body = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(Object.keys(body)).toEqual([
      "periodKey",
      "vatDueSales",
      "vatDueAcquisitions",
      "totalVatDue",
      "vatReclaimedCurrPeriod",
      "netVatDue",
      "totalValueSalesExVAT",
      "totalValuePurchasesExVAT",
      "totalValueGoodsSuppliedExVAT",
      "totalAcquisitionsExVAT",
      "finalised",
    ]);
    expect(body).toMatchObject({
      periodKey,
      vatDueSales: Number(vatReturn.box1VatDue),
      vatDueAcquisitions: 0,
      totalVatDue: Number(vatReturn.box1VatDue),
      netVatDue: Math.abs(Number(vatReturn.box5NetVat)),
      totalValueSalesExVAT: Number(vatReturn.box6TotalSales),
      totalValuePurchasesExVAT: Number(vatReturn.box7TotalPurchases),
      finalised: true,
    });
    expect(Number.isInteger(body.totalValueSalesExVAT)).toBe(true);
    const viaApi = await page.request.get(`/api/admin/vat-returns/${vatReturn.id}/mtd-body`);
    expect(await viaApi.json()).toEqual(body);

    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download bridging CSV" }).click()]);
    const csv = fs.readFileSync((await csvDownload.path())!, "utf8").trim().split("\n");
    expect(csv[0]).toBe("Box,Description,Value");
    expect(csv[1]).toBe(`1,VAT due on sales and other outputs,${vatReturn.box1VatDue}`);
    expect(csv).toHaveLength(10);
  });

  test("record a payment to HMRC on the filed return out of the bank account", async ({ page }, testInfo) => {
    // the projects run side by side on one database: each counts only its own payments
    const reference = `HMRC VAT e2e ${testInfo.project.name}`;
    type Payment = { amount: string; financialAccountName: string; reference: string | null };
    const ours = async (id: number) =>
      ((await (await page.request.get(`/api/admin/vat-returns/${id}/payments`)).json()) as Payment[]).filter((payment) => payment.reference === reference);
    await signIn(page, ADMIN);
    const returns = (await (await page.request.get("/api/admin/vat-returns")).json()) as { id: number; isFiled: boolean; box5NetVat: string; periodLabel: string }[];
    // the seed files the month before last, with VAT to pay; both projects pay £1.00 of it
    const filed = returns.find((row) => row.isFiled && Number(row.box5NetVat) > 2)!;
    const before = await ours(filed.id);

    await page.goto(`/admin/vat-returns?view=${filed.id}`);
    const panel = page.getByTestId("hmrc-payment");
    await expect(page.getByRole("heading", { name: "Payment to HMRC" })).toBeVisible();
    await expect(panel).toContainText(`Owed to HMRC for ${filed.periodLabel}: ${gbp.format(Number(filed.box5NetVat))}`);
    await panel.getByLabel("Amount (£)").fill("1.00");
    await panel.getByLabel("Paid from").selectOption({ label: "Business Current Account" });
    await panel.getByLabel("Reference").fill(reference);
    await panel.getByRole("button", { name: "Record payment to HMRC" }).click();

    await expect(page.getByText("Payment to HMRC recorded").first()).toBeVisible();
    await expect(panel.getByRole("row").filter({ hasText: reference }).first()).toContainText("£1.00");
    const after = await ours(filed.id);
    expect(after.length).toBe(before.length + 1);
    expect(after.every((payment) => payment.amount === "1.00" && payment.financialAccountName === "Business Current Account")).toBe(true);

    // a bad amount is refused on its field and nothing is written
    await panel.getByLabel("Amount (£)").fill("0");
    await panel.getByRole("button", { name: "Record payment to HMRC" }).click();
    await expect(panel.getByText(/Amount must be greater than 0 and not exceed £/)).toBeVisible();
    expect((await ours(filed.id)).length).toBe(after.length);
  });

  test("ask the assistant a rule question and a figures question", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/vat-returns");
    await page.getByRole("link", { name: "AI Assistant" }).click();
    const question = page.getByLabel("Your question");
    await question.fill("What is the VAT registration threshold?");
    await page.getByRole("button", { name: "Ask" }).click();
    const answer = page.getByTestId("assistant-answer");
    await expect(answer).toContainText("£90,000");
    await expect(answer.getByRole("link", { name: "Register for VAT: when to register (gov.uk)" })).toHaveAttribute(
      "href",
      "https://www.gov.uk/vat-registration/when-to-register",
    );

    // the seed files the return of the month before last
    const month = monthsBack(2);
    const label = monthLabel(month);
    const filed = ((await (await page.request.get("/api/admin/vat-returns")).json()) as { quarter: string; box5NetVat: string }[]).find((row) => row.quarter === month)!;
    await page.getByLabel("Your question").fill(`How much VAT do I owe for ${label}?`);
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(answer).toContainText(`For ${label} your net VAT is ${gbp.format(Math.abs(Number(filed.box5NetVat)))}`);
    await expect(answer).toContainText(`The return for ${label} was filed on`);
    await expect(answer.getByRole("link", { name: `VAT return for ${label}` })).toBeVisible();
  });
});
