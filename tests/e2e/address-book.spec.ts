import { randomUUID } from "node:crypto";
import { expect, signIn, test } from "./fixtures";
import { expectOrderPlacedPage, ORDERABLE } from "./orders";

test.describe("address book and PO reference", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a buyer keeps an address, picks it at checkout with a PO reference and notes, and sees the PO on Your Orders", async ({
    page,
    javaScriptEnabled,
    customer,
  }) => {
    const run = randomUUID().slice(0, 8);
    const label = `Site B ${run}`;
    const poReference = `PO-${run}`;
    await signIn(page, customer);
    // a first address (the default), so that picking the second one at checkout is a real choice
    const first = await page.request.post("/api/addresses", {
      data: { label: "Head office", name: "Casey Trader", address: "4 Canal Wharf", city: "Leeds", postcode: "LS11 5PS" },
    });
    expect(first.status()).toBe(201);

    // the address book, reached from the account dashboard
    await page.goto("/account/dashboard");
    await page.getByRole("link", { name: /Delivery Addresses/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery Addresses" })).toBeVisible();
    if (javaScriptEnabled) await expect(page.locator("form#address-add")).toHaveAttribute("data-hydrated", "true");
    const add = page.getByRole("region", { name: "Add an address" });
    await add.getByLabel("Label", { exact: true }).fill(label);
    await add.getByLabel("Full name", { exact: true }).fill("Goods In, Kelham Works");
    await add.getByLabel("Address line 1", { exact: true }).fill("Unit 3, Kelham Island Works");
    await add.getByLabel("Town or city", { exact: true }).fill("Sheffield");
    await add.getByLabel("Postcode", { exact: true }).fill("s38ry");
    await add.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Address saved" })).toBeVisible();
    const card = page.getByTestId("address-card").filter({ hasText: label });
    await expect(card).toContainText("S3 8RY");

    // a product in the cart
    await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    // checkout starts from the default address; picking the new one fills the fields
    await page.goto("/checkout");
    if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByLabel("Address line 1", { exact: true })).toHaveValue("4 Canal Wharf");
    await page.getByTestId("address-picker").getByRole("radio", { name: new RegExp(label) }).check();
    if (!javaScriptEnabled) {
      await page.getByRole("button", { name: "Use this address" }).click();
      await expect(page).toHaveURL(/\?address=\d+/);
    }
    await expect(page.getByLabel("Address line 1", { exact: true })).toHaveValue("Unit 3, Kelham Island Works");
    await expect(page.getByLabel("Town or city", { exact: true })).toHaveValue("Sheffield");
    await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("S3 8RY");

    await page.getByLabel("Your PO reference").fill(poReference);
    await page.getByLabel("Delivery notes").fill("Gate code 1234. Goods in closes at 3pm.");
    await page.getByRole("button", { name: "Place Order" }).click();

    await expectOrderPlacedPage(page);
    await expect(page.getByTestId("placed-po-reference")).toHaveText(poReference);
    await page.getByRole("link", { name: "See this order in Your Orders" }).click();
    const order = page.locator("details").filter({ hasText: poReference });
    await expect(order.getByTestId("order-po-reference")).toHaveText(`Your PO: ${poReference}`);
    await expect(order).toContainText("Unit 3, Kelham Island Works");
    await expect(order).toContainText("Gate code 1234. Goods in closes at 3pm.");
  });
});
