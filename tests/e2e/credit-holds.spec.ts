import { randomUUID } from "node:crypto";
import { expect, signIn, switchAccount, test, type Account } from "./fixtures";
import { expectOrderPlacedPage, ORDERABLE } from "./orders";

/**
 * Credit holds, JavaScript on and off: a buyer whose company has a small credit limit sees the available credit
 * and the coming hold at checkout, places the order and is told it is on credit hold and what to do; an accounts
 * user releases it with a note on Credit Control.
 */
const ACCOUNTS: Account = { email: "accounts@example.com", password: "staff-demo" };

test.describe("credit holds", () => {
  test("the buyer sees the available credit and the hold; an accounts user releases it", async ({ page, customer }) => {
    // the customer's company (of one) gets a £1.00 limit from accounts
    await signIn(page, customer);
    const { companyId } = await (await page.request.get("/api/account/balance")).json();
    await switchAccount(page, ACCOUNTS);
    const limit = await page.request.put(`/api/admin/companies/${companyId}/credit`, { data: { creditLimit: "1.00", paymentTerms: "net30" } });
    expect(limit.status(), await limit.text()).toBe(200);

    await switchAccount(page, customer);
    const product = await (await page.request.get(`/api/products/${ORDERABLE.stillWater.slug}`)).json();
    expect((await page.request.post("/api/cart/items", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);

    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-available-credit")).toHaveText("£1.00");
    const notice = page.getByTestId("checkout-credit");
    await expect(notice).toContainText("This order will be placed on credit hold");
    await expect(notice).toContainText("more than your available credit (£1.00 inc VAT)");

    const name = `Held ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Full name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByLabel("Address line 1", { exact: true }).fill("Unit 3, Kelham Island Works");
    await page.getByLabel("Town or city", { exact: true }).fill("Sheffield");
    await page.getByLabel("Postcode", { exact: true }).fill("S3 8RY");
    await page.getByRole("button", { name: "Place Order" }).click();

    const orderNumber = await expectOrderPlacedPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order placed: on credit hold");
    const hold = page.getByTestId("placed-credit-hold");
    await expect(hold).toContainText("more than your available credit");
    await expect(hold).toContainText("Pay your outstanding invoices, or call us");

    await switchAccount(page, ACCOUNTS);
    await page.goto("/admin/sales-invoices");
    await page.getByRole("link", { name: "Credit Control" }).first().click();
    await expect(page.getByRole("heading", { name: "Credit Control", level: 1 })).toBeVisible();
    const row = page.getByTestId("held-order").filter({ hasText: orderNumber });
    await expect(row).toContainText("more than your available credit");
    await row.getByLabel("Note (why it is released)").fill("Paid by card over the phone");
    await row.getByRole("button", { name: "Release hold" }).click();
    await expect(page.getByText(`${orderNumber} is now Pending`).first()).toBeVisible();
    await expect(page.getByTestId("held-order").filter({ hasText: orderNumber })).toHaveCount(0);

    // the buyer's order has gone on as usual
    await switchAccount(page, customer);
    const mine = await (await page.request.get("/api/orders/my-orders")).json();
    const placed = (Array.isArray(mine) ? mine : mine.orders ?? mine.items).find((order: { orderNumber: string }) => order.orderNumber === orderNumber);
    expect(placed).toMatchObject({ status: "pending", holdReason: null });
  });
});
