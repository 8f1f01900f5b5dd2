/**
 * Placing an order made offline (docs/decisions/0078), the use case itself: `expectedUnitPrice` per line. The API
 * door is tests/integration/offline-orders.test.ts; the checkout form carries no expected prices.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "~db/schema";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser, SHIPPING } from "../../../tests/integration/factories";
import { ORDER_CHANGED_MESSAGE, placeOrder } from "./orders.server";

let buyer: SessionUser;
let kettle: ReturnType<typeof createProduct>;

beforeAll(async () => {
  kettle = createProduct({ name: "Queue Kettle", sku: "Q-KET", salesPrice: 2000, stockLevel: 5 });
  buyer = findSessionUser(getDb(), (await createUser({ email: "queue-use-case@example.com" })).id)!;
});

const place = (key: string, quantity: number, expectedUnitPrice?: number) =>
  placeOrder(getDb(), buyer, { ...SHIPPING, idempotencyKey: key, channel: "api", lines: [{ productId: kettle.id, quantity, expectedUnitPrice }] });
const count = () => getDb().select().from(orders).where(eq(orders.userId, buyer.id)).all().length;

describe("an order sent with the prices shown", () => {
  it("is refused with the difference and the shortage together, nothing written, and the refusal replays", async () => {
    getDb().update(products).set({ salesPrice: 2100 }).where(eq(products.id, kettle.id)).run();
    const result = await place("use-case-key-1", 9, 2000);
    expect(result).toMatchObject({ ok: false, status: 409, message: ORDER_CHANGED_MESSAGE });
    if (result.ok) return;
    expect(result.details).toEqual({
      differences: [{ productId: kettle.id, sku: "Q-KET", name: "Queue Kettle", quantity: 9, shown: { exVat: 2000, incVat: 2400 }, now: { exVat: 2100, incVat: 2520 } }],
      stock: [{ productId: kettle.id, sku: "Q-KET", name: "Queue Kettle", requested: 9, available: 5 }],
    });
    expect(count()).toBe(0);
    expect(getDb().select().from(products).where(eq(products.id, kettle.id)).get()!.stockLevel).toBe(5);
    getDb().update(products).set({ salesPrice: 2000 }).where(eq(products.id, kettle.id)).run();
    expect(await place("use-case-key-1", 9, 2000)).toMatchObject({ ok: false, status: 409 });
    expect(count()).toBe(0);
  });

  it("is placed at the price shown when it is still the price, and an order without expected prices is as before", async () => {
    expect(await place("use-case-key-2", 2, 2000)).toMatchObject({ ok: true, value: { kind: "placed", replayed: false } });
    expect(await place("use-case-key-2", 2, 2000)).toMatchObject({ ok: true, value: { replayed: true } });
    expect(count()).toBe(1);
    // no expected price: a short line is the usual refusal, not kept under the key (a corrected retry may pass)
    expect(await place("use-case-key-3", 40)).toMatchObject({ ok: false, status: 409 });
    const result = await place("use-case-key-3", 40);
    expect(!result.ok && result.details).toBeFalsy();
  });
});
