import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signIn, test, type Account } from "./fixtures";
import { expectOrderPlacedPage } from "./orders";

/** A seeded product without variants and with plenty in stock (db/seed.ts): £5.25 + 20% VAT. */
const WATER = "/products/sparkling-spring-water-500ml-24-pack";

const FIELDS = ["Full name", "Email", "Address line 1", "Town or city", "Postcode"] as const;
const MESSAGES = ["Name is required", "Invalid email address", "Address is required", "City is required", "Postcode is required"];

test.describe("checkout", () => {
  test.describe.configure({ timeout: 120_000 });

  async function addWaterToCart(page: Page, javaScriptEnabled: boolean) {
    await page.goto(WATER);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    // the header's badge is the sure sign: the button's "Added to Cart!" lasts only 2 seconds
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    if (!javaScriptEnabled) await expect(page.getByTestId("toast")).toContainText("Added to Cart!");
  }

  async function openCheckout(page: Page, javaScriptEnabled: boolean) {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    // with JavaScript, wait until the form is hydrated: before that a click would post it as a plain form
    if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");
  }

  async function fillShipping(page: Page, name: string, customer: Account) {
    await page.getByLabel("Full name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(customer.email);
    await page.getByLabel("Address line 1", { exact: true }).fill("Unit 3, Kelham Island Works");
    await page.getByLabel("Town or city", { exact: true }).fill("Sheffield");
    await page.getByLabel("Postcode", { exact: true }).fill("S3 8RY");
  }

  /** The customer's orders shipped to `name`, through the API from the browser's own session. */
  async function ordersNamed(page: Page, name: string) {
    const response = await page.request.get("/api/orders");
    expect(response.status()).toBe(200);
    const orders = (await response.json()) as { shippingName: string; orderNumber: string; items: { productName: string }[] }[];
    return orders.filter((order) => order.shippingName === name);
  }

  test("an empty form shows the five messages", async ({ page, javaScriptEnabled, customer }) => {
    await signIn(page, customer);
    await addWaterToCart(page, javaScriptEnabled);
    await openCheckout(page, javaScriptEnabled);

    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(customer.email);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByTestId("checkout-line").filter({ hasText: "Sparkling Spring Water 500ml (24 pack)" })).toBeVisible();
    await expect(summary.getByTestId("checkout-total")).toHaveText(/^£\d+\.\d{2}$/);

    for (const label of FIELDS) await page.getByLabel(label, { exact: true }).fill("");
    await page.getByRole("button", { name: "Place Order" }).click();
    for (const message of MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("placing the order lands on its order-placed page", async ({ page, javaScriptEnabled, customer }) => {
    const name = `Checkout ${randomUUID().slice(0, 8)}`;
    await signIn(page, customer);
    await addWaterToCart(page, javaScriptEnabled);
    await openCheckout(page, javaScriptEnabled);
    await fillShipping(page, name, customer);

    if (javaScriptEnabled) {
      // hold the reply a moment to see the button's pending state
      await page.route(
        (url) => url.pathname === "/checkout",
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
          await route.fallback();
        },
      );
    }
    await page.getByRole("button", { name: "Place Order" }).click();
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Placing order..." })).toBeDisabled();

    const orderNumber = await expectOrderPlacedPage(page);

    const placed = await ordersNamed(page, name);
    expect(placed).toHaveLength(1);
    expect(placed[0].orderNumber).toBe(orderNumber);
    expect(placed[0].items.map((item) => item.productName)).toContain("Sparkling Spring Water 500ml (24 pack)");
    // the cart is empty now, so checkout sends the customer home
    await page.goto("/checkout");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("a lost reply and a resubmitted form place exactly one order", async ({ page, javaScriptEnabled, customer }) => {
    const name = `Lost reply ${randomUUID().slice(0, 8)}`;
    await signIn(page, customer);
    await addWaterToCart(page, javaScriptEnabled);
    await openCheckout(page, javaScriptEnabled);
    await fillShipping(page, name, customer);
    expect(await ordersNamed(page, name)).toHaveLength(0);

    // The first post reaches the server and is processed; its reply never reaches the browser.
    let served = 0;
    await page.route(
      (url) => url.pathname === "/checkout",
      async (route) => {
        if (route.request().method() !== "POST" || served > 0) return route.fallback();
        served += 1;
        await route.fetch({ maxRedirects: 0 });
        await route.abort("failed");
      },
    );
    const form = page.locator("form#checkout-form");
    const key = await form.locator('input[name="idempotencyKey"]').inputValue();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect.poll(() => served).toBe(1);
    await expect.poll(async () => (await ordersNamed(page, name)).length).toBe(1);

    if (javaScriptEnabled) {
      // the page stays on the filled-in form, with the same key, and says what happened
      await expect(page.getByText("We could not reach the server", { exact: false }).first()).toBeVisible();
      await expect(form.locator('input[name="idempotencyKey"]')).toHaveValue(key);
      await expect(page.getByLabel("Full name", { exact: true })).toHaveValue(name);
      await page.getByRole("button", { name: "Place Order" }).click();
    } else {
      // without JavaScript the browser shows its own error page; reloading it sends the same form again.
      // Chromium swaps that page in just after the failure and refuses a reload meanwhile, so try again.
      await expect(async () => {
        await page.reload();
      }).toPass({ timeout: 15_000 });
    }

    const orderNumber = await expectOrderPlacedPage(page);
    const placed = await ordersNamed(page, name);
    expect(placed).toHaveLength(1);
    expect(placed[0].orderNumber).toBe(orderNumber);
  });
});
