import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, type OrderStatus } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { recommendationsFor } from "./recommendations.server";

const ids: Record<string, number> = {};
let orderCount = 0;

function product(name: string) {
  const row = getDb()
    .insert(products)
    .values({ name, slug: name.toLowerCase(), salesPrice: 1000, stockLevel: 50 })
    .returning()
    .get();
  ids[name] = row.id;
}

/** One order holding the named products (a name twice: two variants of it). */
function order(names: string[], status: OrderStatus = "delivered") {
  orderCount += 1;
  const row = getDb()
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(orderCount).padStart(6, "0")}`,
      status,
      subtotal: 1000 * names.length,
      vatAmount: 0,
      total: 1000 * names.length,
      shippingName: "Test",
      shippingEmail: "test@example.com",
      shippingAddress: "1 Road",
      shippingCity: "York",
      shippingPostcode: "YO1 1AA",
    })
    .returning()
    .get();
  for (const name of names) {
    getDb()
      .insert(orderItems)
      .values({
        orderId: row.id,
        productId: ids[name],
        productName: name,
        quantity: 1,
        unitPrice: 1000,
        vatRate: 0,
        total: 1000,
        vatAmount: 0,
      })
      .run();
  }
}

beforeAll(() => {
  for (const name of ["Anchor", "B", "C", "D", "E", "F", "Lonely"]) product(name);
  order(["Anchor", "B", "C"]);
  order(["Anchor", "B", "D"]);
  order(["Anchor", "B", "E"]);
  order(["Anchor", "C", "D"]);
  // two variants of Anchor and of C in one order: still one order together
  order(["Anchor", "Anchor", "C", "C"]);
  order(["Anchor", "F"]);
  // cancelled orders do not count
  order(["Anchor", "F"], "cancelled");
  order(["Anchor", "F"], "cancelled");
  order(["Anchor", "F"], "cancelled");
  // orders without the product do not count
  order(["E", "F", "D"]);
});

describe("recommendationsFor", () => {
  it("ranks products by the orders they share with the product, then by id, at most four", () => {
    const result = recommendationsFor(getDb(), ids.Anchor);
    expect(result).toEqual({
      ok: true,
      value: [
        { productId: ids.B, frequency: 3 },
        { productId: ids.C, frequency: 3 },
        { productId: ids.D, frequency: 2 },
        { productId: ids.E, frequency: 1 },
      ],
    });
  });

  it("ties go to the lower product id", () => {
    expect(ids.B).toBeLessThan(ids.C);
    const result = recommendationsFor(getDb(), ids.Anchor, 10);
    expect(result.ok && result.value.map((r) => r.productId)).toEqual([ids.B, ids.C, ids.D, ids.E, ids.F]);
    expect(result.ok && result.value.at(-1)).toEqual({ productId: ids.F, frequency: 1 });
  });

  it("never recommends the product itself", () => {
    const result = recommendationsFor(getDb(), ids.C);
    expect(result.ok && result.value.map((r) => r.productId)).not.toContain(ids.C);
    expect(result.ok && result.value[0]).toEqual({ productId: ids.Anchor, frequency: 3 });
  });

  it("is empty for a product never bought with another", () => {
    expect(recommendationsFor(getDb(), ids.Lonely)).toEqual({ ok: true, value: [] });
  });

  it("answers 404 for an unknown product", () => {
    expect(recommendationsFor(getDb(), 999_999)).toMatchObject({ ok: false, status: 404, message: "Product not found" });
  });
});
