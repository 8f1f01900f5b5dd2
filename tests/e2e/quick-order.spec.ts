import type { Page } from "@playwright/test";
import { BUYER, expect, loginAs, test } from "./fixtures";

/** Seeded demo products (db/seed.ts) without options and with plenty in stock. */
const PENS = "ballpoint-pens-blue-50"; // 95 in stock
const TILL_ROLLS = "thermal-till-rolls-57x40mm-20"; // 110 in stock

type ApiOrder = { id: number; orderNumber: string };

async function cartBadgeCount(page: Page) {
  const badge = page.getByTestId("cart-badge");
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

/**
 * The header's cart badge went up by at least `added`. At least, because both projects (and other specs)
 * sign in as the same demo buyer at the same time and may add to the same cart meanwhile.
 */
async function expectBadgeUpBy(page: Page, before: number, added: number) {
  await expect(page.getByTestId("cart-badge")).toBeVisible();
  expect(await cartBadgeCount(page)).toBeGreaterThanOrEqual(before + added);
}

test.describe("quick order", () => {
  test("a signed-out visitor is asked to log in first", async ({ page }) => {
    await page.goto("/quick-order");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquick-order$/);
  });

  test("Quick Entry adds the good line and lists the failures, keeping the failed lines to fix", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
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
    // the placeholder shows two real SKUs
    await expect(box).toHaveAttribute("placeholder", /^[a-z0-9-]+, \d+\n[a-z0-9-]+, \d+$/);

    const before = await cartBadgeCount(page);
    await box.fill(`${PENS}, 2\nthis line has no quantity\nno-such-product-xyz, 1`);
    await page.getByRole("button", { name: "Add to Cart" }).click();

    const result = page.getByTestId("quick-order-result");
    await expect(result.getByRole("alert")).toContainText("Some Items Failed");
    await expect(result.getByRole("listitem")).toHaveText([
      'Line 2: Invalid format "this line has no quantity"',
      'Line 3: Product "no-such-product-xyz" not found',
    ]);
    await expect(result.getByRole("status")).toHaveText("Added 1 product(s) to cart");
    await expectBadgeUpBy(page, before, 2);
    await expect(page.getByRole("textbox", { name: /SKU then quantity/ })).toHaveValue(
      "this line has no quantity\nno-such-product-xyz, 1",
    );
  });

  test("Quick Entry says how many products went in when every line is good", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
    await page.goto("/quick-order");
    const before = await cartBadgeCount(page);
    await page.getByRole("textbox", { name: /SKU then quantity/ }).fill(`${PENS} 1\n\n${TILL_ROLLS}\t2`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added 2 product(s) to cart");
    await expectBadgeUpBy(page, before, 3);
    await expect(page.getByTestId("quick-order-result")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: /SKU then quantity/ })).toHaveValue("");
  });

  test("CSV Upload processes a small file, and offers the template", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
    await page.goto("/quick-order");
    await page.getByRole("navigation", { name: "Quick order options" }).getByRole("link", { name: "CSV Upload" }).click();
    await expect(page).toHaveURL(/\/quick-order\?tab=csv$/);

    const template = page.getByRole("link", { name: "Download template" });
    await expect(template).toHaveAttribute("href", "/quick-order/template.csv");
    const download = await page.request.get("/quick-order/template.csv");
    expect(download.headers()["content-disposition"]).toBe('attachment; filename="quick-order-template.csv"');
    expect(await download.text()).toMatch(/^SKU,Quantity\n[a-z0-9-]+,\d+\n$/);

    const before = await cartBadgeCount(page);
    await page.getByLabel("CSV file").setInputFiles({
      name: "order.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`SKU,Quantity\n${PENS},1\n${TILL_ROLLS},not-a-number\n`),
    });
    await page.getByRole("button", { name: "Upload CSV" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("CSV Processed");
    await expect(toast).toContainText("Added 1 product(s) to cart");
    await expectBadgeUpBy(page, before, 1);
  });

  test("CSV Upload names an unknown SKU by its row", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
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

  test("the Reorder tab lists the customer's last 10 orders and reorders one into the cart", async ({ page }) => {
    await loginAs(page, BUYER.email, BUYER.password);
    const response = await page.request.get("/api/orders/my-orders?limit=10");
    expect(response.status()).toBe(200);
    const latest: ApiOrder[] = await response.json();
    expect(latest.length).toBeGreaterThan(0);

    await page.goto("/quick-order?tab=reorder");
    await expect(
      page.getByRole("navigation", { name: "Quick order options" }).getByRole("link", { name: "Reorder" }),
    ).toHaveAttribute("aria-current", "page");
    const rows = page.getByTestId("reorder-row");
    await expect(rows).toHaveCount(Math.min(10, latest.length));
    await expect(rows.first()).toContainText(latest[0].orderNumber);
    await expect(rows.first()).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
    await expect(rows.first()).toContainText(/£[\d,]+\.\d{2}/);

    await rows.first().getByRole("button", { name: `Reorder ${latest[0].orderNumber}` }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(/Items added to cart|Nothing added to cart/);
    const text = await toast.textContent();
    if (text?.includes("Items added to cart")) await expect(page).toHaveURL(/\/cart$/);
    else await expect(page).toHaveURL(/\/quick-order\?tab=reorder$/);
  });
});
