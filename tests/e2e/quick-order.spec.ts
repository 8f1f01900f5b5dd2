import type { Page } from "@playwright/test";
import { BUYER, expect, JS_INDEPENDENT, signIn, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/** Seeded demo products (db/seed.ts) without options and with plenty in stock. */
const PENS = "ballpoint-pens-blue-50"; // 95 in stock
const TILL_ROLLS = "thermal-till-rolls-57x40mm-20"; // 110 in stock

// Tests that put things in the cart sign in as a customer of their own (the `customer` fixture): a signed-in
// cart is shared by every session of its account, and other tests run at the same time.

async function expectCartEmpty(page: Page) {
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
}

test.describe("quick order", () => {
  test("a signed-out visitor is asked to log in first", JS_INDEPENDENT, async ({ page }) => {
    await page.goto("/quick-order");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquick-order$/);
  });

  test("Quick Entry adds the good line and lists the failures, keeping the failed lines to fix", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quick Order" })).toHaveAttribute(
      "href",
      "/quick-order",
    );
    await page.goto("/quick-order");
    await expect(page.getByRole("heading", { level: 1, name: "Quick Order" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Quick order options" });
    await expect(tabs.getByRole("link", { name: "Quick Entry" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "CSV Upload" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Reorder" })).toBeVisible();

    const box = page.getByRole("textbox", { name: /SKU then quantity/ });
    // the placeholder shows real SKUs: a plain line, and one naming its options
    await expect(box).toHaveAttribute("placeholder", /^[A-Z0-9-]+, \d+\n[A-Z0-9-]+(, [A-Za-z]+=[^,\n]+)+, \d+$/);

    await expectCartEmpty(page);
    await box.fill(`${PENS}, 2\nthis line has no quantity\nno-such-product-xyz, 1`);
    await page.getByRole("button", { name: "Add to Cart" }).click();

    const result = page.getByTestId("quick-order-result");
    await expect(result.getByRole("alert")).toContainText("Some Items Failed");
    await expect(result.getByRole("listitem")).toHaveText([
      'Line 2: Invalid format "this line has no quantity"',
      'Line 3: Product "no-such-product-xyz" not found',
    ]);
    await expect(result.getByRole("status")).toHaveText("Added 1 product(s) to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(page.getByRole("textbox", { name: /SKU then quantity/ })).toHaveValue(
      "this line has no quantity\nno-such-product-xyz, 1",
    );
  });

  test("Quick Entry says how many products went in when every line is good", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order");
    await expectCartEmpty(page);
    await page.getByRole("textbox", { name: /SKU then quantity/ }).fill(`${PENS} 1\n\n${TILL_ROLLS}\t2`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added 2 product(s) to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page.getByTestId("quick-order-result")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: /SKU then quantity/ })).toHaveValue("");
  });

  test("Quick Entry by SKU with option values lands the right line in the cart, its SKU shown", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order");
    await expectCartEmpty(page);
    await page.getByRole("textbox", { name: /SKU then quantity/ }).fill("hivis-vest, Size=L, Colour=orange, 3\nHIVIS-VEST Size=XXXL 1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const result = page.getByTestId("quick-order-result");
    await expect(result.getByRole("listitem")).toHaveText(['Line 2: Size "XXXL" is not an option of HIVIS-VEST (S, M, L, XL, XXL)']);
    await expect(result.getByRole("status")).toHaveText("Added 1 product(s) to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText("Hi-Vis Vest EN ISO 20471");
    await expect(line).toContainText("Size: L");
    await expect(line).toContainText("Colour: Orange");
    await expect(line.getByTestId("sku")).toHaveText("SKU HIVIS-VEST");
    await expect(line.getByRole("spinbutton")).toHaveValue("3");
  });

  test("CSV Upload processes a small file, and offers the template", async ({ page, customer }) => {
    await signIn(page, customer);
    await page.goto("/quick-order");
    await page.getByRole("navigation", { name: "Quick order options" }).getByRole("link", { name: "CSV Upload" }).click();
    await expect(page).toHaveURL(/\/quick-order\?tab=csv$/);

    const template = page.getByRole("link", { name: "Download template" });
    await expect(template).toHaveAttribute("href", "/quick-order/template.csv");
    const download = await page.request.get("/quick-order/template.csv");
    expect(download.headers()["content-disposition"]).toBe('attachment; filename="quick-order-template.csv"');
    // a plain product, then one with its option columns filled in
    expect(await download.text()).toMatch(/^SKU,Quantity(,[A-Za-z]+)+\n[A-Z0-9-]+,\d+,*\n[A-Z0-9-]+,\d+(,[^,\n]+)+\n$/);

    await expectCartEmpty(page);
    await page.getByLabel("CSV file").setInputFiles({
      name: "order.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`SKU,Quantity\n${PENS},1\n${TILL_ROLLS},not-a-number\n`),
    });
    await page.getByRole("button", { name: "Upload CSV" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("CSV Processed");
    await expect(toast).toContainText("Added 1 product(s) to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
  });

  test("CSV Upload names an unknown SKU by its row", async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto("/quick-order?tab=csv");
    await page.getByLabel("CSV file").setInputFiles({
      name: "order.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("sku,quantity\nnot-a-real-sku,3\n"),
    });
    await page.getByRole("button", { name: "Upload CSV" }).click();
    const result = page.getByTestId("quick-order-result");
    await expect(result.getByRole("alert")).toContainText("Some Items Failed");
    await expect(result.getByRole("listitem")).toHaveText(['Row 2: Product "not-a-real-sku" not found']);
  });

  test("the Reorder tab lists the customer's last 10 orders and reorders one into the cart", async ({ page, customer }) => {
    await signIn(page, customer);
    const older = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);
    const newest = await placeOrderThroughApi(page.request, customer, [
      { slug: ORDERABLE.stillWater.slug, quantity: 1 },
      { slug: ORDERABLE.cola.slug, quantity: 1 },
    ]);

    await page.goto("/quick-order?tab=reorder");
    await expect(
      page.getByRole("navigation", { name: "Quick order options" }).getByRole("link", { name: "Reorder" }),
    ).toHaveAttribute("aria-current", "page");
    const rows = page.getByTestId("reorder-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(newest.orderNumber);
    await expect(rows.nth(1)).toContainText(older.orderNumber);
    await expect(rows.first()).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
    await expect(rows.first()).toContainText(/£[\d,]+\.\d{2}/);

    await expectCartEmpty(page);
    await rows.first().getByRole("button", { name: `Reorder ${newest.orderNumber}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("toast")).toContainText("Added 2 products (2 units) to your cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
  });
});
