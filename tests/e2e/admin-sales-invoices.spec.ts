import { ADMIN, expect, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/**
 * The back office's sales invoices against the shared e2e database: each test invoices an order of a
 * customer of its own (found through the list's search), so nothing depends on global counts.
 */

const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const poundsOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[£,\s]/g, "")) * 100);

test.describe("admin sales invoices", () => {
  test("find a fresh order's invoice, record a part payment, email and print it", async ({ page, request, customer, login }) => {
    const signedIn = await request.post("/api/auth/login", { data: customer });
    expect(signedIn.status()).toBe(200);
    const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 2 }]);

    await login(ADMIN);
    await page.goto("/admin/sales-invoices");
    await expect(page.getByRole("heading", { name: "Sales Invoices", level: 1 })).toBeVisible();
    await page.getByLabel("Search", { exact: true }).fill(order.orderNumber);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText(order.orderNumber);
    await expect(row).toContainText("Unpaid");
    const invoiceNumber = (await row.getByRole("rowheader").getByRole("link").textContent())!.trim();
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);

    await row.getByRole("link", { name: `View invoice ${invoiceNumber}` }).click();
    await expect(page).toHaveURL(/view=\d+/);
    await expect(page.getByRole("heading", { name: `Invoice ${invoiceNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByText(ORDERABLE.stillWater.name)).toBeVisible();
    await expect(page.getByText("Payment due within 30 days of the invoice date", { exact: false })).toBeVisible();
    await expect(page.getByText("No payments recorded yet.")).toBeVisible();
    const outstandingBefore = poundsOf(await page.getByTestId("outstanding").textContent());
    expect(outstandingBefore).toBeGreaterThan(500);
    await expect(page.getByTestId("amount-paid")).toHaveText("£0.00");

    // Record Payment: the amount starts at what is owed
    await page.getByRole("link", { name: "Record Payment" }).click();
    await expect(page).toHaveURL(/pay=\d+/);
    const amount = page.getByLabel("Amount (£)");
    await expect(amount).toHaveValue((outstandingBefore / 100).toFixed(2));
    await amount.fill("5.00");
    await page.getByLabel("Payment Method").selectOption("cash");
    await page.getByLabel("Reference").fill("Counter receipt 0042");
    await page.getByRole("button", { name: "Record Payment" }).click();

    await expect(page.getByText("Payment recorded").first()).toBeVisible();
    await expect(page).toHaveURL(/view=\d+/);
    await expect(page.getByTestId("amount-paid")).toHaveText("£5.00");
    await expect(page.getByTestId("outstanding")).toHaveText(money.format((outstandingBefore - 500) / 100));
    await expect(page.getByText("Partially Paid").first()).toBeVisible();
    const payment = page.getByTestId("payment-row");
    await expect(payment).toHaveCount(1);
    await expect(payment).toContainText("Counter receipt 0042");
    await expect(payment).toContainText("Cash");

    // the list shows the new status and balance too
    await page.goto(`/admin/sales-invoices?q=${invoiceNumber}`);
    await expect(page.getByTestId("invoice-row")).toContainText("Partially Paid");
    await expect(page.getByTestId("invoice-row")).toContainText(money.format((outstandingBefore - 500) / 100));
    await page.getByRole("link", { name: `View invoice ${invoiceNumber}` }).click();

    // Send Email
    await page.getByRole("button", { name: "Send Email" }).click();
    await expect(page.getByText("Invoice sent via email successfully").first()).toBeVisible();

    // Print Invoice opens the real PDF
    const href = await page.getByRole("link", { name: "Print Invoice" }).getAttribute("href");
    expect(href).toMatch(/^\/admin\/sales-invoices\/\d+\.pdf$/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("a payment larger than what is owed is refused with the spec's message", async ({ page, request, customer, login }) => {
    const signedIn = await request.post("/api/auth/login", { data: customer });
    expect(signedIn.status()).toBe(200);
    const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);

    await login(ADMIN);
    await page.goto(`/admin/sales-invoices?q=${order.orderNumber}`);
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("rowheader").getByRole("link").click();
    const outstanding = (await page.getByTestId("outstanding").textContent())!.trim();
    await page.getByRole("link", { name: "Record Payment" }).click();
    await page.getByLabel("Amount (£)").fill("99999.00");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByText(`Amount must be greater than 0 and not exceed ${outstanding}`).first()).toBeVisible();
    await expect(page.getByTestId("amount-paid")).toHaveText("£0.00");
  });

  test("create an invoice by hand for a customer, with a product line and a custom line", async ({ page, customer, login, javaScriptEnabled }) => {
    await login(ADMIN);
    await page.goto("/admin/sales-invoices");
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await expect(page).toHaveURL(/dialog=new/);
    // narrow the customer list to the test's own customer
    await page.getByLabel("Find a customer").fill(customer.email);
    await page.getByRole("button", { name: "Find" }).first().click();
    await expect(page).toHaveURL(/customer=/);
    await page.locator("#create-customer").selectOption({ label: `${customer.email} · Casey Trader` });

    const cola = await page.locator("#line-0-product option", { hasText: ORDERABLE.cola.name }).getAttribute("value");
    await page.locator("#line-0-product").selectOption(cola!);
    if (javaScriptEnabled) {
      // the chosen product's own name, list price and VAT rate show in the locked row
      await expect(page.locator("#line-0-description")).toHaveValue(ORDERABLE.cola.name);
      await expect(page.locator("#line-0-price")).toHaveValue("9.25");
      await expect(page.locator("#line-0-vat")).toHaveValue("20");
      await expect(page.locator("#line-0-description")).toBeDisabled();
    }
    await page.locator("#line-0-quantity").fill("3");
    await page.locator("#line-1-description").fill("Pallet hire");
    await page.locator("#line-1-quantity").fill("2");
    await page.locator("#line-1-price").fill("12.50");
    await page.locator("#line-1-vat").fill("0");
    await page.getByRole("button", { name: "Create Invoice" }).click();

    await expect(page.getByText("Invoice created").first()).toBeVisible();
    await expect(page).toHaveURL(/view=\d+/);
    await expect(page.getByRole("heading", { name: /^Invoice INV-\d{4}-\d{5}$/, level: 1 })).toBeVisible();
    await expect(page.getByRole("cell", { name: ORDERABLE.cola.name })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Pallet hire" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "£25.00" })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await expect(page.getByText("Unpaid").first()).toBeVisible();
  });

  test("Create Invoice without any line says so", async ({ page, customer, login }) => {
    await login(ADMIN);
    await page.goto(`/admin/sales-invoices?dialog=new&customer=${encodeURIComponent(customer.email)}`);
    await page.locator("#create-customer").selectOption({ label: `${customer.email} · Casey Trader` });
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("Please add at least one line item").first()).toBeVisible();
    await expect(page).toHaveURL(/dialog=new/);
  });
});
