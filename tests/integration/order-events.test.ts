import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, returnItems, returns, salesInvoices, stockMovements } from "~db/schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { completeReturn } from "~/domain/returns/return-completion.server";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { getDb } from "~/utils/db.server";
import { createInvoicedOrder, createProduct, createUser } from "./factories";

/** Rules that hold whatever order the events come in: what is delivered or paid is undone by a return. */
let admin: SessionUser;
let buyer: { id: string; email: string };
let product: typeof products.$inferSelect;

beforeAll(async () => {
  admin = findSessionUser(getDb(), (await createUser({ email: "admin@example.com", role: "admin" })).id)!;
  buyer = await createUser({ email: "buyer@example.com" });
  product = createProduct({ name: "Bleach 5L", salesPrice: 600, stockLevel: 40 });
});

const stock = () => getDb().select({ s: products.stockLevel }).from(products).where(eq(products.id, product.id)).get()!.s;
const invoiceOf = (orderId: number) => getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get()!;

/** An approved refund return of `quantity` units of the order's line. */
function approvedRefund(orderId: number, quantity: number) {
  const item = getDb().select().from(orderItems).where(eq(orderItems.orderId, orderId)).get()!;
  const ret = getDb()
    .insert(returns)
    .values({ orderId, userId: buyer.id, status: "approved", reason: "Damaged", returnType: "refund" })
    .returning()
    .get();
  getDb()
    .insert(returnItems)
    .values({ returnId: ret.id, orderItemId: item.id, productId: product.id, productName: product.name, quantity, unitPrice: 600, vatRate: 2000 })
    .run();
  return ret;
}

describe("cancelling", () => {
  it("refuses a delivered order: stock, invoice and status stay as they were", () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 3 }], ukToday());
    getDb().update(orders).set({ status: "delivered" }).where(eq(orders.id, made.orderId)).run();
    const before = stock();
    const result = cancelOrder(getDb(), admin, made.orderId);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(result.ok ? "" : result.message).toContain("a return undoes it");
    expect(stock()).toBe(before);
    expect(invoiceOf(made.orderId).status).toBe("unpaid");
  });

  it("refuses an order whose invoice has payments, so no void invoice ever holds money", () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 2 }], ukToday());
    getDb().update(salesInvoices).set({ amountPaid: 500 }).where(eq(salesInvoices.id, made.id)).run();
    const result = cancelOrder(getDb(), admin, made.orderId);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(invoiceOf(made.orderId).status).toBe("unpaid");
    expect(getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, made.orderId)).get()!.status).toBe("processing");
  });

  it("refuses an order with a completed return, even moved back from delivered to processing: its credit note stays against a live invoice", async () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 4 }], ukToday());
    const ret = approvedRefund(made.orderId, 1);
    expect(await completeReturn(getDb(), admin, ret.id)).toMatchObject({ ok: true });
    const credited = invoiceOf(made.orderId).creditedAmount;
    expect(credited).toBeGreaterThan(0);
    // an order still in processing (as one moved back from delivered would be)
    const before = stock();
    const result = cancelOrder(getDb(), admin, made.orderId);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(result.ok ? "" : result.message).toContain("was completed against it");
    expect(stock()).toBe(before);
    expect(invoiceOf(made.orderId)).toMatchObject({ status: "unpaid", creditedAmount: credited });
  });

  it("still cancels an unpaid order that has not been delivered, voiding its invoice", () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 1 }], ukToday());
    expect(cancelOrder(getDb(), admin, made.orderId)).toMatchObject({ ok: true });
    expect(invoiceOf(made.orderId).status).toBe("void");
  });
});

describe("completing a return", () => {
  it("refuses when its order was cancelled since: no stock back twice, no refund against a void invoice", async () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 4 }], ukToday());
    const ret = approvedRefund(made.orderId, 2);
    getDb().update(orders).set({ status: "cancelled" }).where(eq(orders.id, made.orderId)).run();
    const before = stock();
    const result = await completeReturn(getDb(), admin, ret.id);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(stock()).toBe(before);
    expect(getDb().select({ status: returns.status }).from(returns).where(eq(returns.id, ret.id)).get()!.status).toBe("approved");
  });
});

describe("completing an exchange", () => {
  function approvedExchange(quantity: number) {
    const made = createInvoicedOrder(buyer, [{ product, quantity }], ukToday());
    getDb().update(orders).set({ status: "delivered" }).where(eq(orders.id, made.orderId)).run();
    const item = getDb().select().from(orderItems).where(eq(orderItems.orderId, made.orderId)).get()!;
    const ret = getDb()
      .insert(returns)
      .values({ returnNumber: `RMA-9${made.orderId}`, orderId: made.orderId, userId: buyer.id, status: "approved", reason: "Wrong size", returnType: "exchange" })
      .returning()
      .get();
    getDb()
      .insert(returnItems)
      .values({ returnId: ret.id, orderItemId: item.id, productId: product.id, productName: product.name, quantity, unitPrice: 600, vatRate: 2000 })
      .run();
    return ret;
  }

  it("takes the goods back and sends a replacement order at no charge, linked to the return", async () => {
    const ret = approvedExchange(2);
    const before = stock();
    const result = await completeReturn(getDb(), admin, ret.id);
    expect(result).toMatchObject({ ok: true });
    const linked = getDb().select({ id: returns.replacementOrderId }).from(returns).where(eq(returns.id, ret.id)).get()!.id;
    expect(linked).not.toBeNull();
    const replacement = getDb().select().from(orders).where(eq(orders.id, linked!)).get()!;
    expect(replacement).toMatchObject({ status: "processing", subtotal: 0, vatAmount: 0, total: 0, userId: buyer.id, channel: "exchange" });
    const lines = getDb().select().from(orderItems).where(eq(orderItems.orderId, linked!)).all();
    expect(lines).toMatchObject([{ productId: product.id, quantity: 2, unitPrice: 0, total: 0, vatAmount: 0 }]);
    // two units back in, the same two out again: both recorded, the level as it was
    expect(stock()).toBe(before);
    const moves = getDb().select().from(stockMovements).where(eq(stockMovements.productId, product.id)).all();
    expect(moves.filter((m) => m.returnId === ret.id && m.reason === "return")).toMatchObject([{ change: 2 }]);
    expect(moves.filter((m) => m.orderId === linked && m.reason === "sale")).toMatchObject([{ change: -2 }]);
    expect(result.ok && result.value.replacementOrderId).toBe(linked);
  });

  it("is refused, with nothing written, when the product is gone and nothing can be sent", async () => {
    const gone = createProduct({ name: "Discontinued Mop", salesPrice: 900, stockLevel: 5 });
    const made = createInvoicedOrder(buyer, [{ product: gone, quantity: 1 }], ukToday());
    getDb().update(orders).set({ status: "delivered" }).where(eq(orders.id, made.orderId)).run();
    const item = getDb().select().from(orderItems).where(eq(orderItems.orderId, made.orderId)).get()!;
    const ret = getDb()
      .insert(returns)
      .values({ returnNumber: "RMA-990001", orderId: made.orderId, userId: buyer.id, status: "approved", reason: "Broken", returnType: "exchange" })
      .returning()
      .get();
    getDb().insert(returnItems).values({ returnId: ret.id, orderItemId: item.id, productId: gone.id, productName: gone.name, quantity: 1, unitPrice: 900, vatRate: 2000 }).run();
    getDb().delete(products).where(eq(products.id, gone.id)).run();
    const orderCount = getDb().select().from(orders).all().length;
    const result = await completeReturn(getDb(), admin, ret.id);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(getDb().select().from(orders).all()).toHaveLength(orderCount);
    expect(getDb().select({ status: returns.status }).from(returns).where(eq(returns.id, ret.id)).get()!.status).toBe("approved");
  });
});
