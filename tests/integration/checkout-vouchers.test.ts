/**
 * Loyalty vouchers at checkout, through both doors: the /checkout page (summary + Place Order) and
 * POST /api/orders. A voucher changes the order's subtotal and VAT to the penny, is used once, is only ever
 * its owner's, and comes back when the order is cancelled.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  loyaltyTransactions,
  orderItems,
  orders,
  products,
  productVariants,
  salesInvoiceItems,
  salesInvoices,
  users,
  vouchers,
} from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { addToCart } from "~/domain/cart/cart.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { VOUCHER_NOT_FOUND, voucherUsedMessage } from "~/domain/loyalty/vouchers.server";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import { getDb } from "~/utils/db.server";
import { createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;

let kettle: Product; // £30.00 at 20%
let milk: Product; // £3.33 at 5%
let stamps: Product; // £1.99 at 0%
let teaBags: Product; // the free product, £12.00 at 20%, 3 in stock
let buyer: User;
let other: User;
let admin: User;
let buyerCookie: string;

const SHIPPING = {
  shippingName: "Sam Patel",
  shippingEmail: "orders@patel-catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

function createProduct(name: string, salesPrice: number, vatRate: number, stockLevel = 1000) {
  const slug = name.toLowerCase().replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-");
  return getDb().insert(products).values({ name, slug, salesPrice, vatRate, stockLevel }).returning().get();
}

let codeCounter = 0;
function giveVoucher(
  user: User,
  terms: { rewardType: "discount_percentage" | "discount_fixed" | "free_shipping" | "free_product"; rewardValue?: number; productId?: number },
) {
  codeCounter += 1;
  return getDb()
    .insert(vouchers)
    .values({
      code: `TC-TEST-${String(codeCounter).padStart(4, "0")}`,
      userId: user.id,
      companyId: companyIdOf(user.id),
      rewardName: `Test reward ${codeCounter}`,
      rewardType: terms.rewardType,
      rewardValue: terms.rewardValue ?? null,
      productId: terms.productId ?? null,
    })
    .returning()
    .get();
}

/** The buyer's cart: 3 kettles (£90.00 at 20%), 7 milk (£23.31 at 5%), 1 stamps (£1.99 at 0%). */
function fillCart(user: User) {
  const db = getDb();
  db.delete(cartItems).where(eq(cartItems.userId, user.id)).run();
  const sessionUser = findSessionUser(db, user.id)!;
  for (const [productId, quantity] of [
    [kettle.id, 3],
    [milk.id, 7],
    [stamps.id, 1],
  ]) {
    const added = addToCart(db, { kind: "user", userId: user.id }, buyerFor(db, sessionUser), {
      productId,
      quantity,
      selectedVariants: {},
    });
    expect(added.ok).toBe(true);
  }
}

const CART_ITEMS = () => [
  { productId: kettle.id, quantity: 3 },
  { productId: milk.id, quantity: 7 },
  { productId: stamps.id, quantity: 1 },
];

async function openCheckout(query = "") {
  const response = await callRoute(checkoutPage.loader, buildRequest(`/checkout${query}`, { cookie: buyerCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

async function placeThroughPage(voucherCode?: string) {
  fillCart(buyer);
  const page = await openCheckout(voucherCode ? `?voucher=${voucherCode}` : "");
  return callRoute(
    checkoutPage.action,
    buildRequest(voucherCode ? `/checkout?voucher=${voucherCode}` : "/checkout", {
      form: { ...SHIPPING, idempotencyKey: page.idempotencyKey, voucherCode },
      cookie: buyerCookie,
    }),
  );
}

function placeThroughApi(cookie: string, voucherCode?: string) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: { ...SHIPPING, items: CART_ITEMS(), voucherCode }, cookie }),
  );
}

function count(table: SQLiteTable) {
  return getDb().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
}

function snapshot() {
  return {
    orders: count(orders),
    items: count(orderItems),
    invoices: count(salesInvoices),
    loyalty: count(loyaltyTransactions),
    usedVouchers: getDb().select({ n: sql<number>`count(*)` }).from(vouchers).where(sql`used_at is not null`).get()!.n,
    stock: getDb().select({ id: products.id, stock: products.stockLevel }).from(products).orderBy(asc(products.id)).all(),
  };
}

function latestOrderOf(user: User) {
  return getDb().select().from(orders).where(eq(orders.userId, user.id)).orderBy(sql`id desc`).limit(1).get()!;
}

function itemsOf(orderId: number) {
  return getDb().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).all();
}

function voucherRow(id: number) {
  return getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()!;
}

function pointsOf(orderId: number) {
  return getDb()
    .select({ type: loyaltyTransactions.transactionType, points: loyaltyTransactions.points })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.orderId, orderId))
    .orderBy(asc(loyaltyTransactions.id))
    .all();
}

beforeAll(async () => {
  kettle = createProduct("Catering Kettle", 3000, 2000);
  milk = createProduct("Semi-Skimmed Milk", 333, 500);
  stamps = createProduct("Postage Stamps", 199, 0);
  teaBags = createProduct("Catering Tea Bags", 1200, 2000, 3);
  buyer = await createUser({ email: "buyer@example.com" });
  other = await createUser({ email: "other@example.com" });
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  buyerCookie = await signIn(buyer.email);
});

describe("a 10% voucher", () => {
  // Goods: 9000 + 2331 + 199 = 11530. 10% = 1153, spread 900 / 233.1 / 19.9 → 900, 233, 20.
  // Nets 8100 / 2098 / 179 = 10377; VAT 1620 + 104.9→105 + 0 = 1725; total 12102.
  const EXPECTED = { subtotal: 10377, vatAmount: 1725, total: 12102, discountAmount: 1153 };

  it("shows on the checkout summary exactly as it will be charged", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_percentage", rewardValue: 1000 });
    fillCart(buyer);
    const plain = await openCheckout();
    expect(plain.vouchers.map((v: { code: string }) => v.code)).toContain(voucher.code);
    expect(plain.discount).toBe(0);
    expect(plain.subtotal).toBe(11530);

    const page = await openCheckout(`?voucher=${voucher.code.toLowerCase()}`);
    expect(page.appliedVoucher).toMatchObject({ code: voucher.code, effect: "10% off this order" });
    expect(page).toMatchObject({ goodsSubtotal: 11530, discount: 1153, subtotal: 10377, vatAmount: 1725, total: 12102 });
    expect(page.voucherProblem).toBeNull();
  });

  it("reduces the order's subtotal and VAT to the penny through the checkout form, and the invoice agrees", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_percentage", rewardValue: 1000 });
    const response = await placeThroughPage(voucher.code);
    expect(response.status).toBe(302);
    const order = latestOrderOf(buyer);
    expect(order).toMatchObject({ ...EXPECTED, voucherId: voucher.id, freeShipping: false });
    const items = itemsOf(order.id);
    expect(items.map((item) => [item.unitPrice, item.quantity, item.total, item.vatAmount])).toEqual([
      [3000, 3, 8100, 1620],
      [333, 7, 2098, 105],
      [199, 1, 179, 0],
    ]);
    const invoice = getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, order.id)).get()!;
    expect(invoice).toMatchObject({ subtotal: 10377, vatAmount: 1725, total: 12102 });
    const invoiceLines = getDb().select().from(salesInvoiceItems).where(eq(salesInvoiceItems.invoiceId, invoice.id)).all();
    expect(invoiceLines.reduce((sum, line) => sum + line.vatAmount, 0)).toBe(1725);
    expect(invoiceLines[0].description).toBe("Catering Kettle, less voucher discount £9.00");
    // points on what was paid for: floor(£103.77)
    expect(pointsOf(order.id)).toEqual([{ type: "earned", points: 103 }]);
    expect(voucherRow(voucher.id)).toMatchObject({ usedOrderId: order.id });
    expect(voucherRow(voucher.id).usedAt).toBeInstanceOf(Date);
  });

  it("does the same through POST /api/orders", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_percentage", rewardValue: 1000 });
    const response = await placeThroughApi(buyerCookie, voucher.code);
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({ subtotal: "103.77", vatAmount: "17.25", total: "121.02", discountAmount: "11.53" });
    expect(body.items.map((item: { total: string }) => item.total)).toEqual(["81.00", "20.98", "1.79"]);
  });
});

describe("a voucher is used once", () => {
  it("refuses a second order with the same voucher and writes nothing (page)", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_fixed", rewardValue: 500 });
    expect((await placeThroughPage(voucher.code)).status).toBe(302);
    expect(latestOrderOf(buyer)).toMatchObject({ discountAmount: 500, subtotal: 11030 });

    fillCart(buyer);
    const before = snapshot();
    const page = await openCheckout(`?voucher=${voucher.code}`);
    expect(page.voucherProblem).toBe(voucherUsedMessage(voucher.code));
    expect(page.appliedVoucher).toBeNull();
    const again = await callRoute(
      checkoutPage.action,
      buildRequest("/checkout", {
        form: { ...SHIPPING, idempotencyKey: page.idempotencyKey, voucherCode: voucher.code },
        cookie: buyerCookie,
      }),
    );
    expect(again.status).toBe(409);
    expect((await readJson(again)).notice).toMatchObject({
      title: "Order failed",
      description: voucherUsedMessage(voucher.code),
    });
    expect(snapshot()).toEqual(before);
  });

  it("refuses a second order with the same voucher and writes nothing (API)", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_fixed", rewardValue: 500 });
    expect((await placeThroughApi(buyerCookie, voucher.code)).status).toBe(201);
    const before = snapshot();
    const again = await placeThroughApi(buyerCookie, voucher.code);
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: voucherUsedMessage(voucher.code), field: "voucherCode" });
    expect(snapshot()).toEqual(before);
  });

  it("is never another customer's: their code is refused and nothing is written", async () => {
    const theirs = giveVoucher(other, { rewardType: "discount_fixed", rewardValue: 500 });
    const before = snapshot();
    const response = await placeThroughApi(buyerCookie, theirs.code);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: VOUCHER_NOT_FOUND, field: "voucherCode" });
    expect(snapshot()).toEqual(before);

    fillCart(buyer);
    const page = await openCheckout(`?voucher=${theirs.code}`);
    expect(page.voucherProblem).toBe(VOUCHER_NOT_FOUND);
    expect(page.vouchers.map((v: { code: string }) => v.code)).not.toContain(theirs.code);
    expect(voucherRow(theirs.id).usedAt).toBeNull();
  });

  it("comes back when the order is cancelled, with the points reversed", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_fixed", rewardValue: 500 });
    expect((await placeThroughApi(buyerCookie, voucher.code)).status).toBe(201);
    const order = latestOrderOf(buyer);
    expect(pointsOf(order.id)).toEqual([{ type: "earned", points: 110 }]); // floor(£110.30)

    const cancelled = cancelOrder(getDb(), findSessionUser(getDb(), admin.id)!, order.id);
    expect(cancelled).toMatchObject({ ok: true, value: { voucherReleased: voucher.code, pointsReversed: 110 } });
    expect(pointsOf(order.id)).toEqual([
      { type: "earned", points: 110 },
      { type: "adjusted", points: -110 },
    ]);
    expect(voucherRow(voucher.id)).toMatchObject({ usedAt: null, usedOrderId: null });
    expect((await placeThroughApi(buyerCookie, voucher.code)).status).toBe(201);
  });
});

describe("free product and free shipping vouchers", () => {
  it("adds the free product as a £0 line and takes its unit from stock", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "free_product", productId: teaBags.id });
    const page = await (async () => {
      fillCart(buyer);
      return openCheckout(`?voucher=${voucher.code}`);
    })();
    expect(page.appliedVoucher).toMatchObject({ freeProductName: "Catering Tea Bags", effect: `${voucher.rewardName} with this order` });
    expect(page.total).toBe(page.subtotal + page.vatAmount);
    expect(page.discount).toBe(0);

    const stockBefore = getDb().select().from(products).where(eq(products.id, teaBags.id)).get()!.stockLevel;
    const response = await callRoute(
      checkoutPage.action,
      buildRequest(`/checkout?voucher=${voucher.code}`, {
        form: { ...SHIPPING, idempotencyKey: page.idempotencyKey, voucherCode: voucher.code },
        cookie: buyerCookie,
      }),
    );
    expect(response.status).toBe(302);
    const order = latestOrderOf(buyer);
    expect(order).toMatchObject({ subtotal: 11530, discountAmount: 0, voucherId: voucher.id });
    const free = itemsOf(order.id).at(-1)!;
    expect(free).toMatchObject({
      productId: teaBags.id,
      productName: `Catering Tea Bags (free with voucher ${voucher.code})`,
      quantity: 1,
      unitPrice: 0,
      total: 0,
      vatAmount: 0,
    });
    expect(getDb().select().from(products).where(eq(products.id, teaBags.id)).get()!.stockLevel).toBe(stockBefore - 1);
  });

  it("sends a free product that has options as the first option of each, shown on its line", async () => {
    const vest = createProduct("Hi-Vis Vest", 450, 2000, 20);
    getDb()
      .insert(productVariants)
      .values([
        { productId: vest.id, name: "Size", options: ["M", "L", "XL"], position: 0 },
        { productId: vest.id, name: "Colour", options: ["Yellow", "Orange"], position: 1 },
      ])
      .run();
    const voucher = giveVoucher(buyer, { rewardType: "free_product", productId: vest.id });
    fillCart(buyer);
    const page = await openCheckout(`?voucher=${voucher.code}`);
    const response = await callRoute(
      checkoutPage.action,
      buildRequest(`/checkout?voucher=${voucher.code}`, {
        form: { ...SHIPPING, idempotencyKey: page.idempotencyKey, voucherCode: voucher.code },
        cookie: buyerCookie,
      }),
    );
    expect(response.status).toBe(302);
    const free = itemsOf(latestOrderOf(buyer).id).at(-1)!;
    expect(free).toMatchObject({ productId: vest.id, unitPrice: 0, selectedVariants: { Size: "M", Colour: "Yellow" } });
  });

  it("refuses the order when the free product is out of stock, writing nothing", async () => {
    getDb().update(products).set({ stockLevel: 0 }).where(eq(products.id, teaBags.id)).run();
    const voucher = giveVoucher(buyer, { rewardType: "free_product", productId: teaBags.id });
    const before = snapshot();
    const response = await placeThroughApi(buyerCookie, voucher.code);
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toBe("Not enough stock for Catering Tea Bags: only 0 left");
    expect(snapshot()).toEqual(before);
    expect(voucherRow(voucher.id).usedAt).toBeNull();
  });

  it("records free shipping on the order and leaves the money alone", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "free_shipping" });
    const response = await placeThroughApi(buyerCookie, voucher.code);
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ freeShipping: true, discountAmount: "0.00", subtotal: "115.30" });
  });

  it("a fixed voucher worth more than the goods makes them free and says what is not used", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_fixed", rewardValue: 500 });
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
    const db = getDb();
    addToCart(db, { kind: "user", userId: buyer.id }, buyerFor(db, findSessionUser(db, buyer.id)!), {
      productId: stamps.id,
      quantity: 1,
      selectedVariants: {},
    });
    const page = await openCheckout(`?voucher=${voucher.code}`);
    expect(page).toMatchObject({ goodsSubtotal: 199, discount: 199, subtotal: 0, vatAmount: 0, total: 0 });
    expect(page.appliedVoucher.unusedValue).toBe(301);
  });

  it("an order without a voucher takes none of the customer's vouchers", async () => {
    const voucher = giveVoucher(buyer, { rewardType: "discount_fixed", rewardValue: 500 });
    expect((await placeThroughPage()).status).toBe(302);
    expect(latestOrderOf(buyer)).toMatchObject({ discountAmount: 0, voucherId: null, subtotal: 11530 });
    expect(voucherRow(voucher.id).usedAt).toBeNull();
  });
});
