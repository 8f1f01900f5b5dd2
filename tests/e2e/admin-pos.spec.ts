import { ADMIN, expect, test } from "./fixtures";
import { ORDERABLE } from "./orders";

/**
 * The point of sale against the shared e2e database, with and without JavaScript: each run signs the admin
 * in on a session of its own (the sale in progress lives in the session) and sells to a customer of its own.
 */
test.describe("point of sale", () => {
  test("search, add two products, change a quantity, choose a customer, complete the sale and find the order", async ({
    page,
    customer,
  }) => {
    const admin = page.request;
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const customerId = ((await (await admin.get("/api/admin/customers")).json()) as { id: string; email: string }[]).find(
      (row) => row.email === customer.email,
    )!.id;
    const cola = await (await admin.get(`/api/products/${ORDERABLE.cola.slug}`)).json();
    const price = await admin.post("/api/admin/customer-pricing", { data: { userId: customerId, productId: cola.id, customPrice: "5.25" } });
    expect(price.status()).toBe(201);

    await page.goto("/admin/pos");
    await expect(page.getByRole("heading", { name: "Point of Sale", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^All Products \d+$/ })).toHaveAttribute("aria-current", "page");
    const sale = page.getByRole("complementary", { name: "Current sale" });
    await expect(sale.getByText("Cart is empty")).toBeVisible();
    await expect(sale.getByTestId("pos-customer")).toHaveText("Walk-in Customer");

    // search, then add two products
    await page.getByLabel("Search products").fill("spring water 500ml");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=spring/);
    await page.getByRole("button", { name: `Add ${ORDERABLE.stillWater.name}` }).click();
    const water = sale.getByTestId("pos-line").filter({ hasText: ORDERABLE.stillWater.name });
    await expect(water).toBeVisible();

    await page.getByLabel("Search products").fill("COLA 330ML");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("pos-product")).toHaveCount(1);
    await page.getByRole("button", { name: `Add ${ORDERABLE.cola.name}` }).click();
    const colaLine = sale.getByTestId("pos-line").filter({ hasText: ORDERABLE.cola.name });
    await expect(colaLine).toBeVisible();

    // change a quantity: up twice, down once
    await sale.getByRole("button", { name: `Increase quantity of ${ORDERABLE.stillWater.name}` }).click();
    await expect(water.getByTestId("pos-line-quantity")).toHaveText("2");
    await sale.getByRole("button", { name: `Increase quantity of ${ORDERABLE.stillWater.name}` }).click();
    await expect(water.getByTestId("pos-line-quantity")).toHaveText("3");
    await sale.getByRole("button", { name: `Decrease quantity of ${ORDERABLE.stillWater.name}` }).click();
    await expect(water.getByTestId("pos-line-quantity")).toHaveText("2");
    const walkInTotal = await sale.getByTestId("pos-total").textContent();

    // choose the customer: their own price for cola applies
    await sale.getByLabel("Find a customer").fill(customer.email);
    await sale.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(/customerSearch=/);
    await sale.getByLabel("Sell to").selectOption(customerId);
    await sale.getByRole("button", { name: "Choose customer" }).click();
    await expect(sale.getByText("Customer-specific pricing applied")).toBeVisible();
    await expect(sale.getByTestId("pos-customer")).toContainText(customer.email);
    await expect(colaLine).toContainText("£5.25 each ex VAT");
    await expect(sale.getByTestId("pos-total")).not.toHaveText(walkInTotal!);
    await expect(water.getByTestId("pos-line-quantity")).toHaveText("2");

    // complete the sale
    await sale.getByLabel("Payment method").selectOption("credit");
    await sale.getByRole("button", { name: "Complete Sale" }).click();
    const done = sale.getByTestId("pos-last-sale");
    await expect(done).toContainText("Sale completed");
    await expect(page.getByTestId("toast").filter({ hasText: "Sale completed" })).toBeVisible();
    const orderNumber = (await done.textContent())!.match(/ORD-\d{6}/)![0];
    await expect(sale.getByText("Cart is empty")).toBeVisible();
    await expect(sale.getByTestId("pos-customer")).toHaveText("Walk-in Customer");

    // the order is in the back office's orders, delivered
    await page.goto(`/admin/orders?q=${orderNumber}`);
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText(customer.email);
    await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
    await expect(page.getByTestId("order-detail")).toContainText(ORDERABLE.cola.name);
    await expect(page.getByTestId("order-detail")).toContainText(ORDERABLE.stillWater.name);
  });
});
