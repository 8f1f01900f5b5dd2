import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, type Account } from "./fixtures";

/**
 * Seeded products without options and with a deep stock (db/seed.ts), for orders a test places for
 * itself. Each order takes one of each, so a server reused for many runs does not run out.
 */
export const ORDERABLE = {
  stillWater: { slug: "still-spring-water-500ml-24-pack", name: "Still Spring Water 500ml (24 pack)" }, // 210 in stock
  cola: { slug: "cola-330ml-cans-24-pack", name: "Cola 330ml Cans (24 pack)" }, // 180 in stock
} as const;

export type PlacedOrder = { id: number; orderNumber: string; status: string };

/** A line of a test's order: a seeded product by slug, or any product by id. */
export type OrderLine = ({ slug: string } | { productId: number }) & { quantity: number };

/**
 * Places an order through POST /api/orders as the account `request` is signed in as (a page's
 * `page.request` shares the page's cookies): a customer of the test's own, so the demo accounts' order
 * histories and carts stay as seeded. Answers the created order (201), typed as the caller reads it.
 */
export async function placeOrderThroughApi<Order extends PlacedOrder = PlacedOrder>(
  request: APIRequestContext,
  customer: Account,
  lines: OrderLine[],
): Promise<Order> {
  const items: { productId: number; quantity: number }[] = [];
  for (const line of lines) {
    if ("productId" in line) {
      items.push({ productId: line.productId, quantity: line.quantity });
      continue;
    }
    const product = await request.get(`/api/products/${line.slug}`);
    expect(product.status(), `product ${line.slug}`).toBe(200);
    items.push({ productId: (await product.json()).id, quantity: line.quantity });
  }
  const response = await request.post("/api/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      shippingName: "Casey Trader",
      shippingEmail: customer.email,
      shippingAddress: "4 Canal Wharf",
      shippingCity: "Leeds",
      shippingPostcode: "LS11 5PS",
      items,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

type ApiProduct = { id: number; slug: string; name: string; salesPrice: string; stockLevel: number; variants: unknown[] };

/**
 * Places an order of about £330 at list price (ex VAT, before any volume discount) of one plain product with
 * stock to spare, the best-stocked first so repeated runs spread over several, never one of ORDERABLE (the other
 * tests take one of those each, and a run must not use their stock up); returns it and its points
 * (between 250 and 500: enough for the demo's "£5.00 off your next order", not for the 10% reward).
 */
export async function placeOrderWorthPoints(page: Page, customer: Account) {
  const list = await page.request.get("/api/products?sort=stock-desc&pageSize=100");
  expect(list.status()).toBe(200);
  const keptForOthers = new Set<string>(Object.values(ORDERABLE).map((product) => product.slug));
  const products = ((await list.json()) as ApiProduct[]).filter((product) => !keptForOthers.has(product.slug));
  const pick = products
    .map((product) => ({ product, price: Number(product.salesPrice) }))
    .map(({ product, price }) => ({ product, price, quantity: Math.ceil(330 / price) }))
    .find(
      ({ product, price, quantity }) =>
        product.variants.length === 0 && price >= 2 && price <= 150 && product.stockLevel >= quantity + 50,
    );
  expect(pick, "a plain product with stock to spare").toBeTruthy();

  const order = await placeOrderThroughApi<PlacedOrder & { subtotal: string }>(page.request, customer, [
    { productId: pick!.product.id, quantity: pick!.quantity },
  ]);
  const points = Math.floor(Number(order.subtotal));
  // volume discounts may take a little off the list price
  expect(points).toBeGreaterThanOrEqual(250);
  expect(points).toBeLessThan(500);
  return { order, points };
}

/**
 * After Place Order: the order-placed page (its own URL, with or without JavaScript), its heading and the
 * order number it shows. Answers that number.
 */
export async function expectOrderPlacedPage(page: Page): Promise<string> {
  await page.waitForURL((url) => /^\/account\/orders\/\d+\/placed$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1, name: /^Order placed/ })).toBeVisible();
  const orderNumber = (await page.getByTestId("placed-order-number").innerText()).trim();
  expect(orderNumber).toMatch(/^ORD-\d{6}$/);
  return orderNumber;
}
