import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, returnItems, returns, salesInvoices } from "~db/schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { completeReturn } from "~/domain/returns/return-processing.server";
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

describe("cancelling", () => {
  it("refuses a delivered order: stock, invoice and status stay as they were", () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 3 }], ukToday());
    getDb().update(orders).set({ status: "delivered" }).where(eq(orders.id, made.orderId)).run();
    const before = stock();
    const result = cancelOrder(getDb(), admin, made.orderId);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(result.ok ? "" : result.message).toContain("record a return instead");
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

  it("still cancels an unpaid order that has not been delivered, voiding its invoice", () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 1 }], ukToday());
    expect(cancelOrder(getDb(), admin, made.orderId)).toMatchObject({ ok: true });
    expect(invoiceOf(made.orderId).status).toBe("void");
  });
});

describe("completing a return", () => {
  it("refuses when its order was cancelled since: no stock back twice, no refund against a void invoice", async () => {
    const made = createInvoicedOrder(buyer, [{ product, quantity: 4 }], ukToday());
    const item = getDb().select().from(orderItems).where(eq(orderItems.orderId, made.orderId)).get()!;
    const ret = getDb()
      .insert(returns)
      .values({ orderId: made.orderId, userId: buyer.id, status: "approved", reason: "Damaged", returnType: "refund" })
      .returning()
      .get();
    getDb()
      .insert(returnItems)
      .values({ returnId: ret.id, orderItemId: item.id, productId: product.id, productName: product.name, quantity: 2, unitPrice: 600, vatRate: 2000 })
      .run();
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

  it("sends a replacement order at no charge, taking its units from stock, linked to the return", async () => {
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
    expect(stock()).toBe(before - 2);
    expect(result.ok && result.value.replacementOrderId).toBe(linked);
  });

  it("is refused, with nothing written, when the stock cannot cover the replacement", async () => {
    const ret = approvedExchange(2);
    getDb().update(products).set({ stockLevel: 1 }).where(eq(products.id, product.id)).run();
    const orderCount = getDb().select().from(orders).all().length;
    const result = await completeReturn(getDb(), admin, ret.id);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(result.ok ? "" : result.message).toContain("Bleach 5L");
    expect(getDb().select().from(orders).all()).toHaveLength(orderCount);
    expect(stock()).toBe(1);
    expect(getDb().select({ status: returns.status }).from(returns).where(eq(returns.id, ret.id)).get()!.status).toBe("approved");
  });
});
