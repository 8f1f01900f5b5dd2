import { ADMIN, expect, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * The outbox (no SMTP server in the e2e run): an invoice is emailed from the back office, then read in the
 * outbox on its own page and its PDF downloaded. The order's confirmation is there too, to the account.
 */
test.describe("admin outbox", () => {
  test("an emailed invoice is listed, read and its PDF downloaded", async ({ page, request, customer, login }) => {
    expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
    const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);

    await login(ADMIN);
    await page.goto(`/admin/sales-invoices?q=${order.orderNumber}`);
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    const invoiceNumber = (await row.getByRole("rowheader").getByRole("link").textContent())!.trim();
    await row.getByRole("link", { name: `View invoice ${invoiceNumber}` }).click();
    await page.getByRole("button", { name: "Send Email" }).click();
    await expect(page.getByText("Invoice sent via email successfully").first()).toBeVisible();

    // the sidebar leads to the System page, which leads to the outbox
    await page.goto("/admin");
    await page.getByRole("link", { name: "System", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "System", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Outbox", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();

    const confirmation = page.getByTestId("outbox-mail").filter({ hasText: `Order ${order.orderNumber} confirmed` });
    await expect(confirmation).toContainText(customer.email);
    const mail = page.getByTestId("outbox-mail").filter({ hasText: invoiceNumber });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText(customer.email);
    await expect(mail).toContainText(`${invoiceNumber}.pdf`);

    await mail.getByRole("link", { name: new RegExp(`Invoice ${invoiceNumber}`) }).click();
    await expect(page).toHaveURL(/\/admin\/outbox\/\d{8}T\d{9}Z-[0-9a-f]{8}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Invoice ${invoiceNumber}`);
    await expect(page.getByTestId("mail-text")).toContainText(invoiceNumber);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download ${invoiceNumber}.pdf` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const href = await page.getByRole("link", { name: `Download ${invoiceNumber}.pdf` }).getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });
});
