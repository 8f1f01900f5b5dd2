import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { request as apiRequest, type Page } from "@playwright/test";
import { ADMIN, expect, JS_ONLY, test } from "./fixtures";

/** Seeded demo products of "Catering Food & Ingredients" (db/seed/catalog-data.ts). */
const FOOD = "/category/catering-food-ingredients";
const PENNE = "Penne Pasta 3kg"; // 120 in stock
const RICE = "Long Grain Rice 10kg"; // 64 in stock
const EGGS = "Free-Range Medium Eggs (Tray of 30)"; // 6 in stock

const quantityOf = (page: Page, name: string) => page.getByRole("spinbutton", { name: `Quantity of ${name}`, exact: true });

/** With JavaScript, wait until the page is hydrated: before that a click posts the plain form. */
async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('section[aria-label="Notifications (F8)"]')).toBeAttached();
}

/** No serious or critical axe violation (WCAG 2.x A and AA), as tests/e2e/accessibility.spec.ts checks screens. */
async function expectAccessible(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
}

async function switchToList(page: Page, javaScriptEnabled: boolean) {
  await page.goto(FOOD);
  await ready(page, javaScriptEnabled);
  const toggle = page.getByRole("navigation", { name: "Listing view" });
  await expect(toggle.getByRole("link", { name: "Grid" })).toHaveAttribute("aria-current", "true");
  await toggle.getByRole("link", { name: "List" }).click();
  await expect(page.getByTestId("product-list")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === FOOD);
  await expect(toggle.getByRole("link", { name: "List" })).toHaveAttribute("aria-current", "true");
}

test.describe("list view for trade buying", () => {
  test("a buyer switches to the list, which stays after a reload, and adds two rows in one go; a short row is refused and keeps its quantity", async ({
    page,
    login,
    customer,
    javaScriptEnabled,
  }) => {
    test.slow(); // a whole journey: toggle, reload, post, cart
    await login(customer);
    await switchToList(page, javaScriptEnabled);

    // remembered for this browser: a reload (and a later visit) shows the list again
    await page.reload();
    await expect(page.getByTestId("product-list")).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(0);
    await ready(page, javaScriptEnabled);

    // each row: picture, name, SKU, the buyer's price with its basis, stock, and a quantity box
    const penneRow = page.getByTestId("listing-row").filter({ hasText: PENNE });
    await expect(penneRow.getByTestId("sku")).toHaveText("SKU PASTA-PENNE-3KG");
    await expect(penneRow.getByTestId("row-price")).toHaveText(/^£\d+\.\d{2}$/);
    await expect(penneRow.getByTestId("row-price-basis")).toHaveText("inc VAT");
    await expect(penneRow.getByTestId("row-stock")).toHaveText("In stock");
    // the thumbnail is the product's own picture (decorative here: the name beside it says what it is)
    await expect(penneRow.locator('img[src^="/images/"]')).toHaveCount(1);

    await quantityOf(page, PENNE).fill("4");
    await quantityOf(page, RICE).fill("2");
    await quantityOf(page, EGGS).fill("50");
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("button", { name: "Add selected to cart" }).click();

    const result = page.getByTestId("add-selected-result");
    await expect(result).toContainText("4 × Penne Pasta 3kg");
    await expect(result).toContainText("2 × Long Grain Rice 10kg");
    await expect(page.getByTestId("add-selected-refused")).toHaveText(`50 × ${EGGS} (only 6 left in stock)`);
    await expect(page.getByTestId("cart-badge")).toHaveText("6");
    // the refused row keeps what was typed, and says why; the rows that went in are empty again
    await expect(quantityOf(page, EGGS)).toHaveValue("50");
    await expect(page.getByTestId("listing-row").filter({ hasText: EGGS }).getByTestId("row-refusal")).toHaveText("Not added: only 6 left in stock");
    await expect(quantityOf(page, PENNE)).toHaveValue("");
    await expect(page.getByTestId("product-list")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("list-after-add.png"), fullPage: false });
    // with JavaScript the post happened in the background: the page was never reloaded
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await expectAccessible(page);
    }

    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ hasText: PENNE }).getByRole("spinbutton")).toHaveValue("4");
    await expect(page.getByTestId("cart-line").filter({ hasText: RICE }).getByRole("spinbutton")).toHaveValue("2");
  });

  test("with JavaScript, a lost request keeps every quantity typed and adds nothing", JS_ONLY, async ({ page, login, customer }) => {
    await login(customer);
    await switchToList(page, true);
    await ready(page, true);
    await quantityOf(page, PENNE).fill("3");
    await quantityOf(page, RICE).fill("1");
    await page.route("**/cart/add-selected*", (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Add selected to cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Could not reach the server");
    await expect(quantityOf(page, PENNE)).toHaveValue("3");
    await expect(quantityOf(page, RICE)).toHaveValue("1");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("a product without a picture shows a small neutral box, in the grid, the list and on its page", async ({ page, baseURL }, testInfo) => {
    const admin = await apiRequest.newContext({ baseURL });
    expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
    const categories = (await (await admin.get("/api/categories")).json()) as { id: number; slug: string }[];
    const food = categories.find((category) => category.slug === "catering-food-ingredients")!;
    const word = `Unlabelled${randomUUID().slice(0, 6)}`;
    const name = `${word} Stock Pot ${testInfo.project.name}`;
    const created = await admin.post("/api/admin/products", { data: { name, salesPrice: "24.00", stockLevel: 12, categoryId: food.id } });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    await admin.dispose();

    const expectSmall = async (most: number) => {
      const box = await page.getByTestId("no-picture").first().boundingBox();
      expect(box).not.toBeNull();
      expect(box!.width).toBeLessThanOrEqual(most);
      expect(box!.height).toBeLessThanOrEqual(most);
    };
    await page.goto(`${FOOD}?q=${word}`);
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    await expect(page.getByTestId("product-card").getByRole("img", { name: "No picture" })).toBeVisible();
    await expectSmall(64);
    await page.screenshot({ path: testInfo.outputPath("grid-no-picture.png") });

    await page.goto(`/listing-view?view=list&back=${encodeURIComponent(`${FOOD}?q=${word}`)}`);
    await expect(page.getByTestId("listing-row")).toHaveCount(1);
    await expectSmall(48);

    await page.goto(`/products/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expectSmall(80);
    await page.screenshot({ path: testInfo.outputPath("product-no-picture.png") });
  });

  test("on the home page the rows of every section post as one", async ({ page, javaScriptEnabled }) => {
    await page.goto(`/listing-view?view=list&back=%2F`);
    await expect(page.getByTestId("product-list").first()).toBeVisible();
    await ready(page, javaScriptEnabled);
    // the first in-stock product of two sections (sections list their products by name)
    await quantityOf(page, "Baked Beans 2.62kg Tin (Case of 6)").fill("2");
    await quantityOf(page, "Antibacterial Hand Soap 5L").fill("3");
    await page.getByRole("button", { name: "Add selected to cart" }).click();
    const result = page.getByTestId("add-selected-result");
    await expect(result).toContainText("2 × Baked Beans 2.62kg Tin (Case of 6)");
    await expect(result).toContainText("3 × Antibacterial Hand Soap 5L");
    await expect(page.getByTestId("cart-badge")).toHaveText("5");
  });

  for (const width of [1280, 375]) {
    test(`the list reads at ${width} px: one column of rows, nothing wider than the screen`, async ({ page, javaScriptEnabled }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await switchToList(page, javaScriptEnabled);
      const rows = page.getByTestId("listing-row");
      await expect(rows.first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // each row keeps its quantity box beside or below its name, inside the screen
      const box = await quantityOf(page, PENNE).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`category-list-${width}.png`), fullPage: true });
      if (javaScriptEnabled) await expectAccessible(page);
      await page.goto("/");
      await expect(page.getByTestId("product-list").first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`home-list-${width}.png`) });
    });
  }
});
