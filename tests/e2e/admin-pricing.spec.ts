import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, BUYER, BUYER2, expect, signIn, switchAccount, test } from "./fixtures";

/** Seeded products without volume rules or custom prices: one per project, so the two runs never meet. */
const PRODUCT_FOR_PROJECT: Record<string, { slug: string; name: string }> = {
  js: { slug: "ballpoint-pens-blue-50", name: "Ballpoint Pens Blue (50)" },
  "no-js": { slug: "lever-arch-files-a4-10", name: "Lever Arch Files A4 (10)" },
};

function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title });
}

test.describe("admin pricing rules", () => {
  test("a new volume discount shows at once in the customer's prices", async ({ page }, testInfo) => {
    const product = PRODUCT_FOR_PROJECT[testInfo.project.name] ?? PRODUCT_FOR_PROJECT.js;
    await signIn(page, ADMIN);
    const detail = await page.request.get(`/api/products/${product.slug}`);
    expect(detail.status()).toBe(200);
    const productId: number = (await detail.json()).id;

    // a server reused from an earlier run may still have this test's rule: start from none
    const existing = await page.request.get(`/api/admin/volume-discounts?productId=${productId}`);
    for (const rule of (await existing.json()) as { id: number }[]) {
      expect((await page.request.delete(`/api/admin/volume-discounts/${rule.id}`)).status()).toBe(200);
    }

    await page.goto("/admin/volume-discounts");
    await expect(page.getByRole("heading", { name: "Volume Discounts", level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ discount rule\(s\) configured$/)).toBeVisible();
    await page.getByRole("link", { name: "Add Volume Discount" }).click();
    await expect(page.getByText("Create Volume Discount")).toBeVisible();

    const productSelect = page.getByLabel("Product", { exact: true });
    await expect(productSelect.locator("option", { hasText: product.name })).toHaveText(new RegExp(`^${escape(product.name)} \\(£\\d+\\.\\d{2}\\)$`));
    await productSelect.selectOption(String(productId));
    await page.getByLabel("Minimum Quantity").fill("2");
    await page.getByLabel("Discount Percentage").fill("10");
    await page.getByRole("button", { name: "Create", exact: true }).click();

    await expect(toast(page, "Volume Discount Created")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/volume-discounts$/);
    const row = page.getByTestId("volume-discount-row").filter({ hasText: product.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "2+ units", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "10% off", exact: true })).toBeVisible();

    // the customer sees the new step on the product page straight away
    await switchAccount(page, BUYER2);
    await page.goto(`/products/${product.slug}`);
    const steps = page.getByRole("list", { name: "Volume discounts" });
    await expect(steps.getByTestId("volume-step").filter({ hasText: "2+ units: 10% off" })).toBeVisible();
    const pricing = await page.request.get(`/api/products/${productId}/pricing?quantity=2`);
    expect(pricing.status()).toBe(200);
    expect(await pricing.json()).toMatchObject({ volumeDiscount: "10.00", customPrice: null });
  });

  test("create, edit and delete a price tier", async ({ page }, testInfo) => {
    const name = `Trade ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    await signIn(page, ADMIN);
    await page.goto("/admin/price-tiers");
    await expect(page.getByRole("heading", { name: "Price Tiers", level: 1 })).toBeVisible();
    // the seeded tiers
    await expect(page.getByTestId("price-tier-row").filter({ hasText: "Silver" })).toBeVisible();

    await page.getByRole("link", { name: "Add Price Tier" }).click();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Description").fill("Browser test tier");
    await page.getByLabel("Discount Percentage").fill("12.5");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(toast(page, "Price Tier Created")).toBeVisible();
    const row = page.getByTestId("price-tier-row").filter({ hasText: name });
    await expect(row.getByText("12.5% off")).toBeVisible();

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Discount Percentage")).toHaveValue("12.50");
    await page.getByLabel("Discount Percentage").fill("15");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "Price Tier Updated")).toBeVisible();
    await expect(row.getByText("15% off")).toBeVisible();

    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText("Are you sure you want to delete this price tier?")).toBeVisible();
    await expect(page.getByText("No customers are on this tier.")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Price Tier Deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("create and delete a loyalty reward", async ({ page }, testInfo) => {
    const name = `£7.50 off (${testInfo.project.name} ${randomUUID().slice(0, 6)})`;
    await signIn(page, ADMIN);
    await page.goto("/admin/loyalty-rewards");
    await expect(page.getByRole("heading", { name: "Loyalty Rewards", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Add Reward" }).click();

    await expect(page.getByLabel("Points Cost")).toHaveValue("100");
    await expect(page.getByLabel("Active")).toBeChecked();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Description").fill("Take £7.50 off one order.");
    await page.getByLabel("Points Cost").fill("300");
    await page.getByLabel("Reward Type").selectOption("discount_fixed");
    await page.locator('input[name="rewardValue"]').fill("7.50");
    await page.getByLabel("Valid From").fill("2025-01-05");
    await page.getByRole("button", { name: "Create", exact: true }).click();

    await expect(toast(page, "Reward created successfully")).toBeVisible();
    const item = page.getByTestId("reward-item").filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByText("Active", { exact: true })).toBeVisible();
    await expect(item.getByText("300 points")).toBeVisible();
    await expect(item.getByText("Fixed Amount Discount · £7.50")).toBeVisible();
    await expect(item.getByText("Jan 5, 2025")).toBeVisible();

    await item.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText("Are you sure you want to delete this reward?")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Reward deleted successfully")).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test("approve a customer's product request", async ({ page }, testInfo) => {
    const text = `Compostable soup cups 16oz with lids, cases of 500 (${testInfo.project.name} ${randomUUID().slice(0, 8)})`;
    await signIn(page, BUYER);
    const sent = await page.request.post("/api/product-requests", { data: { requestText: text } });
    expect(sent.status()).toBe(201);

    await switchAccount(page, ADMIN);
    await page.goto("/admin/product-requests?status=pending");
    const card = page.getByTestId("product-request").filter({ hasText: text });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByTestId("request-score")).toHaveCount(3);
    await expect(card.getByText(/^Feasibility \d+\/10: /)).toBeVisible();

    await card.getByRole("button", { name: "Approve" }).click();
    await expect(toast(page, "Product request approved")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/product-requests\?status=pending$/);
    await expect(card).toHaveCount(0);

    await page.goto("/admin/product-requests?status=approved");
    await expect(card.getByText("Approved", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Reject" })).toHaveCount(0);
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
