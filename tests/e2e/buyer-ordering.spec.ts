import fs from "node:fs";
import type { Page } from "@playwright/test";
import { createCustomer, expect, signIn, test } from "./fixtures";
import { ORDERABLE, placeOrderThroughApi } from "./orders";

/** Seeded demo products (db/seed/catalog-data.ts), at list prices for a guest. */
const FOOD = "/category/catering-food-ingredients";
const CLEANING = "/category/cleaning-hygiene";
const SOAP = { slug: "antibacterial-hand-soap-5l", name: "Antibacterial Hand Soap 5L" }; // £8.99 + 20% VAT = £10.79
const PENNE = { name: "Penne Pasta 3kg" }; // £7.49, 0% VAT, 120 in stock
const COFFEE = { name: "Arabica Coffee Beans 1kg" }; // out of stock
const CLOTHS = { slug: "microfibre-cloths-10-pack", name: "Microfibre Cloths (10 pack)" }; // has colours

function card(page: Page, name: string) {
  return page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function expectBadge(page: Page, count: number) {
  await expect(page.getByTestId("cart-badge")).toHaveText(String(count));
}

test.describe("prices on one basis", () => {
  test("after switching to ex VAT the card, the product page, the cart and the price filter all show £8.99", async ({
    page,
  }) => {
    test.slow(); // one product through four screens
    await page.goto(`${CLEANING}?q=Antibacterial`);
    const soap = card(page, SOAP.name);
    await expect(soap.getByTestId("card-price")).toHaveText("£10.79");
    await expect(soap.getByTestId("card-price-basis")).toHaveText("inc VAT");
    await expect(page.getByRole("group", { name: /Price range/ })).toContainText("(£, inc VAT)");
    // £8.99 is below the soap's inc-VAT price: no match on the default basis
    await page.getByLabel("Max price", { exact: true }).fill("8.99");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/max=8\.99/);
    await expect(page.getByText("No products match your filters.")).toBeVisible();

    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");
    await header.getByRole("button", { name: "ex VAT" }).click();
    // the same address, now read ex VAT: the soap's £8.99 is within it
    await expect(header.getByRole("button", { name: "ex VAT" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/max=8\.99/);
    await expect(soap.getByTestId("card-price")).toHaveText("£8.99");
    await expect(soap.getByTestId("card-price-basis")).toHaveText("ex VAT");
    await expect(page.getByRole("group", { name: /Price range/ })).toContainText("(£, ex VAT)");
    await expect(page.getByLabel("Max price", { exact: true })).toHaveValue("8.99");

    await soap.getByRole("button", { name: `Add to Cart: ${SOAP.name}` }).click();
    await expectBadge(page, 1);

    await soap.getByRole("link", { name: new RegExp(SOAP.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${SOAP.slug}$`));
    await expect(page.getByTestId("product-price")).toHaveText("£8.99");
    await expect(page.getByTestId("product-price-basis")).toHaveText("ex VAT, each");
    await expect(page.getByTestId("pricing-breakdown")).toContainText("List price£8.99 ex VAT");
    await expect(page.getByTestId("pricing-breakdown")).toContainText("Inc VAT£10.79 with VAT at 20%");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: SOAP.name });
    await expect(line.getByTestId("unit-price")).toHaveText("£8.99 each ex VAT");
    await expect(line.getByTestId("line-total")).toHaveText("£8.99");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("£8.99");
    await expect(page.getByTestId("cart-total")).toHaveText("£10.79");
    await expect(page.getByTestId("vat-rounding-note")).toHaveText(
      "VAT is worked out on each line and rounded to the penny.",
    );

    // and back: the choice is remembered per browser, and inc VAT returns everywhere
    await page.getByRole("banner").getByRole("button", { name: "inc VAT" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(line.getByTestId("unit-price")).toHaveText("£10.79 each inc VAT");
  });
});

test.describe("buying from the grid", () => {
  test("adds a quantity from a category page; options and out-of-stock cards say so", async ({ page, javaScriptEnabled }) => {
    await page.goto(FOOD);
    const penne = card(page, PENNE.name);
    await penne.getByRole("spinbutton", { name: `Quantity of ${PENNE.name}` }).fill("3");
    await penne.getByRole("button", { name: `Add to Cart: ${PENNE.name}` }).click();
    await expectBadge(page, 3);
    await expect(page.getByTestId("toast")).toContainText("Added to Cart!");
    await expect(page).toHaveURL(new RegExp(`${FOOD}$`));
    if (!javaScriptEnabled) await expect(page.getByTestId("toast")).toContainText(`3 × ${PENNE.name}`);

    await expect(card(page, COFFEE.name).getByRole("button", { name: "Out of stock" })).toBeDisabled();
    // the card is one link for its name and image, and the form sits beside it, not inside it
    await expect(penne.getByRole("link")).toHaveCount(1);
    await expect(penne.locator("a form, a input, a button")).toHaveCount(0);

    await page.goto(CLEANING);
    const cloths = card(page, CLOTHS.name);
    await expect(cloths.getByRole("link", { name: `Choose options: ${CLOTHS.name}` })).toHaveAttribute(
      "href",
      `/products/${CLOTHS.slug}`,
    );
    await expect(cloths.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);

    await page.goto("/cart");
    await expect(page.getByTestId("cart-line").filter({ hasText: PENNE.name }).getByRole("spinbutton")).toHaveValue("3");
  });

  test("Clear cart asks first, and Cancel keeps the cart", async ({ page }) => {
    await page.goto(FOOD);
    await card(page, PENNE.name).getByRole("button", { name: `Add to Cart: ${PENNE.name}` }).click();
    await expectBadge(page, 1);
    await page.goto("/cart");
    await page.getByRole("link", { name: "Clear cart" }).click();
    await expect(page).toHaveURL(/\/cart\?confirm=clear$/);
    await expect(page.getByTestId("clear-cart-question")).toHaveText("Remove all 1 line from your cart?");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("clear-cart-question")).toHaveCount(0);

    await page.getByRole("link", { name: "Clear cart" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Cart cleared");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
});

test.describe("order history filters", () => {
  test("searches, filters by status and date, and exports what it shows as CSV", async ({ page, baseURL }) => {
    test.slow();
    const customer = await createCustomer(baseURL!);
    await signIn(page, customer);
    const water = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.stillWater.slug, quantity: 1 }]);
    const cola = await placeOrderThroughApi(page.request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 2 }]);

    await page.goto("/account/orders");
    const filters = page.getByRole("search", { name: "Filter orders" });
    await filters.getByLabel("Search orders").fill("Cola 330ml");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=Cola\+330ml/);
    await expect(page.locator("summary", { hasText: cola.orderNumber })).toBeVisible();
    await expect(page.locator("summary", { hasText: water.orderNumber })).toHaveCount(0);

    // by number, with a status and today's date as the range
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    await filters.getByLabel("Search orders").fill(water.orderNumber);
    await filters.getByLabel("Status").selectOption(water.status);
    await filters.getByLabel("From").fill(today);
    await filters.getByLabel("To").fill(today);
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("summary", { hasText: water.orderNumber })).toBeVisible();
    await expect(page.locator("summary", { hasText: cola.orderNumber })).toHaveCount(0);

    const downloading = page.waitForEvent("download");
    await filters.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8").trim().split("\n");
    expect(csv[0]).toBe("Order number,Date,Status,PO reference,Items,Subtotal,Delivery,VAT,Total");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${water.orderNumber},${today},`));

    // a day before today holds neither
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const before = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(yesterday);
    await page.goto(`/account/orders?to=${before}`);
    await expect(page.getByText("No orders match your filters.")).toBeVisible();
  });
});

test.describe("the header on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("fits one row at 375 px, with everything else behind Menu", async ({ page }, testInfo) => {
    await page.goto(FOOD);
    await card(page, PENNE.name).getByRole("button", { name: `Add to Cart: ${PENNE.name}` }).click();
    await expectBadge(page, 1);

    const header = page.getByRole("banner");
    const items = [
      header.getByTestId("header-logo"),
      header.getByTestId("header-cart"),
      header.locator("summary", { hasText: "Menu" }),
    ];
    const boxes = [];
    for (const item of items) {
      await expect(item).toBeVisible();
      boxes.push((await item.boundingBox())!);
    }
    const headerBox = (await header.boundingBox())!;
    // one row: every item's vertical middle is within the others' height, and all sit inside the screen
    const middles = boxes.map((box) => box.y + box.height / 2);
    for (const box of boxes) {
      for (const middle of middles) {
        expect(middle).toBeGreaterThan(box.y);
        expect(middle).toBeLessThan(box.y + box.height);
      }
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // left to right, no overlap
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i].x).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width);
    expect(headerBox.height).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(header.getByRole("link", { name: "Quick Order" })).toBeHidden();
    // the picture of the one-row header, compared with the committed one (Debian's Chromium on this box)
    await expect(header).toHaveScreenshot("header-375.png", { maxDiffPixelRatio: 0.02, animations: "disabled" });

    // the menu opens without JavaScript (a <details>) and holds the rest
    await header.locator("summary", { hasText: "Menu" }).click();
    const menu = header.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("list", { name: "Collections" }).getByRole("link", { name: /Cleaning & Hygiene/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Quick Order" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Log In" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("header-375-menu-open.png") });
    await menu.getByRole("button", { name: "ex VAT" }).click();
    await expect(card(page, PENNE.name).getByTestId("card-price-basis")).toHaveText("ex VAT");
  });

  test("keeps the desktop header as it was at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const header = page.getByRole("banner");
    // one <details> is the phone's Menu and the desktop's Collections: here it reads Collections
    await expect(header.getByText("Menu", { exact: true })).toBeHidden();
    await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quick Order" })).toBeVisible();
    await expect(header.locator("summary", { hasText: "Collections" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
  });
});
