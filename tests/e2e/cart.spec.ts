import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Seeded demo products (db/seed.ts), at list prices for a guest. */
const PENNE = { slug: "penne-pasta-3kg", name: "Penne Pasta 3kg" }; // £7.49, VAT 0%, 120 in stock
const SOAP = { slug: "antibacterial-hand-soap-5l", name: "Antibacterial Hand Soap 5L" }; // £8.99 + 20% VAT, 72 in stock

/** Adds a product from its page, with or without JavaScript, and waits until the cart holds `badge` items. */
async function addFromProductPage(page: Page, javaScriptEnabled: boolean, slug: string, quantity: number, badge: number) {
  await page.goto(`/products/${slug}`);
  // the ± buttons render once the page is hydrated: until then a click would post the plain form
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // the header's badge is the sure sign (the button's "Added to Cart!" lasts only 2 seconds)
  await expect(page.getByTestId("cart-badge")).toHaveText(String(badge));
  if (!javaScriptEnabled) await expect(page.getByTestId("toast")).toContainText("Added to Cart!");
}

function line(page: Page, name: string) {
  return page.getByTestId("cart-line").filter({ hasText: name });
}

async function expectTotals(page: Page, subtotal: string, vat: string, total: string) {
  await expect(page.getByTestId("cart-subtotal")).toHaveText(subtotal);
  await expect(page.getByTestId("cart-vat")).toHaveText(vat);
  await expect(page.getByTestId("cart-total")).toHaveText(total);
}

test.describe("cart", () => {
  test("a guest changes quantities with − and + and Update, removes a line and sees the totals follow", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow(); // a whole journey through the cart
    await addFromProductPage(page, javaScriptEnabled, PENNE.slug, 2, 2);
    await addFromProductPage(page, javaScriptEnabled, SOAP.slug, 1, 3);

    await page.getByRole("link", { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const penne = line(page, PENNE.name);
    const soap = line(page, SOAP.name);
    await expect(penne.getByRole("link", { name: PENNE.name })).toHaveAttribute("href", `/products/${PENNE.slug}`);
    await expect(penne.getByTestId("unit-price")).toHaveText("£7.49 each inc VAT");
    await expect(soap.getByTestId("unit-price")).toHaveText("£10.79 each inc VAT");
    await expect(penne.getByRole("spinbutton")).toHaveValue("2");
    // 2 × 7.49 (no VAT) + 8.99 (VAT 1.80)
    await expectTotals(page, "£23.97", "£1.80", "£25.77");
    await expect(page.getByTestId("cart-item-count")).toHaveText("3");
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    // a guest is asked to log in before saving a template
    await expect(page.getByText("to save this cart as a template")).toBeVisible();

    await soap.getByRole("button", { name: "Increase quantity" }).click();
    await expect(soap.getByRole("spinbutton")).toHaveValue("2");
    await expect(soap.getByTestId("line-total")).toHaveText("£21.58");
    await expectTotals(page, "£32.96", "£3.60", "£36.56");

    await penne.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(penne.getByRole("spinbutton")).toHaveValue("1");
    await expectTotals(page, "£25.47", "£3.60", "£29.07");

    await soap.getByRole("spinbutton").fill("3");
    await soap.getByRole("button", { name: "Update" }).click();
    await expect(soap.getByTestId("line-total")).toHaveText("£32.36");
    await expectTotals(page, "£34.46", "£5.39", "£39.85");

    await penne.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expectTotals(page, "£26.97", "£5.39", "£32.36");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    // − at 1 removes the line: the cart is then empty
    await soap.getByRole("spinbutton").fill("1");
    await soap.getByRole("button", { name: "Update" }).click();
    await expect(soap.getByRole("spinbutton")).toHaveValue("1");
    await soap.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("asking for more than the stock says how many are left and keeps the quantity", async ({ page, javaScriptEnabled }) => {
    await addFromProductPage(page, javaScriptEnabled, SOAP.slug, 2, 2);
    await page.goto("/cart");
    const soap = line(page, SOAP.name);
    await soap.getByRole("spinbutton").fill("5000");
    await soap.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("toast")).toContainText(/Only \d+ left in stock/);
    await expect(soap.getByRole("spinbutton")).toHaveValue("2");
    await expectTotals(page, "£17.98", "£3.60", "£21.58");
  });

  test("Clear cart empties it", async ({ page, javaScriptEnabled }) => {
    await addFromProductPage(page, javaScriptEnabled, PENNE.slug, 1, 1);
    await addFromProductPage(page, javaScriptEnabled, SOAP.slug, 1, 2);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await page.getByRole("link", { name: "Clear cart" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await page.getByRole("link", { name: "Start Shopping" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("with JavaScript, a lost session's cart can be restored from this browser", async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the browser's copy of the cart needs JavaScript");
    await addFromProductPage(page, javaScriptEnabled, PENNE.slug, 4, 4);
    await page.goto("/cart");
    await expect(line(page, PENNE.name).getByRole("spinbutton")).toHaveValue("4");
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("infy-wholesale-cart")))
      .toContain('"quantity":4');

    // the session is gone (cookie lost or expired): the server's cart is empty
    await context.clearCookies();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByText("We found items from your last visit")).toBeVisible();
    await page.getByRole("button", { name: "Restore them" }).click();
    await expect(page.getByTestId("toast")).toContainText("Items restored");
    await expect(line(page, PENNE.name).getByRole("spinbutton")).toHaveValue("4");
    await expectTotals(page, "£29.96", "£0.00", "£29.96");

    // emptied on purpose: nothing is offered back
    await page.getByRole("link", { name: "Clear cart" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByText("We found items from your last visit")).toHaveCount(0);
  });

  test("with JavaScript, a declined restore is not offered again", async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the browser's copy of the cart needs JavaScript");
    await addFromProductPage(page, javaScriptEnabled, SOAP.slug, 1, 1);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("infy-wholesale-cart"))).not.toBeNull();
    await context.clearCookies();
    await page.reload();
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("We found items from your last visit")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByText("We found items from your last visit")).toHaveCount(0);
  });
});
