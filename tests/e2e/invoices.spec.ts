import { BUYER, BUYER2, expect, JS_INDEPENDENT, signIn, test } from "./fixtures";

/**
 * The customer's invoices against the demo data: buyer@example.com has an invoice for each order that
 * was placed or approved (cancelled ones void), buyer2@example.com has their own.
 */

type ApiInvoice = { id: number; invoiceNumber: string; status: string; total: string; outstanding: string };

const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  partially_paid: "Partially Paid",
  overdue: "Overdue",
  unpaid: "Unpaid",
  void: "Void",
};
const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

test.describe("invoices", () => {
  test("lists the buyer's invoices with their status and downloads one as a PDF", async ({ page }) => {
    await signIn(page, BUYER);
    const api = await page.request.get("/api/invoices");
    expect(api.status()).toBe(200);
    const invoices: ApiInvoice[] = await api.json();
    expect(invoices.length).toBeGreaterThan(0);

    await page.goto("/account/invoices");
    await expect(page.getByRole("heading", { name: "Your Invoices", level: 1 })).toBeVisible();
    const rows = page.getByTestId("invoice-row");
    await expect(rows).toHaveCount(Math.min(20, invoices.length));

    // the first row is the newest invoice, as the API lists it
    const first = invoices[0];
    const firstRow = rows.first();
    await expect(firstRow.getByRole("rowheader")).toContainText(first.invoiceNumber);
    expect(first.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    await expect(firstRow).toContainText(STATUS_LABELS[first.status]);
    await expect(firstRow).toContainText(money.format(Number(first.total)));

    // every row names an invoice and a status in words
    const numbers = await rows.getByRole("rowheader").allTextContents();
    for (const text of numbers) expect(text).toMatch(/INV-\d{4}-\d{5}/);
    const statusPattern = new RegExp(Object.values(STATUS_LABELS).join("|"));
    for (const text of await rows.allTextContents()) expect(text).toMatch(statusPattern);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      firstRow.getByRole("link", { name: `Download PDF of invoice ${first.invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${first.invoiceNumber}.pdf`);
    const { readFile } = await import("node:fs/promises");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("another customer's invoice PDF is not found", JS_INDEPENDENT, async ({ page, browser }) => {
    await signIn(page, BUYER);
    const [mine] = (await (await page.request.get("/api/invoices")).json()) as ApiInvoice[];

    const context = await browser.newContext();
    const otherPage = await context.newPage();
    try {
      await signIn(otherPage, BUYER2);
      expect((await otherPage.request.get(`/api/invoices/${mine.id}/pdf`)).status()).toBe(404);
      expect((await otherPage.request.get(`/account/invoices/${mine.id}.pdf`)).status()).toBe(404);
      const own = (await (await otherPage.request.get("/api/invoices")).json()) as ApiInvoice[];
      expect(own.some((invoice) => invoice.id === mine.id)).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("signed-out visitors are sent to sign in", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/account/invoices");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Finvoices$/);
    expect((await page.request.get("/api/invoices")).status()).toBe(401);
  });
});
