import { randomUUID } from "node:crypto";
import { ADMIN, expect, signIn, test } from "./fixtures";

test.describe("stock adjustments", () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("adjust stock from the product and from Inventory Alerts, and read the movement history", async ({ page }, testInfo) => {
    const name = `Degreaser 5L ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/api/admin/products", {
      data: { name, salesPrice: "8.50", stockLevel: 3, lowStockThreshold: 10 },
    });
    expect(created.status()).toBe(201);
    const product: { id: number } = await created.json();

    // from the products list: the product's stock dialog
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Stock of ${name}` }).click();
    await expect(page.getByText("3 in stock now.", { exact: true })).toBeVisible();
    await page.getByLabel("Units in or out").fill("-5");
    await page.getByLabel("Reason").fill("Breakage");
    await page.getByRole("button", { name: "Adjust stock" }).click();
    await expect(page.getByText("Only 3 of").first()).toBeVisible();

    await page.getByLabel("Units in or out").fill("12");
    await page.getByLabel("Reason").fill("Stock count");
    await page.getByRole("button", { name: "Adjust stock" }).click();
    await expect(page.getByText("Stock adjusted").first()).toBeVisible();
    await expect(page.getByText("15 in stock now.", { exact: true })).toBeVisible();
    const history = page.getByTestId("stock-movement");
    await expect(history.first()).toContainText("Adjustment");
    await expect(history.first()).toContainText("+12");
    await expect(history.first()).toContainText("15");
    await expect(history.first()).toContainText("Stock count");
    await expect(history.first()).toContainText("admin@example.com");
    await expect(history.last()).toContainText("Opening stock");

    // Inventory Alerts lists it only at or below its threshold of 10: take 10 out through the API first
    const out = await page.request.post(`/api/admin/products/${product.id}/stock-adjustments`, {
      data: { change: -10, note: "Sent to the other site" },
    });
    expect(out.status()).toBe(201);
    await page.goto("/admin/inventory-alerts");
    await page.getByRole("link", { name: `Adjust stock of ${name}` }).click();
    await expect(page.getByText("5 in stock now.", { exact: true })).toBeVisible();
    await page.getByLabel("Units in or out").fill("-2");
    await page.getByLabel("Reason").fill("Leaking");
    await page.getByRole("button", { name: "Adjust stock" }).click();
    await expect(page.getByText("Stock adjusted").first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/inventory-alerts$/);
    await expect(page.getByTestId("inventory-alert").filter({ hasText: name })).toContainText("3");

    await page.goto(`/admin/products?stockOf=${product.id}`);
    await expect(history).toHaveCount(4);
    await expect(history.nth(0)).toContainText("\u22122");
    await expect(history.nth(0)).toContainText("Leaking");
    await expect(history.nth(1)).toContainText("Sent to the other site");
  });
});
