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
