/**
 * Checkout through both doors: the /checkout page (loader + form action) and POST /api/orders.
 * Each test counts what was written (orders, items, invoices, loyalty, stock, mails) before and after.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  cartItems,
  idempotencyKeys,
  loyaltyTransactions,
  orderItems,
  orders,
  priceTiers,
  products,
  productVariants,
  salesInvoiceItems,
  salesInvoices,
  users,
  volumeDiscounts,
} from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { addToCart, setLineQuantity } from "~/domain/cart/cart.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { AWAITING_APPROVAL_MESSAGE, CUSTOMERS_ONLY_MESSAGE, placeOrder } from "~/domain/orders/orders.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import * as root from "~/root";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import * as orderPlaced from "~/routes/account.orders_.$orderId.placed";
import { databasePath, getDb } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { mailFor } from "./outbox";
import { signIn } from "./sign-in";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;

let vest: Product; // £10.00, Size × Colour, 5% off from 10 units, 50 in stock
let towels: Product; // £2.50, 5 in stock
let milk: Product; // £3.33, VAT 5%, 200 in stock
let lastFive: Product; // 5 in stock: the race for the last units
let crossFive: Product; // 5 in stock: the race across processes
let plenty: Product; // £1.00, 10,000 in stock

let buyer: User; // approved, Silver tier (10%)
let buyer2: User; // approved, no tier: list prices
let approvalBuyer: User; // requiresApproval
let pendingBuyer: User; // signed up, not approved
let admin: User;

const SHIPPING = {
  shippingName: "Sam Patel",
  shippingEmail: "orders@patel-catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Catering");
  const silver = db.insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  buyer = await createUser({
    email: "buyer@example.com",
    priceTierId: silver.id,
    firstName: "Sam",
    lastName: "Patel",
    businessName: "Patel Catering Ltd",
    address: "Unit 2, Canal Wharf, Leeds, LS11 5PS",
  });
  buyer2 = await createUser({ email: "buyer2@example.com", firstName: "Dan", lastName: "Okafor" });
  approvalBuyer = await createUser({ email: "approval@example.com", requiresApproval: true });
  pendingBuyer = await createUser({ email: "pending@example.com", approvedAt: null });
  admin = await createUser({ email: "admin@example.com", role: "admin" });

  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 1000, stockLevel: 50, categoryId: category.id });
  db.insert(productVariants)
    .values([
      { productId: vest.id, name: "Size", options: ["S", "M", "L"], position: 0 },
      { productId: vest.id, name: "Colour", options: ["Yellow", "Orange"], position: 1 },
    ])
    .run();
  db.insert(volumeDiscounts).values({ productId: vest.id, minQuantity: 10, discountPercentage: 500 }).run();
  towels = createProduct({ name: "Paper Towels", salesPrice: 250, stockLevel: 5, categoryId: category.id });
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500, stockLevel: 200 });
  lastFive = createProduct({ name: "Last Five Kettles", salesPrice: 2500, stockLevel: 5 });
  crossFive = createProduct({ name: "Cross Five Urns", salesPrice: 4000, stockLevel: 5 });
  plenty = createProduct({ name: "Sugar Sticks", salesPrice: 100, stockLevel: 10_000 });
});

// ─── Helpers ────────────────────────────────────────────────────────────────

function sessionUser(user: User) {
  return findSessionUser(getDb(), user.id)!;
}

function addLine(user: User, productId: number, quantity: number, selectedVariants: Record<string, string> = {}) {
  const db = getDb();
  const result = addToCart(db, { kind: "user", userId: user.id }, buyerFor(db, sessionUser(user)), {
    productId,
    quantity,
    selectedVariants,
  });
  expect(result.ok).toBe(true);
}

function cartOf(user: User) {
  return getDb()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, user.id))
    .orderBy(asc(cartItems.id))
    .all();
}

async function openCheckout(cookie: string) {
  const response = await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie }));
  return response;
}

async function checkoutKey(cookie: string): Promise<string> {
  const response = await openCheckout(cookie);
  expect(response.status).toBe(200);
  return (await readJson(response)).idempotencyKey;
}

function postCheckout(cookie: string, fields: Record<string, string | undefined>) {
  return callRoute(checkoutPage.action, buildRequest("/checkout", { form: fields, cookie }));
}

function postApiOrder(cookie: string, body: unknown, key?: string) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: body, cookie, headers: key ? { "Idempotency-Key": key } : undefined }),
  );
}

/** What the page after a redirect shows: the flashed toast (the root loader reads it). */
async function toastAfter(location: string, cookie: string) {
  const response = await callRoute(root.loader, buildRequest(location, { cookie }));
  return (await readJson(response)).toast;
}

function count(table: SQLiteTable) {
  return getDb().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
}

/** Everything checkout may write, to compare before and after. */
function snapshot() {
  const db = getDb();
  return {
    orders: count(orders),
    orderItems: count(orderItems),
    invoices: count(salesInvoices),
    invoiceItems: count(salesInvoiceItems),
    loyalty: count(loyaltyTransactions),
    stock: Object.fromEntries(
      db.select({ id: products.id, stock: products.stockLevel }).from(products).all().map((p) => [p.id, p.stock]),
    ),
    mails: listOutbox({ limit: 1000 }).total,
  };
}

function stockOf(product: Product) {
  return getDb().select({ stock: products.stockLevel }).from(products).where(eq(products.id, product.id)).get()!.stock;
}

function setStock(product: Product, stockLevel: number) {
  getDb().update(products).set({ stockLevel }).where(eq(products.id, product.id)).run();
}

function orderRow(orderId: number) {
  return getDb().select().from(orders).where(eq(orders.id, orderId)).get()!;
}

function itemsOf(orderId: number) {
  return getDb().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).all();
}

function invoiceOf(orderId: number) {
  const invoice = getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get();
  if (!invoice) return null;
  const lines = getDb()
    .select()
    .from(salesInvoiceItems)
    .where(eq(salesInvoiceItems.invoiceId, invoice.id))
    .orderBy(asc(salesInvoiceItems.id))
    .all();
  return { ...invoice, lines };
}

function pointsOf(orderId: number) {
  return getDb().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, orderId)).all();
}

/** Place Order lands on the order-placed page: /account/orders/{id}/placed. */
function orderIdFrom(location: string) {
  const match = /^\/account\/orders\/(\d+)\/placed$/.exec(location);
  expect(match, `redirected to ${location}`).not.toBeNull();
  return Number(match![1]);
}

/** The order-placed page's data, as the customer signed in with `cookie` sees it. */
async function placedPage(location: string, cookie: string) {
  const response = await callRoute(orderPlaced.loader, buildRequest(location, { cookie }), {
    orderId: String(orderIdFrom(location)),
  });
  expect(response.status).toBe(200);
  return readJson(response);
}

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The order's invoice equals it to the penny: totals and every line. */
function expectInvoiceMatches(orderId: number) {
  const order = orderRow(orderId);
  const items = itemsOf(orderId);
  const invoice = invoiceOf(orderId)!;
  expect(invoice).not.toBeNull();
  expect(invoice.invoiceNumber).toMatch(new RegExp(`^INV-${ukToday().slice(0, 4)}-\\d{5}$`));
  expect(invoice.issueDate).toBe(ukToday());
  expect(invoice.dueDate).toBe(addDays(ukToday(), 30));
  expect(invoice.status).toBe("unpaid");
  expect(invoice.customerId).toBe(order.userId);
  expect({ subtotal: invoice.subtotal, vatAmount: invoice.vatAmount, total: invoice.total }).toEqual({
    subtotal: order.subtotal,
    vatAmount: order.vatAmount,
    total: order.total,
  });
  expect(invoice.lines.map((line) => [line.productId, line.quantity, line.unitPrice, line.vatRate, line.vatAmount, line.total])).toEqual(
    items.map((item) => [item.productId, item.quantity, item.unitPrice, item.vatRate, item.vatAmount, item.total]),
  );
  expect(invoice.lines.reduce((sum, line) => sum + line.total, 0)).toBe(invoice.subtotal);
  expect(invoice.lines.reduce((sum, line) => sum + line.vatAmount, 0)).toBe(invoice.vatAmount);
  return invoice;
}

// ─── The page ───────────────────────────────────────────────────────────────

describe("GET /checkout", () => {
  it("sends a signed-out visitor to log in and an empty cart home", async () => {
    const signedOut = await openCheckout("");
    expect(redirectLocation(signedOut)).toBe("/login?redirectTo=%2Fcheckout");
    const cookie = await signIn(buyer2.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer2.id)).run();
    expect(redirectLocation(await openCheckout(cookie))).toBe("/");
  });

  it("shows the cart priced by the server, the email prefilled, the profile's address and a key", async () => {
    const cookie = await signIn(buyer.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
    addLine(buyer, vest.id, 3, { Size: "M", Colour: "Yellow" });
    // the list price rises after the vest went into the cart: the page says so
    getDb().update(products).set({ salesPrice: 1100 }).where(eq(products.id, vest.id)).run();
    try {
      const data = await readJson(await openCheckout(cookie));
      expect(data.refusal).toBeNull();
      // the profile's address in the UK form's fields, the business name apart
      expect(data.defaults).toEqual({
        shippingName: "Sam Patel",
        shippingEmail: "buyer@example.com",
        shippingBusinessName: "Patel Catering Ltd",
        shippingAddress: "Unit 2, Canal Wharf",
        shippingAddressLine2: "",
        shippingCity: "Leeds",
        shippingCounty: "",
        shippingPostcode: "LS11 5PS",
      });
      expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(data.lines).toHaveLength(1);
      // £11.00 less the Silver 10% = £9.90 ex VAT; it was £9.00 when added
      expect(data.lines[0]).toMatchObject({
        productName: "Hi-Vis Vest",
        selectedVariants: { Size: "M", Colour: "Yellow" },
        quantity: 3,
        unitPrice: 990,
        lineTotal: 2970,
        priceChanged: true,
        priceWhenAdded: 900,
      });
      expect([data.subtotal, data.vatAmount, data.total]).toEqual([2970, 594, 3564]);
    } finally {
      getDb().update(products).set({ salesPrice: 1000 }).where(eq(products.id, vest.id)).run();
      getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
    }
  });

  it("tells a customer awaiting approval why they cannot order", async () => {
    const cookie = await signIn(pendingBuyer.email);
    addLine(pendingBuyer, plenty.id, 1);
    const data = await readJson(await openCheckout(cookie));
    expect(data.refusal).toEqual({ pendingApproval: true, message: AWAITING_APPROVAL_MESSAGE });
  });
});

// ─── Placing orders ─────────────────────────────────────────────────────────

describe("placing an order through the checkout page", () => {
  it("writes the order, its items, invoice and points, takes the stock, empties the cart and mails a confirmation", async () => {
    const cookie = await signIn(buyer.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
    addLine(buyer, vest.id, 3, { Size: "M", Colour: "Yellow" });
    addLine(buyer, milk.id, 7);
    const before = snapshot();
    const key = await checkoutKey(cookie);

    const response = await postCheckout(cookie, { ...SHIPPING, shippingPostcode: "ls11  5ps", idempotencyKey: key });
    const location = redirectLocation(response);
    const orderId = orderIdFrom(location);
    const order = orderRow(orderId);
    // the page itself is the confirmation: no notice is flashed to float over it
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const page = await placedPage(location, cookie);
    expect(page.order).toMatchObject({ id: orderId, orderNumber: order.orderNumber, status: "pending", total: "54.45" });
    expect(page.order.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.invoice.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    expect(page.mail).toEqual({ to: buyer.email, cc: [] });

    expect(order).toMatchObject({
      userId: buyer.id,
      status: "pending",
      channel: "storefront",
      shippingName: "Sam Patel",
      shippingEmail: "orders@patel-catering.co.uk",
      shippingAddress: "Unit 2, Canal Wharf",
      shippingCity: "Leeds",
      shippingPostcode: "LS11 5PS",
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{6}$/);
    // vest: £10.00 less 10% = £9.00 × 3 = £27.00, VAT £5.40; milk: £3.33 less 10% = £3.00 (2.997 rounded) × 7 = £21.00, VAT 5% £1.05
    expect(itemsOf(orderId).map((i) => [i.productName, i.selectedVariants, i.quantity, i.unitPrice, i.vatRate, i.total, i.vatAmount])).toEqual([
      ["Hi-Vis Vest", { Size: "M", Colour: "Yellow" }, 3, 900, 2000, 2700, 540],
      ["Semi-Skimmed Milk", {}, 7, 300, 500, 2100, 105],
    ]);
    expect([order.subtotal, order.vatAmount, order.total]).toEqual([4800, 645, 5445]);

    const after = snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.orderItems).toBe(before.orderItems + 2);
    expect(after.invoices).toBe(before.invoices + 1);
    expect(after.stock[vest.id]).toBe(before.stock[vest.id] - 3);
    expect(after.stock[milk.id]).toBe(before.stock[milk.id] - 7);
    expectInvoiceMatches(orderId);
    expect(pointsOf(orderId)).toMatchObject([
      { userId: buyer.id, transactionType: "earned", points: 48, description: `Points earned on order ${order.orderNumber}` },
    ]);
    expect(cartOf(buyer)).toEqual([]);

    const mail = mailFor(order.orderNumber)!;
    expect(mail).not.toBeNull();
    // the account's email; the shipping email is at another domain, so it gets no copy
    expect(mail.to).toBe(buyer.email);
    expect(mail.raw).not.toMatch(/^Cc:/m);
    expect(mail.subject).toBe(`Order ${order.orderNumber} confirmed`);
    expect(mail.raw).toContain("3 × Hi-Vis Vest (Size: M, Colour: Yellow) @ £9.00");
    expect(mail.raw).toContain("Total: £54.45");
    expect(after.mails).toBe(before.mails + 1);
  });

  it("a repeated submission with the same key places one order and lands on it again", async () => {
    const cookie = await signIn(buyer.email);
    addLine(buyer, plenty.id, 4);
    const key = await checkoutKey(cookie);
    const before = snapshot();

    const first = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: key });
    const second = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: key });
    expect(redirectLocation(second)).toBe(redirectLocation(first));
    const order = orderRow(orderIdFrom(redirectLocation(first)));
    expect((await placedPage(redirectLocation(second), cookieFrom(second, cookie))).order.orderNumber).toBe(order.orderNumber);

    const after = snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock[plenty.id]).toBe(before.stock[plenty.id] - 4);
    expect(after.mails).toBe(before.mails + 1);

    // a fresh key is a new order
    addLine(buyer, plenty.id, 1);
    const third = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: await checkoutKey(cookie) });
    expect(orderIdFrom(redirectLocation(third))).not.toBe(order.id);
    expect(snapshot().orders).toBe(before.orders + 2);
  });

  it("answers 409 naming the product and what is left, writes nothing, and the same key works once fixed", async () => {
    const cookie = await signIn(buyer.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
    setStock(towels, 5);
    addLine(buyer, vest.id, 2, { Size: "L", Colour: "Orange" }); // lower id: its stock is taken first
    addLine(buyer, towels.id, 4);
    setStock(towels, 2); // someone else bought three meanwhile
    const key = await checkoutKey(cookie);
    const before = snapshot();

    const response = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: key });
    expect(response.status).toBe(409);
    const body = await readJson(response);
    expect(body.notice).toEqual({
      title: "Order failed",
      description: "Not enough stock for Paper Towels: only 2 left",
      variant: "destructive",
    });
    // the form keeps what was typed
    expect(body.result.initialValue).toMatchObject({ shippingName: "Sam Patel", shippingCity: "Leeds" });
    expect(snapshot()).toEqual(before);
    expect(cartOf(buyer)).toHaveLength(2);
    expect(getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).all()).toEqual([]);

    const db = getDb();
    setLineQuantity(db, { kind: "user", userId: buyer.id }, buyerFor(db, sessionUser(buyer)), {
      productId: towels.id,
      selectedVariants: {},
      quantity: 2,
    });
    const retried = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: key });
    orderIdFrom(redirectLocation(retried));
    expect(stockOf(towels)).toBe(0);
    expect(snapshot().orders).toBe(before.orders + 1);
  });

  it("with an empty cart and no earlier order, goes home saying so", async () => {
    const cookie = await signIn(buyer2.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer2.id)).run();
    const before = snapshot();
    const response = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: "a-fresh-key-123" });
    expect(redirectLocation(response)).toBe("/");
    expect(await toastAfter("/", cookieFrom(response, cookie))).toEqual({
      title: "Order failed",
      description: "Your cart is empty",
      variant: "destructive",
    });
    expect(snapshot()).toEqual(before);
  });

  it("shows every validation message and writes nothing", async () => {
    const cookie = await signIn(buyer.email);
    addLine(buyer, plenty.id, 1);
    const before = snapshot();
    const empty = await postCheckout(cookie, {
      shippingName: "",
      shippingEmail: "",
      shippingAddress: " ",
      shippingCity: "",
      shippingPostcode: "",
      idempotencyKey: await checkoutKey(cookie),
    });
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).result.error).toEqual({
      shippingName: ["Name is required"],
      shippingEmail: ["Invalid email address"],
      shippingAddress: ["Address is required"],
      shippingCity: ["City is required"],
      shippingPostcode: ["Postcode is required"],
    });
    const badEmail = await postCheckout(cookie, { ...SHIPPING, shippingEmail: "not-an-email" });
    expect((await readJson(badEmail)).result.error).toEqual({ shippingEmail: ["Invalid email address"] });
    expect(snapshot()).toEqual(before);
  });

  it("puts a requiresApproval customer's order in pending_approval with no invoice and no points", async () => {
    const cookie = await signIn(approvalBuyer.email);
    addLine(approvalBuyer, milk.id, 10);
    const before = snapshot();
    const response = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: await checkoutKey(cookie) });
    const location = redirectLocation(response);
    const order = orderRow(orderIdFrom(location));
    expect(order.status).toBe("pending_approval");
    // no delivery date until it is approved, and no invoice yet
    expect(order.estimatedDelivery).toBeNull();
    const page = await placedPage(location, cookieFrom(response, cookie));
    expect(page.order.status).toBe("pending_approval");
    expect(page.invoice).toBeNull();
    expect(invoiceOf(order.id)).toBeNull();
    expect(pointsOf(order.id)).toEqual([]);
    const after = snapshot();
    expect([after.invoices, after.loyalty]).toEqual([before.invoices, before.loyalty]);
    expect(after.stock[milk.id]).toBe(before.stock[milk.id] - 10); // the stock is held for it all the same
    expect(mailFor(order.orderNumber)!.subject).toBe(`Order ${order.orderNumber} received: awaiting approval`);
  });

  it("refuses a customer awaiting approval, and writes nothing", async () => {
    const cookie = await signIn(pendingBuyer.email);
    addLine(pendingBuyer, plenty.id, 2);
    const before = snapshot();
    const response = await postCheckout(cookie, { ...SHIPPING, idempotencyKey: "pending-key-0001" });
    expect(response.status).toBe(403);
    expect((await readJson(response)).notice).toEqual({
      title: "Order failed",
      description: AWAITING_APPROVAL_MESSAGE,
      variant: "destructive",
    });
    expect(snapshot()).toEqual(before);
  });
});

describe("POST /api/orders", () => {
  const body = (items: unknown[]) => ({ ...SHIPPING, items });

  it("places the order from the body's items, ignoring any client price, and answers 201 with the order", async () => {
    const cookie = await signIn(buyer2.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer2.id)).run();
    addLine(buyer2, plenty.id, 2); // the saved cart is something else: it stays
    const before = snapshot();

    const response = await postApiOrder(
      cookie,
      body([
        { productId: milk.id, quantity: 1, unitPrice: "0.01", productName: "Free milk", vatRate: "0.00" },
        { productId: vest.id, quantity: 2, selectedVariants: { size: "s", Colour: "Yellow" }, unitPrice: "0.01" },
      ]),
      "api-order-0001",
    );
    expect(response.status).toBe(201);
    const order = await readJson(response);
    // list prices (no tier): milk £3.33, VAT 5% = 16.65p → 17p (half-up); vest £10.00 × 2, VAT £4.00
    expect(order).toMatchObject({
      status: "pending",
      subtotal: "23.33",
      vatAmount: "4.17",
      total: "27.50",
      shippingName: "Sam Patel",
      shippingPostcode: "LS11 5PS",
      trackingNumber: null,
      items: [
        { productId: milk.id, productName: "Semi-Skimmed Milk", quantity: 1, unitPrice: "3.33", vatRate: "5.00", total: "3.33", selectedVariants: {} },
        { productId: vest.id, productName: "Hi-Vis Vest", quantity: 2, unitPrice: "10.00", vatRate: "20.00", total: "20.00", selectedVariants: { Size: "S", Colour: "Yellow" } },
      ],
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{6}$/);
    expect(typeof order.id).toBe("number");
    expect(new Date(order.createdAt).toString()).not.toBe("Invalid Date");

    const row = orderRow(order.id);
    expect(row.channel).toBe("api");
    expect(itemsOf(order.id).map((item) => item.vatAmount)).toEqual([17, 400]);
    expectInvoiceMatches(order.id);
    expect(pointsOf(order.id)).toMatchObject([{ transactionType: "earned", points: 23 }]);
    const after = snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock[milk.id]).toBe(before.stock[milk.id] - 1);
    expect(after.stock[vest.id]).toBe(before.stock[vest.id] - 2);
    expect(mailFor(order.orderNumber)).not.toBeNull();
    expect(cartOf(buyer2)).toEqual([{ productId: plenty.id, quantity: 2 }]);

    // and GET /api/orders lists it, newest first
    const list = await readJson(await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie })));
    expect(list[0]).toMatchObject({ id: order.id, orderNumber: order.orderNumber, total: "27.50" });
  });

  it("empties the saved cart when the order is exactly what it holds", async () => {
    const cookie = await signIn(buyer2.email);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer2.id)).run();
    addLine(buyer2, plenty.id, 3);
    const response = await postApiOrder(cookie, body([{ productId: plenty.id, quantity: 3 }]));
    expect(response.status).toBe(201);
    expect(cartOf(buyer2)).toEqual([]);
  });

  it("replays a repeated Idempotency-Key with 200 and the same order, writing nothing new", async () => {
    const cookie = await signIn(buyer2.email);
    const before = snapshot();
    const items = [{ productId: plenty.id, quantity: 5 }];
    const first = await postApiOrder(cookie, body(items), "api-replay-0001");
    const second = await postApiOrder(cookie, body(items), "api-replay-0001");
    expect([first.status, second.status]).toEqual([201, 200]);
    const [a, b] = [await readJson(first), await readJson(second)];
    expect(b).toEqual(a);
    const after = snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock[plenty.id]).toBe(before.stock[plenty.id] - 5);
    expect(after.mails).toBe(before.mails + 1);
    expect(after.loyalty).toBe(before.loyalty + 1);
    expect(pointsOf(a.id)).toMatchObject([{ transactionType: "earned", points: 5 }]);
  });

  it("answers 409 with the product and what is left, and writes nothing", async () => {
    const cookie = await signIn(buyer2.email);
    setStock(towels, 3);
    const before = snapshot();
    const response = await postApiOrder(
      cookie,
      body([
        { productId: vest.id, quantity: 1, selectedVariants: { Size: "M", Colour: "Orange" } },
        { productId: towels.id, quantity: 2 },
        { productId: towels.id, quantity: 2 }, // the same line twice: 4 in all
      ]),
    );
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: "Not enough stock for Paper Towels: only 3 left" });
    expect(snapshot()).toEqual(before);
  });

  it("answers 400 for each invalid field, 401 signed out, 403 for pending and non-customer accounts", async () => {
    const cookie = await signIn(buyer2.email);
    const before = snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...SHIPPING, shippingName: "", items: [{ productId: plenty.id, quantity: 1 }] }, "shippingName", "Name is required"],
      [{ ...SHIPPING, shippingEmail: "nope", items: [{ productId: plenty.id, quantity: 1 }] }, "shippingEmail", "Invalid email address"],
      [{ ...SHIPPING, shippingAddress: undefined, items: [{ productId: plenty.id, quantity: 1 }] }, "shippingAddress", "Address is required"],
      [{ ...SHIPPING, shippingCity: "  ", items: [{ productId: plenty.id, quantity: 1 }] }, "shippingCity", "City is required"],
      [{ ...SHIPPING, shippingPostcode: null, items: [{ productId: plenty.id, quantity: 1 }] }, "shippingPostcode", "Postcode is required"],
      [{ ...SHIPPING, items: [] }, "items", "Your cart is empty"],
      [{ ...SHIPPING }, "items", "Your cart is empty"],
      [{ ...SHIPPING, items: [{ productId: plenty.id, quantity: 0 }] }, "items.0.quantity", "Quantity must be a whole number from 1 to 100000"],
      [{ ...SHIPPING, items: [{ productId: 999_999, quantity: 1 }] }, "items", "A product in your order is no longer available (product 999999)"],
      [{ ...SHIPPING, items: [{ productId: vest.id, quantity: 1, selectedVariants: { Size: "M" } }] }, "items", "Hi-Vis Vest: Please select all options"],
      [{ ...SHIPPING, items: [{ productId: vest.id, quantity: 1, selectedVariants: { Size: "XL", Colour: "Yellow" } }] }, "items", 'Hi-Vis Vest: "XL" is not an option for Size. Choose one of: S, M, L.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await postApiOrder(cookie, payload);
      expect(response.status, field).toBe(400);
      expect(await readJson(response)).toEqual({ message, field });
    }
    const badKey = await postApiOrder(cookie, body([{ productId: plenty.id, quantity: 1 }]), "short");
    expect(badKey.status).toBe(400);
    expect(snapshot()).toEqual(before);

    const signedOut = await postApiOrder("", body([{ productId: plenty.id, quantity: 1 }]));
    expect(signedOut.status).toBe(401);
    const pending = await postApiOrder(await signIn(pendingBuyer.email), body([{ productId: plenty.id, quantity: 1 }]));
    expect(pending.status).toBe(403);
    expect(await readJson(pending)).toEqual({ message: AWAITING_APPROVAL_MESSAGE });
    const asAdmin = await postApiOrder(await signIn(admin.email), body([{ productId: plenty.id, quantity: 1 }]));
    expect(asAdmin.status).toBe(403);
    expect(await readJson(asAdmin)).toEqual({ message: CUSTOMERS_ONLY_MESSAGE });
    expect(snapshot()).toEqual(before);
  });

  it("places the order even when the confirmation cannot be written, and logs why", async () => {
    const cookie = await signIn(buyer2.email);
    const blocked = path.join(path.dirname(databasePath()), "not-a-folder");
    fs.writeFileSync(blocked, "a file where the outbox should be");
    const previous = process.env.OUTBOX_DIR;
    process.env.OUTBOX_DIR = blocked;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await postApiOrder(cookie, body([{ productId: plenty.id, quantity: 1 }]));
      expect(response.status).toBe(201);
      const order = await readJson(response);
      expect(orderRow(order.id).status).toBe("pending");
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining(`confirmation email for order ${order.id}`),
        expect.anything(),
      );
    } finally {
      logged.mockRestore();
      process.env.OUTBOX_DIR = previous;
    }
  });
});

// ─── Racing for the last units ──────────────────────────────────────────────

describe("concurrent orders for the last units", () => {
  it("20 API orders at once for the last 5 sell exactly 5 and stock ends at 0", async () => {
    const cookie = await signIn(buyer2.email);
    setStock(lastFive, 5);
    const before = snapshot();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postApiOrder(cookie, body([{ productId: lastFive.id, quantity: 1 }]), `race-api-${String(i).padStart(4, "0")}`),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const refused = await readJson(responses.find((response) => response.status === 409)!);
    expect(refused.message).toBe("Not enough stock for Last Five Kettles: only 0 left");
    expect(stockOf(lastFive)).toBe(0);
    expect(snapshot().orders).toBe(before.orders + 5);
    const sold = getDb()
      .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
      .from(orderItems)
      .where(eq(orderItems.productId, lastFive.id))
      .get()!.units;
    expect(sold).toBe(5);

    function body(items: unknown[]) {
      return { ...SHIPPING, items };
    }
  });

  it("20 placeOrder calls at once (each its own IMMEDIATE transaction) sell exactly 5", async () => {
    setStock(lastFive, 5);
    const before = snapshot();
    const user = sessionUser(buyer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(getDb(), user, {
          ...SHIPPING,
          idempotencyKey: null,
          lines: [{ productId: lastFive.id, quantity: 1 }],
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(15);
    expect(stockOf(lastFive)).toBe(0);
    expect(snapshot().orders).toBe(before.orders + 5);
  });

  it("four processes racing on one database file sell exactly 5 of 5", { timeout: 90_000 }, async () => {
    setStock(crossFive, 5);
    const before = snapshot();
    const worker = path.resolve("tests/integration/checkout-worker.ts");
    const children = Array.from({ length: 4 }, () =>
      fork(worker, [databasePath(), buyer2.id, String(crossFive.id), "5"], {
        execArgv: ["--import", "tsx"],
        env: { ...process.env },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    type Outcome = { ok: boolean; status?: number; message?: string };
    const ready = children.map(
      (child) =>
        new Promise<void>((resolve, reject) => {
          child.on("message", (message: { type: string }) => message.type === "ready" && resolve());
          child.once("exit", (code) => reject(new Error(`worker exited early with ${code}`)));
        }),
    );
    const done = children.map(
      (child) =>
        new Promise<Outcome[]>((resolve, reject) => {
          child.on("message", (message: { type: string; results?: Outcome[] }) => {
            if (message.type === "done") resolve(message.results!);
          });
          child.once("error", reject);
        }),
    );
    try {
      await Promise.all(ready);
      for (const child of children) child.send({ type: "go" });
      const outcomes = (await Promise.all(done)).flat();
      expect(outcomes).toHaveLength(20);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
        Array.from({ length: 15 }, () => ({ ok: false, status: 409, message: "Not enough stock for Cross Five Urns: only 0 left" })),
      );
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill();
    }
    expect(stockOf(crossFive)).toBe(0);
    expect(snapshot().orders).toBe(before.orders + 5);
  });
});
