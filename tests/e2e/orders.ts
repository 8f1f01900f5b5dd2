import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
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
