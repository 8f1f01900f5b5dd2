import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orderItems, orders, priceTiers, products, productVariants, users } from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { clearCart, getCart } from "~/domain/cart/cart.server";
import { type CartOwner } from "~/domain/cart/cart-lines.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import {
  getCustomerOrderItems,
  listCustomerOrders,
  reorderIntoCart,
  type OrderJson,
} from "~/domain/orders/order-history.server";
import { lineTotals } from "~/domain/pricing/pricing";
import { buyerFor } from "~/domain/pricing/pricing.server";
import * as root from "~/root";
import * as historyPage from "~/routes/account.orders";
import * as apiItems from "~/routes/api.orders.$id.items";
import * as apiMyOrders from "~/routes/api.orders.my-orders";
import { getDb, writeTransaction } from "~/utils/db.server";
import { commitSession, getSession, sessionStorage } from "~/utils/session.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;
type Line = { product: Product; quantity: number; unitPrice?: number; selectedVariants?: Record<string, string> };

let buyer: User;
let other: User;
let newcomer: User;
let towels: Product; // £2.50, 20% VAT
let vest: Product; // Size S/M/L, £10.00
let milk: Product; // 5% VAT
let doomed: Product; // deleted after it was ordered
let gloves: Product; // out of stock after it was ordered

/** The buyer's orders as written, newest first. */
const buyerOrders: { id: number; orderNumber: string; createdAt: number }[] = [];
let reorderable: { id: number; orderNumber: string };
let othersOrder: { id: number; orderNumber: string };

const BASE = Date.UTC(2025, 0, 5, 9, 30);
const HOUR = 60 * 60 * 1000;

/** Writes an order and its lines straight into the database, numbered the way checkout numbers them. */
function createOrder(
  user: User,
  lines: Line[],
  values: Partial<typeof orders.$inferInsert> & { createdAt: Date },
) {
  return writeTransaction(getDb(), (tx) => {
    const priced = lines.map((line) => ({ ...line, unitPrice: line.unitPrice ?? line.product.salesPrice }));
    const totals = lineTotals(
      priced.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity, vatRate: line.product.vatRate })),
    );
    const order = tx
      .insert(orders)
      .values({
        orderNumber: nextOrderNumber(tx),
        userId: user.id,
        status: "delivered",
        subtotal: totals.subtotal,
        vatAmount: totals.vatAmount,
        total: totals.total,
        shippingName: `${user.firstName} ${user.lastName}`,
        shippingEmail: user.email,
        shippingAddress: "Unit 4, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
        ...values,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber })
      .get();
    if (priced.length > 0) {
      tx.insert(orderItems)
        .values(
          priced.map((line, i) => ({
            orderId: order.id,
            productId: line.product.id,
            productName: line.product.name,
            sku: line.product.sku,
            selectedVariants: line.selectedVariants ?? {},
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            vatRate: line.product.vatRate,
            total: totals.lines[i].net,
            vatAmount: totals.lines[i].vat,
          })),
        )
        .run();
    }
    return order;
  });
}

/**
 * A signed-in session for a user, as sign-in leaves it (only the user id is stored), without a password check
 * per user: signing in has its own tests.
 */
async function sessionCookieFor(user: User) {
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return (await commitSession(session)).split(";")[0];
}

let buyerCookie: string;
let otherCookie: string;
let newcomerCookie: string;

beforeAll(async () => {
  const db = getDb();
  const category = createCategory("Janitorial");
  const silver = db.insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  buyer = await createUser({ email: "buyer@example.com", priceTierId: silver.id, firstName: "Bea", lastName: "Buyer" });
  other = await createUser({ email: "buyer2@example.com", firstName: "Otto", lastName: "Other" });
  newcomer = await createUser({ email: "new@example.com" });

  towels = createProduct({ name: "Paper Towels", sku: "TOWEL-PAPER", salesPrice: 250, categoryId: category.id });
  vest = createProduct({ name: "Hi-Vis Vest", salesPrice: 1000, stockLevel: 50, categoryId: category.id });
  db.insert(productVariants).values({ productId: vest.id, name: "Size", options: ["S", "M", "L"] }).run();
  milk = createProduct({ name: "Semi-Skimmed Milk", salesPrice: 333, vatRate: 500 });
  doomed = createProduct({ name: "Discontinued Mop", salesPrice: 799 });
  gloves = createProduct({ name: "Nitrile Gloves", salesPrice: 899, stockLevel: 40 });

  // 24 older orders, one an hour, with the lines varying a little
  const written: { id: number; orderNumber: string; createdAt: number }[] = [];
  for (let i = 0; i < 24; i++) {
    const createdAt = BASE + i * HOUR;
    const order = createOrder(buyer, [{ product: towels, quantity: i + 1 }, { product: milk, quantity: 2 }], {
      createdAt: new Date(createdAt),
      status: i % 3 === 0 ? "processing" : "delivered",
      carrier: i % 3 === 0 ? null : "DPD",
      trackingNumber: i % 3 === 0 ? null : `1550${i}`,
      trackingUrl: i % 3 === 0 ? null : `https://track.dpd.co.uk/parcels/1550${i}`,
      estimatedDelivery: i % 3 === 0 ? null : "2025-01-08",
    });
    written.push({ ...order, createdAt });
  }
  // the newest: towels at the old Silver price, a vest in L, and lines that can no longer be reordered
  const reorderedAt = BASE + 30 * HOUR;
  reorderable = createOrder(
    buyer,
    [
      { product: towels, quantity: 3, unitPrice: 225 },
      { product: vest, quantity: 2, unitPrice: 900, selectedVariants: { Size: "L" } },
      { product: doomed, quantity: 1, unitPrice: 719 },
      { product: gloves, quantity: 4, unitPrice: 809 },
      { product: vest, quantity: 1, unitPrice: 900, selectedVariants: { Size: "XXL" } },
    ],
    {
      createdAt: new Date(reorderedAt),
      status: "shipped",
      carrier: "Royal Mail Tracked 48",
      trackingNumber: "TT123456789GB",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/TT123456789GB",
      estimatedDelivery: "2025-01-08",
    },
  );
  written.push({ ...reorderable, createdAt: reorderedAt });
  buyerOrders.push(...written.reverse());

  // another customer's order, newer than all of the buyer's
  othersOrder = createOrder(other, [{ product: towels, quantity: 50 }], { createdAt: new Date(BASE + 40 * HOUR) });

  // since the order: the towels cost more, one product is gone, another has sold out
  db.update(products).set({ salesPrice: 300 }).where(eq(products.id, towels.id)).run();
  db.delete(products).where(eq(products.id, doomed.id)).run();
  db.update(products).set({ stockLevel: 0 }).where(eq(products.id, gloves.id)).run();

  [buyerCookie, otherCookie, newcomerCookie] = await Promise.all([
    sessionCookieFor(buyer),
    sessionCookieFor(other),
    sessionCookieFor(newcomer),
  ]);
}, 60_000);

function ownerOf(user: User) {
  const sessionUser = findSessionUser(getDb(), user.id)!;
  return { owner: { kind: "user", userId: user.id } as CartOwner, buyer: buyerFor(getDb(), sessionUser) };
}

beforeEach(() => {
  clearCart(getDb(), { kind: "user", userId: buyer.id });
  clearCart(getDb(), { kind: "user", userId: other.id });
});

// ─── The page ───────────────────────────────────────────────────────────────

async function loadPage(cookie: string | undefined, query = "") {
  return callRoute(historyPage.loader, buildRequest(`/account/orders${query}`, { cookie }));
}

describe("/account/orders", () => {
  it("sends a signed-out visitor to sign in and back", async () => {
    expect(redirectLocation(await loadPage(undefined))).toBe("/login?redirectTo=%2Faccount%2Forders");
  });

  it("lists only the customer's own orders, newest first, 20 a page", async () => {
    const first = await readJson(await loadPage(buyerCookie));
    expect(first.total).toBe(25);
    expect(first.page).toBe(1);
    expect(first.pageCount).toBe(2);
    expect(first.orders.map((order: OrderJson) => order.orderNumber)).toEqual(
      buyerOrders.slice(0, 20).map((order) => order.orderNumber),
    );
    expect(first.orders.map((order: OrderJson) => order.orderNumber)).not.toContain(othersOrder.orderNumber);
    expect(typeof first.idempotencyKey).toBe("string");
    expect(first.openOrderId).toBeNull();

    const second = await readJson(await loadPage(buyerCookie, "?page=2"));
    expect(second.page).toBe(2);
    expect(second.orders.map((order: OrderJson) => order.orderNumber)).toEqual(
      buyerOrders.slice(20).map((order) => order.orderNumber),
    );
  });

  it("shows each order's lines, tracking and totals", async () => {
    const { orders: shown } = await readJson(await loadPage(buyerCookie));
    const newest = shown[0];
    expect(newest).toMatchObject({
      id: reorderable.id,
      orderNumber: reorderable.orderNumber,
      status: "shipped",
      carrier: "Royal Mail Tracked 48",
      trackingNumber: "TT123456789GB",
      estimatedDelivery: "2025-01-08",
      shippingName: "Bea Buyer",
      shippingPostcode: "LS11 5PS",
      discountAmount: "0.00",
    });
    expect(newest.items).toHaveLength(5);
    expect(newest.items[0]).toMatchObject({ productName: "Paper Towels", quantity: 3, unitPrice: "2.25", total: "6.75" });
    expect(newest.items[2]).toMatchObject({ productId: null, productName: "Discontinued Mop" });
  });

  it("a page past the end goes to the last page; a nonsense page is the first", async () => {
    expect(redirectLocation(await loadPage(buyerCookie, "?page=9"))).toBe("/account/orders?page=2");
    const nonsense = await readJson(await loadPage(buyerCookie, "?page=abc"));
    expect(nonsense.page).toBe(1);
    expect(nonsense.orders).toHaveLength(20);
  });

  it("?order= opens that order, on the page that holds it", async () => {
    const oldest = buyerOrders[buyerOrders.length - 1];
    const data = await readJson(await loadPage(buyerCookie, `?order=${oldest.id}`));
    expect(data.page).toBe(2);
    expect(data.openOrderId).toBe(oldest.id);
    expect(data.orders.map((order: OrderJson) => order.id)).toContain(oldest.id);

    const newest = await readJson(await loadPage(buyerCookie, `?order=${reorderable.id}`));
    expect(newest.page).toBe(1);
    expect(newest.openOrderId).toBe(reorderable.id);
  });

  it("?order= with another customer's order opens nothing and shows nothing of it", async () => {
    const data = await readJson(await loadPage(buyerCookie, `?order=${othersOrder.id}`));
    expect(data.page).toBe(1);
    expect(data.openOrderId).toBeNull();
    expect(JSON.stringify(data)).not.toContain(othersOrder.orderNumber);
  });

  it("a customer without orders gets an empty list", async () => {
    const data = await readJson(await loadPage(newcomerCookie));
    expect(data).toMatchObject({ orders: [], total: 0, page: 1, pageCount: 1 });
  });

  it("ties on the same instant keep a stable order: the later id first", async () => {
    const user = await createUser({ email: "twins@example.com" });
    const at = new Date(BASE);
    const a = createOrder(user, [{ product: milk, quantity: 1 }], { createdAt: at });
    const b = createOrder(user, [{ product: milk, quantity: 1 }], { createdAt: at });
    expect(listCustomerOrders(getDb(), user.id).map((order) => order.id)).toEqual([b.id, a.id]);
  });
});

// ─── The APIs ───────────────────────────────────────────────────────────────

function getMyOrders(cookie: string | undefined, query = "") {
  return callRoute(apiMyOrders.loader, buildRequest(`/api/orders/my-orders${query}`, { cookie }));
}

function getItems(cookie: string | undefined, id: string | number) {
  return callRoute(apiItems.loader, buildRequest(`/api/orders/${id}/items`, { cookie }), { id: String(id) });
}

describe("GET /api/orders/my-orders", () => {
  it("answers 401 when signed out", async () => {
    const response = await getMyOrders(undefined);
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
  });

  it("lists the customer's orders with items, money as 2-decimal strings", async () => {
    const response = await getMyOrders(buyerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("25");
    const body: OrderJson[] = await readJson(response);
    expect(body).toHaveLength(20);
    expect(body.map((order) => order.orderNumber)).toEqual(buyerOrders.slice(0, 20).map((order) => order.orderNumber));
    expect(body.every((order) => /^ORD-\d{6}$/.test(order.orderNumber))).toBe(true);

    // the oldest order on the page: 6 × £2.50 towels at 20% + 2 × £3.33 milk at 5%
    const order = body.find((entry) => entry.id === buyerOrders[19].id)!;
    expect(order).toEqual({
      id: buyerOrders[19].id,
      orderNumber: buyerOrders[19].orderNumber,
      createdAt: new Date(buyerOrders[19].createdAt).toISOString(),
      status: "delivered",
      subtotal: "21.66",
      vatAmount: "3.33",
      total: "24.99",
      shippingName: "Bea Buyer",
      shippingEmail: "buyer@example.com",
      shippingAddress: "Unit 4, Canal Wharf",
      shippingCity: "Leeds",
      shippingPostcode: "LS11 5PS",
      poReference: null,
      deliveryNotes: null,
      trackingNumber: "15505",
      carrier: "DPD",
      estimatedDelivery: "2025-01-08",
      trackingUrl: "https://track.dpd.co.uk/parcels/15505",
      discountAmount: "0.00",
      freeShipping: false,
      deliveryCharge: "0.00",
      deliveryVat: "0.00",
      holdReason: null,
      quote: null,
      items: [
        {
          id: expect.any(Number),
          productId: towels.id,
          productName: "Paper Towels",
          sku: "TOWEL-PAPER",
          quantity: 6,
          unitPrice: "2.50",
          vatRate: "20.00",
          total: "15.00",
          selectedVariants: {},
        },
        {
          id: expect.any(Number),
          productId: milk.id,
          productName: "Semi-Skimmed Milk",
          sku: null,
          quantity: 2,
          unitPrice: "3.33",
          vatRate: "5.00",
          total: "6.66",
          selectedVariants: {},
        },
      ],
    });
  });

  it("pages with limit and offset", async () => {
    const body: OrderJson[] = await readJson(await getMyOrders(buyerCookie, "?limit=5&offset=20"));
    expect(body.map((order) => order.id)).toEqual(buyerOrders.slice(20).map((order) => order.id));
    const ten: OrderJson[] = await readJson(await getMyOrders(buyerCookie, "?limit=10"));
    expect(ten.map((order) => order.id)).toEqual(buyerOrders.slice(0, 10).map((order) => order.id));
    const past: OrderJson[] = await readJson(await getMyOrders(buyerCookie, "?offset=100"));
    expect(past).toEqual([]);
  });

  it.each([
    ["?limit=0", "limit must be at least 1", "limit"],
    ["?limit=101", "limit must be at most 100", "limit"],
    ["?limit=ten", "limit must be a whole number", "limit"],
    ["?offset=-1", "offset must be at least 0", "offset"],
    ["?offset=1.5", "offset must be a whole number", "offset"],
  ])("%s is refused with 400", async (query, message, field) => {
    const response = await getMyOrders(buyerCookie, query);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message, field });
  });

  it("shows another customer only their own orders", async () => {
    const body: OrderJson[] = await readJson(await getMyOrders(otherCookie));
    expect(body.map((order) => order.orderNumber)).toEqual([othersOrder.orderNumber]);
  });

  it("loads the items of a whole page with one query", () => {
    const db = getDb();
    const prepare = vi.spyOn(db.$client, "prepare");
    try {
      const listed = listCustomerOrders(db, buyer.id, { limit: 20 });
      expect(listed).toHaveLength(20);
      expect(listed.every((order) => order.items.length > 0)).toBe(true);
      // one for the orders, one for all their items
      expect(prepare).toHaveBeenCalledTimes(2);
    } finally {
      prepare.mockRestore();
    }
  });
});

describe("GET /api/orders/{id}/items", () => {
  it("answers 401 when signed out", async () => {
    const response = await getItems(undefined, reorderable.id);
    expect(response.status).toBe(401);
  });

  it("lists the lines of the customer's own order", async () => {
    const response = await getItems(buyerCookie, reorderable.id);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual([
      { productId: towels.id, productName: "Paper Towels", sku: "TOWEL-PAPER", quantity: 3, selectedVariants: {}, unitPrice: "2.25", vatRate: "20.00", total: "6.75" },
      { productId: vest.id, productName: "Hi-Vis Vest", sku: null, quantity: 2, selectedVariants: { Size: "L" }, unitPrice: "9.00", vatRate: "20.00", total: "18.00" },
      { productId: null, productName: "Discontinued Mop", sku: null, quantity: 1, selectedVariants: {}, unitPrice: "7.19", vatRate: "20.00", total: "7.19" },
      { productId: gloves.id, productName: "Nitrile Gloves", sku: null, quantity: 4, selectedVariants: {}, unitPrice: "8.09", vatRate: "20.00", total: "32.36" },
      { productId: vest.id, productName: "Hi-Vis Vest", sku: null, quantity: 1, selectedVariants: { Size: "XXL" }, unitPrice: "9.00", vatRate: "20.00", total: "9.00" },
    ]);
  });

  it("answers another customer's order exactly like one that does not exist", async () => {
    const theirs = await getItems(buyerCookie, othersOrder.id);
    const missing = await getItems(buyerCookie, 987654);
    const nonsense = await getItems(buyerCookie, "abc");
    for (const response of [theirs, missing, nonsense]) {
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ message: "Order not found" });
    }
    expect(getCustomerOrderItems(getDb(), other.id, reorderable.id)).toEqual({
      ok: false,
      status: 404,
      message: "Order not found",
    });
  });
});

// ─── Reorder ────────────────────────────────────────────────────────────────

async function postReorder(cookie: string, fields: Record<string, string | number | undefined>) {
  const response = await callRoute(historyPage.action, buildRequest("/account/orders", { form: fields, cookie }));
  const location = redirectLocation(response);
  const next = cookieFrom(response, cookie);
  const page = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  return { location, toast: page.toast, cartCount: page.cartCount as number };
}

function buyerCart() {
  const { owner, buyer: pricing } = ownerOf(buyer);
  return getCart(getDb(), owner, pricing);
}

describe("Reorder from /account/orders", () => {
  it("adds the lines at today's price, goes to the cart and names what was skipped", async () => {
    const key = "reorder-key-0001";
    const result = await postReorder(buyerCookie, { intent: "reorder", orderId: reorderable.id, idempotencyKey: key });
    expect(result.location).toBe("/cart");
    expect(result.toast).toEqual({
      title: "Added 2 products (5 units) to your cart",
      description:
        "Short: Nitrile Gloves: out of stock. Skipped: Discontinued Mop (no longer available); " +
        "Hi-Vis Vest (Size: XXL) (options no longer available).",
      variant: "default",
    });
    expect(result.cartCount).toBe(5);

    const cart = buyerCart();
    expect(cart.lines.map((line) => [line.productName, line.selectedVariants, line.quantity])).toEqual([
      ["Paper Towels", {}, 3],
      ["Hi-Vis Vest", { Size: "L" }, 2],
    ]);
    // ordered at £2.25; the list price is now £3.00, less the Silver 10%
    expect(cart.lines[0].unitPrice).toBe(270);
    expect(cart.lines[0].priceChanged).toBe(false);
    expect(cart.lines[1].unitPrice).toBe(900);
  });

  it("a repeated post with the same key adds nothing more and shows the same outcome", async () => {
    const fields = { intent: "reorder", orderId: reorderable.id, idempotencyKey: "reorder-key-0002" };
    const first = await postReorder(buyerCookie, fields);
    const again = await postReorder(buyerCookie, fields);
    expect(again.location).toBe("/cart");
    expect(again.toast).toEqual(first.toast);
    expect(again.cartCount).toBe(5);

    const fresh = await postReorder(buyerCookie, { ...fields, idempotencyKey: "reorder-key-0003" });
    expect(fresh.cartCount).toBe(10);
  });

  it("another customer's order: the failure notice, and nothing is added", async () => {
    const result = await postReorder(buyerCookie, {
      intent: "reorder",
      orderId: othersOrder.id,
      idempotencyKey: "reorder-key-0004",
    });
    expect(result.location).toBe("/account/orders");
    expect(result.toast).toEqual({
      title: "Failed to fetch order items",
      description: "Order not found",
      variant: "destructive",
    });
    expect(result.cartCount).toBe(0);
    expect(buyerCart().lines).toEqual([]);
  });

  it("a missing or malformed order id, or an unknown intent, changes nothing", async () => {
    for (const fields of [
      { intent: "reorder" },
      { intent: "reorder", orderId: "abc" },
      { intent: "delete", orderId: reorderable.id },
    ]) {
      const result = await postReorder(buyerCookie, fields);
      expect(result.location).toBe("/account/orders");
      expect(result.toast).toMatchObject({ title: "Failed to fetch order items", variant: "destructive" });
      expect(result.cartCount).toBe(0);
    }
  });

  it("when nothing can be added, stays with the order and says why", async () => {
    const only = createOrder(buyer, [{ product: gloves, quantity: 2, unitPrice: 809 }], {
      createdAt: new Date(BASE - 48 * HOUR),
    });
    const result = await postReorder(buyerCookie, { intent: "reorder", orderId: only.id, idempotencyKey: "reorder-key-0005" });
    expect(result.location).toBe(`/account/orders?order=${only.id}`);
    expect(result.toast).toEqual({
      title: "Nothing added to cart",
      description: "Short: Nitrile Gloves: out of stock.",
      variant: "destructive",
    });
    expect(result.cartCount).toBe(0);
    getDb().delete(orders).where(eq(orders.id, only.id)).run();
  });

  it("signed out, the post goes to sign in", async () => {
    const response = await callRoute(
      historyPage.action,
      buildRequest("/account/orders", { form: { intent: "reorder", orderId: reorderable.id } }),
    );
    expect(redirectLocation(response)).toBe("/login?redirectTo=%2Faccount%2Forders");
  });
});

describe("reorderIntoCart", () => {
  it("refuses another customer's order with 404 and leaves the cart alone", () => {
    const { owner, buyer: pricing } = ownerOf(other);
    expect(reorderIntoCart(getDb(), owner, pricing, other.id, reorderable.id)).toEqual({
      ok: false,
      status: 404,
      message: "Order not found",
    });
    expect(getCart(getDb(), owner, pricing).lines).toEqual([]);
  });

  it("puts in what there is of a line short of stock, names it, and adds the others", () => {
    getDb().update(products).set({ stockLevel: 2 }).where(eq(products.id, towels.id)).run();
    try {
      const { owner, buyer: pricing } = ownerOf(buyer);
      const result = reorderIntoCart(getDb(), owner, pricing, buyer.id, reorderable.id);
      if (!result.ok) throw new Error(result.message);
      expect(result.value).toMatchObject({ added: 2, products: 2, units: 4 });
      expect(result.value.short).toEqual([
        { name: "Paper Towels", asked: 3, added: 2 },
        { name: "Nitrile Gloves", asked: 4, added: 0 },
      ]);
      expect(result.value.leftOut).toEqual([
        { name: "Discontinued Mop", reason: "no longer available" },
        { name: "Hi-Vis Vest (Size: XXL)", reason: "options no longer available" },
      ]);
      expect(getCart(getDb(), owner, pricing).lines.map((line) => [line.productName, line.quantity])).toEqual([
        ["Paper Towels", 2],
        ["Hi-Vis Vest", 2],
      ]);
    } finally {
      getDb().update(products).set({ stockLevel: 100 }).where(eq(products.id, towels.id)).run();
    }
  });

  it("fills a guest's session cart too (quick order and the cart share it)", async () => {
    const session = await getSession(buildRequest("/"));
    const owner: CartOwner = { kind: "guest", session };
    const result = reorderIntoCart(getDb(), owner, null, buyer.id, reorderable.id);
    expect(result.ok && result.value.added).toBe(2);
    const cart = getCart(getDb(), owner, null);
    // a guest pays list prices: the towels' new £3.00
    expect(cart.lines.map((line) => [line.productName, line.unitPrice])).toEqual([
      ["Paper Towels", 300],
      ["Hi-Vis Vest", 1000],
    ]);
  });
});
