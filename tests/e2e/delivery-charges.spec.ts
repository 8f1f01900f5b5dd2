import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { request as apiRequest, type Page } from "@playwright/test";
import { pdfText } from "../integration/pdf-text";
import { ADMIN, createCustomer, expect, INSTALL_WIDE, signIn, switchAccount, test } from "./fixtures";

/**
 * Delivery charges from the back office to the invoice PDF. The charge changes every checkout of the install,
 * so these run after every other check (INSTALL_WIDE), and put the settings back to none when they end.
 */

/** A seeded product without variants and with plenty in stock (db/seed.ts): £5.25 + 20% VAT. */
const WATER = { slug: "sparkling-spring-water-500ml-24-pack", name: "Sparkling Spring Water 500ml (24 pack)" };

async function addWater(page: Page, javaScriptEnabled: boolean, quantity: number, badge: number) {
  await page.goto(`/products/${WATER.slug}`);
  // the ± buttons render once the page is hydrated: until then a click would post the plain form
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText(String(badge));
}

async function openCheckout(page: Page, javaScriptEnabled: boolean, query = "") {
  await page.goto(`/checkout${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
}

/** Place Order with the address the form starts from (the customer's profile), and wait until it is placed. */
async function placeOrder(page: Page) {
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL((url) => url.pathname !== "/checkout");
}

/** The text of the newest invoice's PDF, downloaded from Your Invoices as a buyer does. */
async function newestInvoicePdf(page: Page) {
  const invoices = (await (await page.request.get("/api/invoices")).json()) as { invoiceNumber: string }[];
  await page.goto("/account/invoices");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Download PDF of invoice ${invoices[0]!.invoiceNumber}` }).click(),
  ]);
  return pdfText(await readFile((await download.path())!));
}

async function adminApi(baseURL: string) {
  const context = await apiRequest.newContext({ baseURL });
  expect((await context.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  return context;
}

test.describe("delivery charges", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 1280, height: 800 } });

  test.afterEach(async ({ baseURL }) => {
    // whatever happened, the install goes back to free delivery and no minimum
    const admin = await adminApi(baseURL!);
    expect((await admin.put("/api/admin/settings/ordering", { data: { deliveryCharge: "0", cutOffTime: "15:00" } })).status()).toBe(200);
    await admin.dispose();
  });

  test("an admin sets a charge and a minimum; a buyer sees both in the cart and at checkout, and the invoice PDF carries the charge", INSTALL_WIDE, async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin");
    // the sidebar's Settings opens the Company tab; Delivery & ordering is the tab beside it
    await page.getByTestId("admin-sidebar").getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Delivery & ordering" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/ordering$/);
    await expect(page.getByRole("heading", { level: 1, name: "Delivery & ordering" })).toBeVisible();
    await page.getByLabel("Delivery charge per order (£, ex VAT)").fill("six fifty");
    await page.getByLabel("Free delivery from (£ goods, ex VAT)").fill("500");
    await page.getByLabel("Minimum order (£ goods, ex VAT)").fill("20.00");
    await page.getByLabel("Cut-off time (UK time)").fill("15:00");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Delivery charge must be an amount in pounds of 0 or more, like 7.50")).toBeVisible();
    await page.getByLabel("Delivery charge per order (£, ex VAT)").fill("6.50");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Delivery & ordering settings saved" })).toBeVisible();
    await expect(page.getByTestId("ordering-summary")).toContainText("Each order pays £6.50 ex VAT for delivery (plus VAT at 20%)");

    await switchAccount(page, await createCustomer(baseURL!));
    await addWater(page, javaScriptEnabled, 1, 1);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-delivery")).toContainText("£6.50");
    await expect(page.getByTestId("cart-delivery")).toContainText("+ £1.30 VAT");
    await expect(page.getByTestId("minimum-order")).toHaveText("The minimum order is £20.00 ex VAT: add £14.75 more to place this order.");
    await openCheckout(page, javaScriptEnabled);
    await expect(page.getByTestId("minimum-order")).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Order failed" })).toContainText("add £14.75 more to place this order");

    // 4 × £5.25 = £21.00 + £4.20 VAT; delivery £6.50 + £1.30 VAT: £33.00
    await addWater(page, javaScriptEnabled, 3, 4);
    await page.goto("/cart");
    await expect(page.getByTestId("minimum-order")).toHaveCount(0);
    await expect(page.getByTestId("cart-total")).toHaveText("£33.00");
    await openCheckout(page, javaScriptEnabled);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByTestId("checkout-delivery")).toContainText("£6.50");
    await expect(summary.getByTestId("checkout-delivery")).toContainText("+ £1.30 VAT");
    await expect(summary.getByTestId("checkout-total")).toHaveText("£33.00");
    await placeOrder(page);

    const orders = (await (await page.request.get("/api/orders")).json()) as { deliveryCharge: string; total: string }[];
    expect(orders[0]).toMatchObject({ deliveryCharge: "6.50", total: "33.00" });
    const pdf = await newestInvoicePdf(page);
    expect(pdf).toContain("Delivery");
    expect(pdf).toContain("£6.50");
    expect(pdf).toContain("£33.00");
  });

  test("a Free Shipping reward takes the charge off the order and its invoice", INSTALL_WIDE, async ({ page, javaScriptEnabled, baseURL }) => {
    const admin = await adminApi(baseURL!);
    expect((await admin.put("/api/admin/settings/ordering", { data: { deliveryCharge: "6.50", cutOffTime: "15:00" } })).status()).toBe(200);
    const rewardName = `Free delivery ${randomUUID().slice(0, 6)}`;
    const reward = await admin.post("/api/admin/loyalty-rewards", {
      data: { name: rewardName, description: "Delivery on us, once.", pointsCost: 20, rewardType: "free_shipping", isActive: true },
    });
    expect(reward.status()).toBe(201);
    await admin.dispose();

    // a first order earns the points (1 per whole pound of goods)
    await signIn(page, await createCustomer(baseURL!));
    await addWater(page, javaScriptEnabled, 4, 4);
    await openCheckout(page, javaScriptEnabled);
    await placeOrder(page);

    await page.goto("/account/loyalty");
    await page.getByTestId("reward-card").filter({ hasText: rewardName }).getByRole("button", { name: "Redeem for 20 points" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Success!" })).toContainText(`Redeemed ${rewardName}.`);

    await addWater(page, javaScriptEnabled, 4, 4);
    await openCheckout(page, javaScriptEnabled);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByTestId("checkout-delivery")).toContainText("£6.50");
    // the customer's one voucher, the reward just redeemed
    await summary.getByRole("list", { name: "Your vouchers" }).getByRole("link", { name: /^Apply/ }).click();
    await expect(summary.getByTestId("checkout-delivery")).toHaveText("Free delivery (reward)");
    await expect(summary.getByTestId("checkout-total")).toHaveText("£25.20");
    if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
    await placeOrder(page);

    const orders = (await (await page.request.get("/api/orders")).json()) as { deliveryCharge: string; freeShipping: boolean; total: string }[];
    expect(orders[0]).toMatchObject({ deliveryCharge: "0.00", freeShipping: true, total: "25.20" });
    const pdf = await newestInvoicePdf(page);
    expect(pdf).toContain("Free delivery (reward)");
    expect(pdf).toContain("£25.20");
  });
});
