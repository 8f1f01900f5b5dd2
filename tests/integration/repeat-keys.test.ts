/**
 * An idempotency key belongs to one user and one request body: the same key with the same body answers the
 * first result, the same key with another body is refused (422) and writes nothing, through both doors.
 */
import { eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, financialAccounts, orders, payments, salesInvoices, users } from "~db/schema";
import { addToCart } from "~/domain/cart/cart.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as invoicesPage from "~/routes/admin.sales-invoices/route";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import { getDb } from "~/utils/db.server";
import { KEY_REUSED_MESSAGE } from "~/utils/idempotency.server";
import { createInvoicedOrder, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;


let buyer: User;
let buyerCookie: string;
let adminCookie: string;
let sugarId: number;
let teaId: number;
let tea: ReturnType<typeof createProduct>;

const count = (table: SQLiteTable) => getDb().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

beforeAll(async () => {
  buyer = await createUser({ email: "buyer@example.com" });
  await createUser({ email: "admin@example.com", role: "admin" });
  sugarId = createProduct({ name: "Sugar Sticks", salesPrice: 100, stockLevel: 1000 }).id;
  tea = createProduct({ name: "Tea Bags", salesPrice: 450, stockLevel: 1000 });
  teaId = tea.id;
  buyerCookie = await signIn(buyer.email, { via: "api" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
});

function postApiOrder(body: unknown, key: string) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: body, cookie: buyerCookie, headers: { "Idempotency-Key": key } }),
  );
}

describe("checkout", () => {
  it("POST /api/orders: the same key and body replays the order; another body is 422 and places nothing", async () => {
    const key = "order-2026-repeat-0001";
    const body = { ...SHIPPING, items: [{ productId: sugarId, quantity: 3 }] };
    const first = await postApiOrder(body, key);
    expect(first.status).toBe(201);
    const placed = await readJson(first);
    const ordersBefore = count(orders);

    // the same body, its fields in another order: the first order again
    const { items, ...shipping } = body;
    const again = await postApiOrder({ items, ...shipping }, key);
    expect(again.status).toBe(200);
    expect((await readJson(again)).orderNumber).toBe(placed.orderNumber);

    const other = await postApiOrder({ ...SHIPPING, items: [{ productId: teaId, quantity: 1 }] }, key);
    expect(other.status).toBe(422);
    expect(await readJson(other)).toEqual({ message: KEY_REUSED_MESSAGE });
    expect(count(orders)).toBe(ordersBefore);
    expect(getDb().select().from(orders).where(eq(orders.userId, buyer.id)).all()).toHaveLength(1);
  });

  it("the checkout form: the same key with other details shows the message on the form and places nothing", async () => {
    const db = getDb();
    const addSugar = () =>
      addToCart(db, { kind: "user", userId: buyer.id }, buyerFor(db, findSessionUser(db, buyer.id)!), {
        productId: sugarId,
        quantity: 2,
        selectedVariants: {},
      });
    addSugar();
    const cookie = await signIn(buyer.email);
    const key = (await readJson(await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie })))).idempotencyKey;
    const post = (fields: Record<string, string>) =>
      callRoute(checkoutPage.action, buildRequest("/checkout", { form: { ...fields, idempotencyKey: key }, cookie }));

    const first = await post(SHIPPING);
    expect(first.status).toBe(302);
    const ordersBefore = count(orders);

    // back in the browser, the same page (and key) with another postcode, and a fresh cart
    addSugar();
    const changed = await post({ ...SHIPPING, shippingPostcode: "LS1 4AP" });
    expect(changed.status).toBe(422);
    const reply = await readJson(changed);
    expect(reply.result.error[""]).toEqual([KEY_REUSED_MESSAGE]);
    expect(count(orders)).toBe(ordersBefore);
    expect(db.select().from(cartItems).where(eq(cartItems.userId, buyer.id)).all()).toHaveLength(1);

    // the same post again replays the first order (its redirect), still nothing new
    const repeat = await post(SHIPPING);
    expect(repeat.status).toBe(302);
    expect(repeat.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(count(orders)).toBe(ordersBefore);
  });
});

describe("a payment", () => {
  it("both doors: the same key for another amount is refused (422) and records nothing", async () => {
    const invoice = createInvoicedOrder(buyer, [{ product: tea, quantity: 10 }], ukToday());
    const bank = getDb().insert(financialAccounts).values({ name: "Business Current", type: "bank", balance: 0 }).returning().get();
    const url = `/api/admin/invoices/sales/${invoice.id}/payments`;
    const pay = (amount: string, key: string) =>
      callRoute(
        apiPayments.action,
        buildRequest(url, {
          json: { amount, paymentMethod: "bank_transfer", financialAccountId: bank.id },
          cookie: adminCookie,
          headers: { "Idempotency-Key": key },
        }),
        { id: String(invoice.id) },
      );

    const key = "payment-2026-repeat-0001";
    expect((await pay("10.00", key)).status).toBe(201);
    expect((await pay("10.00", key)).status).toBe(201);
    const refused = await pay("12.00", key);
    expect(refused.status).toBe(422);
    expect(await readJson(refused)).toEqual({ message: KEY_REUSED_MESSAGE });
    expect(getDb().select().from(payments).where(eq(payments.salesInvoiceId, invoice.id)).all()).toHaveLength(1);
    expect(amountPaid(invoice.id)).toBe(1000);

    // the screen's form with one key: another amount shows the message on the form
    const formKey = crypto.randomUUID();
    const post = (amount: string) =>
      callRoute(
        invoicesPage.action,
        buildRequest("/admin/sales-invoices", {
          form: { intent: "pay", id: invoice.id, amount, paymentMethod: "cash", idempotencyKey: formKey },
          cookie: adminCookie,
        }),
      );
    expect((await post("5.00")).status).toBe(302);
    const changed = await post("6.00");
    expect(changed.status).toBe(422);
    expect((await readJson(changed)).result.error[""]).toEqual([KEY_REUSED_MESSAGE]);
    expect(getDb().select().from(payments).where(eq(payments.salesInvoiceId, invoice.id)).all()).toHaveLength(2);
    expect(amountPaid(invoice.id)).toBe(1500);
  });
});

function amountPaid(invoiceId: number) {
  return getDb().select({ paid: salesInvoices.amountPaid }).from(salesInvoices).where(eq(salesInvoices.id, invoiceId)).get()!.paid;
}
