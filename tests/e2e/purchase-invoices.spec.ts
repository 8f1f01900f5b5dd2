import { randomUUID } from "node:crypto";
import { ADMIN, expect, loginAs, signIn, SUPPLIER, test } from "./fixtures";
import { ORDERABLE } from "./orders";

/**
 * Purchase invoices against the shared e2e database: each run records an invoice of its own number from the
 * demo supplier (supplier@example.com, Northern Catering Supplies Ltd), pays it in two parts, then signs in
 * as that supplier and finds it, and one of their purchase orders, in the supplier area.
 */
test.describe("purchase invoices", () => {
  test.describe.configure({ timeout: 90_000 });

  test("record a supplier's invoice, pay it in two parts, and the supplier sees it in their area", async ({ page }, testInfo) => {
    const invoiceNumber = `NCS-${testInfo.project.name}-${randomUUID().slice(0, 6)}`.toUpperCase();
    await signIn(page, ADMIN);
    await page.goto("/admin/purchase-invoices");
    await expect(page.getByRole("heading", { name: "Purchase Invoices", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await expect(page).toHaveURL(/dialog=new/);

    // only supplier accounts are offered; narrow the products to the one on the invoice
    await page.getByLabel("Find a product").fill("Cola 330ml");
    await page.getByRole("button", { name: "Find" }).nth(1).click();
    await expect(page).toHaveURL(/product=Cola/);
    await page.locator("#create-supplier").selectOption({ label: "Northern Catering Supplies Ltd · supplier@example.com" });
    await page.getByLabel("Invoice Number").fill(invoiceNumber);
    const cola = await page.locator("#line-0-product option", { hasText: ORDERABLE.cola.name }).getAttribute("value");
    await page.locator("#line-0-product").selectOption(cola!);
    if (testInfo.project.name === "js") {
      // the product's own name, cost price and VAT rate show locked in the row
      await expect(page.locator("#line-0-description")).toHaveValue(ORDERABLE.cola.name);
      await expect(page.locator("#line-0-description")).toBeDisabled();
      await expect(page.locator("#line-0-vat")).toHaveValue("20");
    }
    await page.locator("#line-0-quantity").fill("2");
    await page.locator("#line-1-description").fill("Pallet charge");
    await page.locator("#line-1-quantity").fill("1");
    await page.locator("#line-1-price").fill("12.50");
    await page.locator("#line-1-vat").fill("20");
    await page.getByRole("button", { name: "Create Invoice" }).click();

    await expect(page.getByText("Invoice created").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: `Purchase invoice ${invoiceNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("supplier-block")).toContainText("Northern Catering Supplies Ltd");
    await expect(page.getByRole("cell", { name: ORDERABLE.cola.name })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Pallet charge" })).toBeVisible();
    await expect(page.getByText("Unpaid").first()).toBeVisible();
    const total = (await page.getByTestId("outstanding").textContent())!.trim();
    const totalPence = Math.round(Number(total.replace(/[£,]/g, "")) * 100);
    expect(totalPence).toBeGreaterThan(1500);

    // first part: £10.00 from the bank account, the method typed as the placeholder lists it
    await page.getByRole("link", { name: "Record Payment" }).click();
    await expect(page).toHaveURL(/pay=\d+/);
    await page.getByLabel("Amount (£)").fill("10.00");
    await expect(page.getByLabel("Payment Method")).toHaveAttribute("placeholder", "bank_transfer, cash, credit");
    await page.getByLabel("Payment Method").fill("bank_transfer");
    await page.getByLabel("Reference").fill(`BACS ${invoiceNumber}`);
    await page.getByLabel("Paid from account").selectOption({ label: "Business Current Account" });
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment recorded").first()).toBeVisible();
    await expect(page.getByTestId("amount-paid")).toHaveText("£10.00");
    await expect(page.getByText("Partially Paid").first()).toBeVisible();

    // second part: the rest (the amount starts at what is owed), which leaves it paid
    await page.getByRole("link", { name: "Record Payment" }).click();
    await expect(page.getByLabel("Amount (£)")).toHaveValue(((totalPence - 1000) / 100).toFixed(2));
    await page.getByLabel("Payment Method").fill("cash");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText("Payment recorded").first()).toBeVisible();
    await expect(page.getByTestId("outstanding")).toHaveText("£0.00");
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("payment-row")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Record Payment" })).toHaveCount(0);

    // the supplier signs in on a phone and lands on their own area, which fits the screen
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await loginAs(page, SUPPLIER.email, SUPPLIER.password, { expectPath: "/supplier" });
    await expect(page.getByTestId("supplier-name")).toContainText("Northern Catering Supplies Ltd");
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
    expect(await fitsTheScreen()).toBe(true);
    const card = page.getByTestId("supplier-invoice").filter({ hasText: invoiceNumber });
    await expect(card).toContainText("Paid");
    await card.getByRole("link", { name: invoiceNumber }).click();
    await expect(page.getByRole("heading", { name: `Invoice ${invoiceNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("document-line")).toHaveCount(2);
    await expect(page.getByTestId("supplier-payment")).toHaveCount(2);
    await expect(page.getByTestId("total-outstanding")).toHaveText("£0.00");
    expect(await fitsTheScreen()).toBe(true);
    const pdf = await page.request.get(page.url().replace(/\/?$/, ".pdf"));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // one of their purchase orders, with its lines
    await page.getByRole("link", { name: "← Your orders and invoices" }).click();
    const order = page.getByTestId("supplier-po").first();
    const orderNumber = (await order.getByRole("link").textContent())!.trim();
    await order.getByRole("link").click();
    await expect(page.getByRole("heading", { name: `Purchase order ${orderNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("document-line").first()).toBeVisible();

    // and the storefront's customer pages send them back to it
    await page.goto("/cart");
    await expect(page).toHaveURL(/\/supplier$/);
  });
});
