import type { Page } from "@playwright/test";
import { HOME_SECTIONS_PER_PAGE, productsPerHomeSection } from "../../app/domain/catalog/catalog-pages";
import { BUYER, expect, signIn, test, JS_INDEPENDENT } from "./fixtures";

/**
 * Catalogue browsing against the seeded demo data, on the default inc-VAT basis. Cleaning & Hygiene has
 * 10 products, all at 20% VAT: one out of stock
 * (Floor Cleaner Concentrate 5L), one low (Toilet Tissue, 4 left).
 */
const CLEANING = "/category/cleaning-hygiene";
const cards = (page: Page) => page.getByRole("list", { name: "Cleaning & Hygiene products" }).getByRole("listitem");
const card = (page: Page, slug: string) =>
  page.getByTestId("product-card").filter({ has: page.locator(`a[href="/products/${slug}"]`) });

async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("card-price").allTextContents();
  return texts.map((text) => Number(text.replace(/[£,]/g, "")));
}

async function apply(page: Page) {
  await page.getByRole("button", { name: "Apply", exact: true }).click();
}

test.describe("catalogue browsing", () => {
  test("opens a category from the Collections menu", async ({ page }) => {
    // other tests may add categories while this runs: expect at least those that exist now
    const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; slug: string }[];
    await page.goto("/");
    await page.locator("summary", { hasText: "Collections" }).click();
    await page.getByRole("list", { name: "Collections" }).getByRole("link", { name: /Cleaning & Hygiene/ }).click();
    await expect(page).toHaveURL(CLEANING);
    await expect(page.getByRole("heading", { level: 1, name: "Cleaning & Hygiene" })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb).toContainText("Cleaning & Hygiene");
    await expect(page.getByText("Showing 10 of 10 products", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    const others = page.getByRole("navigation", { name: "Other categories" });
    for (const category of categories.filter((c) => c.slug !== "cleaning-hygiene")) {
      await expect(others.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/category/${category.slug}`);
    }
    await expect(others.getByRole("link", { name: "Cleaning & Hygiene", exact: true })).toHaveCount(0);
  });

  test("the home page groups products by category, a row of at most 4 each, with a link to the rest", async ({ page }) => {
    // 4 a section; fewer once a page holds more than 10 categories (other tests may add categories; a page shows 12)
    const categories = (await (await page.request.get("/api/categories")).json()) as unknown[];
    const perSection = productsPerHomeSection(Math.min(categories.length, HOME_SECTIONS_PER_PAGE));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Browse Collections" })).toBeVisible();
    const collections = page.getByRole("navigation", { name: "Browse Collections" });
    await expect(collections.getByRole("link", { name: "Cleaning & Hygiene" })).toHaveAttribute("href", "#cleaning-hygiene");
    const food = page.locator("section#catering-food-ingredients");
    await expect(food.getByRole("heading", { name: "Catering Food & Ingredients" })).toBeVisible();
    await expect(food.getByRole("listitem")).toHaveCount(perSection);
    // 12 in the demo; other tests may add products to the category while this runs
    const viewAll = food.getByRole("link", { name: /^View all \d+ products$/ });
    const total = Number((await viewAll.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThanOrEqual(12);
    await viewAll.click();
    await expect(page).toHaveURL("/category/catering-food-ingredients");
    await expect(page.getByText(`Showing ${total} of ${total} products`, { exact: true })).toBeVisible();
  });

  test("searches name, description and category, from the home page and a category", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Search products").fill("bleach");
    await apply(page);
    await expect(page).toHaveURL(/[?&]q=bleach/);
    await expect(page.locator("main section[id]")).toHaveCount(1);
    await expect(page.locator("section#cleaning-hygiene")).toBeVisible();
    await expect(card(page, "thick-bleach-5l")).toBeVisible();

    await page.goto(CLEANING);
    await page.getByLabel("Search products").fill("kitchens");
    await apply(page);
    await expect(page).toHaveURL(/[?&]q=kitchens/);
    // "kitchens" is only in the blue roll's description
    await expect(page.getByText("Showing 1 of 1 product", { exact: true })).toBeVisible();
    await expect(card(page, "centrefeed-blue-roll-2-ply-6-rolls")).toBeVisible();
  });

  test("filters by stock state", async ({ page }) => {
    await page.goto(CLEANING);
    await page.getByLabel("Stock", { exact: true }).selectOption("out-of-stock");
    await apply(page);
    await expect(page).toHaveURL(/[?&]stock=out-of-stock/);
    await expect(page.getByText("Showing 1 of 1 product", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "floor-cleaner-concentrate-5l")).toContainText("Out of stock");

    await page.getByLabel("Stock", { exact: true }).selectOption("low-stock");
    await apply(page);
    await expect(page).toHaveURL(/[?&]stock=low-stock/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "toilet-tissue-2-ply-36-rolls")).toContainText("Only 4 left in stock");
  });

  test("sorts by price, both ways", async ({ page }) => {
    await page.goto(CLEANING);
    await page.getByLabel("Sort by").selectOption("price-asc");
    await apply(page);
    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    await expect(cards(page)).toHaveCount(10);
    // with JavaScript the address changes a moment before the sorted cards are shown: read them once they are
    await expect(page.getByTestId("card-price").first()).toHaveText("£3.59"); // Thick Bleach 5L, £2.99 + VAT
    const ascending = await shownPrices(page);
    expect(ascending).toHaveLength(10);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBe(3.59); // Thick Bleach 5L, £2.99 + VAT
    expect(ascending[9]).toBe(25.19); // Heavy Duty Black Bin Bags, £20.99 + VAT

    await page.getByLabel("Sort by").selectOption("price-desc");
    await apply(page);
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    await expect(page.getByTestId("card-price").first()).toHaveText("£25.19");
    const descending = await shownPrices(page);
    expect(descending).toEqual([...ascending].reverse());
  });

  test("filters by a price range in the prices shown, inc VAT by default", async ({ page }) => {
    await page.goto(CLEANING);
    await expect(page.getByRole("group", { name: /Price range/ })).toContainText("(£, inc VAT)");
    await page.getByLabel("Min price", { exact: true }).fill("14");
    await page.getByLabel("Max price", { exact: true }).fill("15");
    await apply(page);
    await expect(page).toHaveURL(/[?&]min=14/);
    await expect(page).toHaveURL(/[?&]max=15/);
    // only the sanitiser spray, £11.99 ex VAT and £14.39 inc VAT, is between £14 and £15
    await expect(page.getByText("Showing 1 of 1 product", { exact: true })).toBeVisible();
    await expect(card(page, "food-safe-sanitiser-spray-750ml-6-pack")).toBeVisible();
  });

  test("says when the filters leave nothing, and clears them", async ({ page }) => {
    await page.goto(`${CLEANING}?q=no-such-product-anywhere`);
    await expect(page.getByText("No products match your filters.", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(CLEANING);
    await expect(page.getByText("Showing 10 of 10 products", { exact: true })).toBeVisible();

    await page.goto("/?q=no-such-product-anywhere");
    await expect(page.getByText("No products match your filters.", { exact: true })).toBeVisible();
  });

  test("an unknown category is a 404 with a way back", async ({ page }) => {
    const response = await page.goto("/category/no-such-category");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the homepage" }).click();
    await expect(page).toHaveURL("/");
  });

  test("a guest sees list prices including VAT, with no discounts", JS_INDEPENDENT, async ({ page }) => {
    await page.goto(CLEANING);
    await expect(card(page, "washing-up-liquid-5l").getByTestId("card-price")).toHaveText("£5.99");
    await expect(card(page, "thick-bleach-5l").getByTestId("card-price")).toHaveText("£3.59");
    await expect(page.getByTestId("card-list-price")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Discounts" })).toHaveCount(0);
  });

  test("an approved customer sees their own prices, with badges and the list price struck through", JS_INDEPENDENT, async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto(CLEANING);
    // an agreed price of £4.20 ex VAT
    const washing = card(page, "washing-up-liquid-5l");
    await expect(washing.getByTestId("card-price")).toHaveText("£5.04");
    await expect(washing.getByTestId("card-list-price")).toHaveText("£5.99");
    await expect(washing.locator("s")).toHaveText("£5.99");
    await expect(washing.getByRole("list", { name: "Discounts" })).toContainText("Your price");
    // Silver tier: £2.99 less 10% = £2.69, + VAT = £3.23
    const bleach = card(page, "thick-bleach-5l");
    await expect(bleach.getByTestId("card-price")).toHaveText("£3.23");
    await expect(bleach.getByTestId("card-list-price")).toHaveText("£3.59");
    await expect(bleach.getByRole("list", { name: "Discounts" })).toContainText("10% tier discount");
    // the home page prices its cards the same way (searched, so the card is in its section's taste)
    await page.goto("/?q=thick+bleach#cleaning-hygiene");
    const homeBleach = page.locator("section#cleaning-hygiene").locator('a[href="/products/thick-bleach-5l"]');
    await expect(homeBleach.getByTestId("card-price")).toHaveText("£3.23");
    await expect(homeBleach.getByTestId("card-list-price")).toHaveText("£3.59");
  });

  test("the price range is two number inputs without JavaScript, with a slider pair added with it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(CLEANING);
    await expect(page.getByLabel("Min price", { exact: true })).toHaveAttribute("step", "0.01");
    await expect(page.getByLabel("Max price", { exact: true })).toHaveAttribute("step", "0.01");
    const sliders = page.locator('input[type="range"]');
    if (!javaScriptEnabled) {
      await expect(sliders).toHaveCount(0);
      return;
    }
    await expect(sliders).toHaveCount(2);
    const min = page.getByLabel("Min price slider");
    // bounds on the prices shown: floor of £3.59 and ceiling of £25.19, inc VAT
    await expect(min).toHaveAttribute("min", "3");
    await expect(min).toHaveAttribute("max", "26");
    await expect(min).toHaveAttribute("step", "0.01");
  });

  test("with JavaScript, results follow the search as you type, without a full reload", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs JavaScript");
    await page.goto(CLEANING);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByLabel("Search products").pressSequentially("mop", { delay: 30 });
    await expect(page).toHaveURL(/[?&]q=mop/);
    await expect(page.getByText("Showing 1 of 1 product", { exact: true })).toBeVisible();
    await expect(card(page, "kentucky-mop-head-16oz")).toBeVisible();
    await page.getByLabel("Sort by").selectOption("stock-desc");
    await expect(page).toHaveURL(/[?&]sort=stock-desc/);
    // still the same document: no full page load happened
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(page.getByLabel("Search products")).toHaveValue("mop");
  });
});
