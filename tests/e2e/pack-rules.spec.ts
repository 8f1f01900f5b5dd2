import { expect, signIn, test } from "./fixtures";

/**
 * A case product ordered in a wrong quantity, the rule read, the quantity corrected, the case in the cart
 * (decision 0074). The demo's energy drinks are sold in cases of 24 cans, two cases at a time (db/seed/catalog.ts).
 * Each test signs in as a customer of its own: a signed-in cart is shared by every session of its account.
 */
const ENERGY = {
  slug: "energy-drink-250ml-cans-24-pack",
  sku: "ENERGY-250-24",
  name: "Energy Drink 250ml Cans (24 pack)",
};
const RULE = `${ENERGY.name} is sold in multiples of 2 (case of 24 cans)`;

test.describe("pack rules", () => {
  test("the product page shows the rule, refuses 3 cases with the rule's message and takes 4", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto(`/products/${ENERGY.slug}`);
    await expect(page.getByTestId("pack-summary").first()).toHaveText(/^Case of 24 cans · multiples of 2 · £\d+\.\d{2} per can$/);
    // the price is a case's, and says so
    await expect(page.getByTestId("product-price-basis")).toHaveText(/^(inc|ex) VAT, per case$/);
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    // the input starts at the minimum and steps by the multiple
    await expect(quantity).toHaveValue("2");
    await expect(quantity).toHaveAttribute("min", "2");
    await expect(quantity).toHaveAttribute("step", "2");

    await quantity.fill("3");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${RULE}: 2 or 4?`);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await page.getByRole("spinbutton", { name: "Quantity" }).fill("4");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("4");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: ENERGY.name });
    await expect(line.getByRole("spinbutton", { name: `Quantity of ${ENERGY.name}` })).toHaveValue("4");
    await expect(line.getByTestId("pack-summary")).toContainText("Case of 24 cans");
  });

  test("quick order refuses 3 cases with the rule, offers Use 4, and the fix puts 4 in the cart", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order");
    await page.getByRole("textbox", { name: /SKU then quantity/ }).fill(`${ENERGY.sku}, 3`);
    await page.getByRole("button", { name: "Add to Cart" }).click();

    const result = page.getByTestId("quick-order-result");
    await expect(result.getByRole("alert")).toContainText("Some Items Failed");
    await expect(result.getByRole("listitem").first()).toHaveText(`Line 1: ${RULE}: 2 or 4?`);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await result.getByRole("button", { name: "Use 4 for line 1" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added 1 product(s) to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
  });
});
