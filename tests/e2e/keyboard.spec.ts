/**
 * Two journeys with the keyboard alone (Tab to move, Enter or Space to press, typing into fields; no mouse
 * click anywhere): a customer puts a product in the cart and checks out, and an admin finds an order, opens
 * it and changes its status. Each control is reached by tabbing through the page in order, so a control
 * that cannot take focus, or sits in a focus trap, fails the journey.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures";
import { expectOrderPlacedPage, ORDERABLE, placeOrderThroughApi } from "./orders";

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit = 150, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached within ${limit} presses of Tab`).toBeFocused();
}

/** Tabs to a field and types into it, replacing what was there (selecting it with the keyboard). */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test.describe("keyboard only", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a customer checks out", async ({ page, javaScriptEnabled, customer }) => {
    const name = `Keyboard ${randomUUID().slice(0, 8)}`;
    await signIn(page, customer);

    await page.goto(`/products/${ORDERABLE.stillWater.slug}`);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Add to Cart" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    // back up to the header's cart link rather than through the rest of the page
    await tabTo(page, page.getByRole("link", { name: /^Cart/ }).first(), { backwards: true });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/cart");

    await tabTo(page, page.getByRole("link", { name: "Proceed to Checkout" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/checkout");
    if (javaScriptEnabled) await expect(page.locator("form#checkout-form")).toHaveAttribute("data-hydrated", "true");

    await typeInto(page, page.getByLabel("Full name", { exact: true }), name);
    await typeInto(page, page.getByLabel("Email", { exact: true }), customer.email);
    await typeInto(page, page.getByLabel("Address line 1", { exact: true }), "Unit 3, Kelham Island Works");
    await typeInto(page, page.getByLabel("Town or city", { exact: true }), "Sheffield");
    await typeInto(page, page.getByLabel("Postcode", { exact: true }), "S3 8RY");
    await tabTo(page, page.getByRole("button", { name: "Place Order" }));
    await page.keyboard.press("Enter");

    const orderNumber = await expectOrderPlacedPage(page);
    const orders = (await (await page.request.get("/api/orders")).json()) as { shippingName: string; orderNumber: string }[];
    expect(orders.filter((order) => order.shippingName === name).map((order) => order.orderNumber)).toEqual([orderNumber]);
  });

  test("an admin opens an order and ships it", async ({ page, request, customer }) => {
    expect((await request.post("/api/auth/login", { data: customer })).status()).toBe(200);
    const order = await placeOrderThroughApi(request, customer, [{ slug: ORDERABLE.cola.slug, quantity: 1 }]);
    await signIn(page, ADMIN);

    await page.goto("/admin/orders");
    await typeInto(page, page.getByLabel("Search orders"), order.orderNumber);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));

    await tabTo(page, page.getByRole("link", { name: `View order ${order.orderNumber}` }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`view=${order.id}`));
    const detail = page.getByTestId("order-detail");
    await expect(detail).toContainText(ORDERABLE.cola.name);

    const status = detail.getByLabel("Order status");
    await tabTo(page, status);
    // a focused select takes the option's name typed on the keyboard
    await page.keyboard.type("Shipped");
    await expect(status).toHaveValue("shipped");
    await tabTo(page, detail.getByRole("button", { name: "Update Status" }));
    await page.keyboard.press("Space");

    await expect(page.getByText(`${order.orderNumber} is now Shipped.`).first()).toBeVisible();
    await expect(detail.locator('[data-status="shipped"]')).toBeVisible();
  });
});
