/**
 * The back office's orders and order approvals through both doors: the /admin/orders and
 * /admin/order-approvals screens (loader and action) and the /api/admin/orders resource routes.
 * Orders are placed with placeOrder, so each has its stock taken, its invoice and its points as checkout
 * leaves them; the tests then check those rows after each admin change.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loyaltyTransactions, orders, products, salesInvoices, users } from "~db/schema";
import { CARRIER_TOO_LONG, ESTIMATED_DELIVERY_INVALID, STATUS_INVALID_MESSAGE, TRACKING_EMPTY_MESSAGE, TRACKING_NUMBER_TOO_LONG, TRACKING_URL_INVALID } from "~/domain/orders/order-fulfilment.schema";
import { NO_ORDERS_FOUND } from "~/domain/orders/order-list.schema";
import { CANNOT_REOPEN_MESSAGE } from "~/domain/orders/order-fulfilment.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { placeOrder } from "~/domain/orders/orders.server";
import * as root from "~/root";
import * as approvalsPage from "~/routes/admin.order-approvals";
import * as ordersPage from "~/routes/admin.orders/route";
import * as apiOrders from "~/routes/api.admin.orders";
import * as apiApprove from "~/routes/api.admin.orders.$orderId.approve";
import * as apiReject from "~/routes/api.admin.orders.$orderId.reject";
import * as apiExport from "~/routes/api.admin.orders.export";
import * as apiPicking from "~/routes/api.admin.orders.picking-list";
import * as exportPage from "~/routes/admin.orders.export[.]csv";
import * as pickingPage from "~/routes/admin.orders.picking-list[.]csv";
import * as apiStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiTracking from "~/routes/api.admin.orders.$orderId.tracking";
import * as apiPending from "~/routes/api.admin.orders.pending-approval";
import * as apiLogin from "~/routes/api.auth.login";
import { getDb } from "~/utils/db.server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";

type User = typeof users.$inferSelect;
type Product = typeof products.$inferSelect;

let admin: User;
let buyer: User;
let approvalBuyer: User;
let adminCookie: string;
let buyerCookie: string;
let kettle: Product; // £30.00 at 20%
let mugs: Product; // £12.50 at 20%

const db = () => getDb();

async function signIn(email: string) {
  const response = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password: TEST_PASSWORD } }));
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

function createProduct(name: string, salesPrice: number, stockLevel = 500) {
  const slug = name.toLowerCase().replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-");
  return db().insert(products).values({ name, slug, salesPrice, vatRate: 2000, stockLevel }).returning().get();
}

const stockOf = (product: Product) =>
  db().select({ stockLevel: products.stockLevel }).from(products).where(eq(products.id, product.id)).get()!.stockLevel;
const orderRow = (id: number) => db().select().from(orders).where(eq(orders.id, id)).get()!;
const invoiceOf = (orderId: number) => db().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get();
const pointsOf = (orderId: number) =>
  Number(
    db()
      .select({ net: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)` })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.orderId, orderId))
      .get()!.net,
  );
const auditsFor = (orderId: number, action: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "order"), eq(auditLogs.entityId, String(orderId)), eq(auditLogs.action, action)))
    .all();

/** Places an order as `user` through the checkout use-case: stock taken, invoice and points as checkout does. */
async function place(user: User, lines: { product: Product; quantity: number }[]) {
  const result = await placeOrder(db(), findSessionUser(db(), user.id)!, {
    idempotencyKey: null,
    shippingName: "Sam Patel",
    shippingEmail: "deliveries@patel-catering.co.uk",
    shippingAddress: "Unit 2, Canal Wharf",
    shippingCity: "Leeds",
    shippingPostcode: "LS11 5PS",
    lines: lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
  });
  if (!result.ok) throw new Error(result.message);
  if (result.value.kind !== "placed") throw new Error("The order was sent for approval");
  return result.value;
}

/** An API call; `cookie` null calls signed out. */
function api(handler: RouteHandler, path: string, method: string, body?: unknown, cookie: string | null = adminCookie, params = {}) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie: cookie ?? undefined }), params);
}

function pagePost(
  page: { action: RouteHandler },
  path: string,
  form: Record<string, string | number | Array<string | number> | undefined>,
  cookie = adminCookie,
) {
  return callRoute(page.action, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

/** After a redirect: where it went, the notice the next page shows, and that page's data. */
async function follow(response: Response, page: { loader: RouteHandler } = ordersPage) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const data = await readJson(await callRoute(page.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, data };
}

async function openOrdersPage(query = "") {
  const response = await callRoute(ordersPage.loader, buildRequest(`/admin/orders${query}`, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@patel-catering.co.uk", firstName: "Sam", lastName: "Patel" });
  approvalBuyer = await createUser({ email: "approval@northern-cafes.co.uk", requiresApproval: true });
  kettle = createProduct("Commercial Kettle 10L", 3000);
  mugs = createProduct("Stoneware Mugs (12)", 1250);
  adminCookie = await signIn(admin.email);
  buyerCookie = await signIn(buyer.email);
});

describe("guards", () => {
  it("answers 401 to a visitor and 403 to a customer on every API, changing nothing", async () => {
    const order = await place(buyer, [{ product: kettle, quantity: 1 }]);
    const params = { orderId: String(order.orderId) };
    const calls: [RouteHandler, string, string, unknown?][] = [
      [apiOrders.loader, "/api/admin/orders", "GET"],
      [apiPending.loader, "/api/admin/orders/pending-approval", "GET"],
      [apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "cancelled" }],
      [apiTracking.action, `/api/admin/orders/${order.orderId}/tracking`, "PATCH", { trackingNumber: "X1" }],
      [apiApprove.action, `/api/admin/orders/${order.orderId}/approve`, "POST"],
      [apiReject.action, `/api/admin/orders/${order.orderId}/reject`, "POST"],
    ];
    for (const [handler, path, method, body] of calls) {
      const visitor = await api(handler, path, method, body, null, params);
      expect(visitor.status, `${method} ${path} signed out`).toBe(401);
      const customer = await api(handler, path, method, body, buyerCookie, params);
      expect(customer.status, `${method} ${path} as a customer`).toBe(403);
      expect(await readJson(customer)).toEqual({ message: "You do not have admin privileges." });
    }
    expect(orderRow(order.orderId)).toMatchObject({ status: "pending", trackingNumber: null });
  });

  it("sends a customer away from both screens and their actions", async () => {
    const order = await place(buyer, [{ product: kettle, quantity: 1 }]);
    for (const page of [ordersPage, approvalsPage]) {
      const path = page === ordersPage ? "/admin/orders" : "/admin/order-approvals";
      expect(redirectLocation(await callRoute(page.loader, buildRequest(path, { cookie: buyerCookie })))).toBe("/");
      expect(redirectLocation(await callRoute(page.loader, buildRequest(path)))).toMatch(/^\/login\?redirectTo=/);
    }
    const posted = await pagePost(ordersPage, "/admin/orders", { intent: "status", id: order.orderId, status: "cancelled" }, buyerCookie);
    expect(redirectLocation(posted)).toBe("/");
    const approve = await pagePost(approvalsPage, "/admin/order-approvals", { intent: "reject", id: order.orderId }, buyerCookie);
    expect(redirectLocation(approve)).toBe("/");
    expect(orderRow(order.orderId).status).toBe("pending");
  });
});

describe("list and filter", () => {
  it("lists newest first with the customer's email, searches and filters, 25 a page", async () => {
    const lister = await createUser({ email: "lister@harbour-deli.co.uk" });
    const placed = [];
    for (let i = 0; i < 27; i++) placed.push(await place(lister, [{ product: mugs, quantity: 1 }]));
    const newest = placed[placed.length - 1];

    const response = await api(apiOrders.loader, "/api/admin/orders?q=harbour-deli", "GET");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("27");
    expect(response.headers.get("X-Page-Count")).toBe("2");
    const firstPage = await readJson(response);
    expect(firstPage).toHaveLength(25);
    expect(firstPage[0]).toMatchObject({
      id: newest.orderId,
      orderNumber: newest.orderNumber,
      customerEmail: "lister@harbour-deli.co.uk",
      status: "pending",
      subtotal: "12.50",
      vatAmount: "2.50",
      total: "15.00",
    });
    const secondPage = await readJson(await api(apiOrders.loader, "/api/admin/orders?q=harbour-deli&page=2", "GET"));
    expect(secondPage).toHaveLength(2);

    const byNumber = await readJson(await api(apiOrders.loader, `/api/admin/orders?q=${placed[3].orderNumber}`, "GET"));
    expect(byNumber.map((order: { id: number }) => order.id)).toEqual([placed[3].orderId]);

    // the same search on the screen, filtered by a status none of them has
    const page = await openOrdersPage("?q=harbour-deli");
    expect(page.orders).toHaveLength(25);
    expect(page.total).toBe(27);
    expect(page.orders[0]).toMatchObject({ orderNumber: newest.orderNumber, customerEmail: "lister@harbour-deli.co.uk", total: "15.00" });
    const none = await openOrdersPage("?q=harbour-deli&status=shipped");
    expect(none.orders).toEqual([]);
    expect(none.total).toBe(0);
    expect(NO_ORDERS_FOUND).toBe("No orders found");

    db().update(orders).set({ status: "shipped" }).where(eq(orders.id, placed[0].orderId)).run();
    const shipped = await readJson(await api(apiOrders.loader, "/api/admin/orders?q=harbour-deli&status=shipped", "GET"));
    expect(shipped.map((order: { id: number }) => order.id)).toEqual([placed[0].orderId]);
  });

  it("opens an order's detail at ?view= with its customer, items and totals", async () => {
    const order = await place(buyer, [
      { product: kettle, quantity: 2 },
      { product: mugs, quantity: 3 },
    ]);
    const page = await openOrdersPage(`?view=${order.orderId}`);
    expect(page.viewing).toMatchObject({
      id: order.orderId,
      orderNumber: order.orderNumber,
      status: "pending",
      customer: { email: "buyer@patel-catering.co.uk", firstName: "Sam", lastName: "Patel" },
      shippingName: "Sam Patel",
      shippingPostcode: "LS11 5PS",
      subtotal: "97.50",
      vatAmount: "19.50",
      total: "117.00",
      discountAmount: "0.00",
      freeShipping: false,
    });
    expect(page.viewing.items.map((item: { productName: string; quantity: number; total: string }) => [item.productName, item.quantity, item.total])).toEqual([
      ["Commercial Kettle 10L", 2, "60.00"],
      ["Stoneware Mugs (12)", 3, "37.50"],
    ]);
    expect(page.viewing.invoice.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
    const missing = await openOrdersPage("?view=999999");
    expect(missing.viewing).toBeNull();
    expect(missing.viewMissing).toBe(true);
  });
});

describe("status", () => {
  it("moves an order on through the screen and the API, audited; delivered sets deliveredAt", async () => {
    const order = await place(buyer, [{ product: kettle, quantity: 1 }]);
    const posted = await pagePost(ordersPage, "/admin/orders?status=pending", { intent: "status", id: order.orderId, status: "processing", returnTo: "/admin/orders?status=pending" });
    const next = await follow(posted);
    expect(next.location).toBe(`/admin/orders?status=pending&view=${order.orderId}`);
    expect(next.toast).toMatchObject({ title: "Status updated", description: `${order.orderNumber} is now Processing.` });
    expect(next.data.viewing.status).toBe("processing");

    const shipped = await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "shipped" }, adminCookie, { orderId: String(order.orderId) });
    expect(shipped.status).toBe(200);
    expect(await readJson(shipped)).toMatchObject({ id: order.orderId, status: "shipped", deliveredAt: null });

    const delivered = await readJson(
      await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "delivered" }, adminCookie, { orderId: String(order.orderId) }),
    );
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt).not.toBeNull();
    expect(orderRow(order.orderId).deliveredAt).toBeInstanceOf(Date);
    expect(auditsFor(order.orderId, "order.status_updated").map((entry) => JSON.parse(entry.details!))).toEqual([
      { orderNumber: order.orderNumber, from: "pending", to: "processing" },
      { orderNumber: order.orderNumber, from: "processing", to: "shipped" },
      { orderNumber: order.orderNumber, from: "shipped", to: "delivered" },
    ]);

    const invalid = await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "lost" }, adminCookie, { orderId: String(order.orderId) });
    expect(invalid.status).toBe(400);
    expect(await readJson(invalid)).toEqual({ message: STATUS_INVALID_MESSAGE, field: "status" });
    const unknown = await api(apiStatus.action, "/api/admin/orders/999999/status", "PATCH", { status: "shipped" }, adminCookie, { orderId: "999999" });
    expect(unknown.status).toBe(404);
    expect(orderRow(order.orderId).status).toBe("delivered");
  });

  it("cancelling through the status returns the stock, voids the invoice and reverses the points", async () => {
    const before = stockOf(kettle);
    const order = await place(buyer, [{ product: kettle, quantity: 4 }]);
    expect(stockOf(kettle)).toBe(before - 4);
    expect(invoiceOf(order.orderId)?.status).toBe("unpaid");
    expect(pointsOf(order.orderId)).toBe(120);

    const response = await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, { orderId: String(order.orderId) });
    expect(response.status).toBe(200);
    expect((await readJson(response)).status).toBe("cancelled");
    expect(stockOf(kettle)).toBe(before);
    expect(invoiceOf(order.orderId)?.status).toBe("void");
    expect(pointsOf(order.orderId)).toBe(0);
    expect(orderRow(order.orderId).cancelledAt).toBeInstanceOf(Date);
    expect(auditsFor(order.orderId, "order.cancelled")).toHaveLength(1);

    // the same through the screen: choosing Cancelled first opens the confirm step, which says what it will do
    const second = await place(buyer, [{ product: mugs, quantity: 2 }]);
    const mugsBefore = stockOf(mugs);
    const asked = await follow(
      await pagePost(ordersPage, "/admin/orders", { intent: "status", id: second.orderId, status: "cancelled", returnTo: "/admin/orders?q=ORD" }),
    );
    expect(asked.location).toBe(`/admin/orders?q=ORD&cancel=${second.orderId}`);
    expect(asked.data.cancelling).toEqual({
      orderId: second.orderId,
      orderNumber: second.orderNumber,
      refusal: null,
      restock: [{ productName: "Stoneware Mugs (12)", units: 2 }],
      pointsReversed: 25,
      voidedInvoiceNumber: invoiceOf(second.orderId)!.invoiceNumber,
      voucherReleased: null,
    });
    expect(orderRow(second.orderId).status).toBe("pending");
    expect(stockOf(mugs)).toBe(mugsBefore);
    const next = await follow(
      await pagePost(ordersPage, "/admin/orders", { intent: "status", id: second.orderId, status: "cancelled", confirmed: "1" }),
    );
    expect(next.toast).toMatchObject({ title: "Status updated", description: `${second.orderNumber} is now Cancelled.` });
    expect(stockOf(mugs)).toBe(mugsBefore + 2);
    expect(invoiceOf(second.orderId)?.status).toBe("void");
    expect(pointsOf(second.orderId)).toBe(0);
  });

  it("refuses to cancel a delivered or paid order (409), through both doors, and the confirm step says why", async () => {
    const delivered = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const params = { orderId: String(delivered.orderId) };
    await api(apiStatus.action, `/api/admin/orders/${delivered.orderId}/status`, "PATCH", { status: "delivered" }, adminCookie, params);
    const stock = stockOf(mugs);
    const refused = await api(apiStatus.action, `/api/admin/orders/${delivered.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, params);
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toBe(`${delivered.orderNumber} has been delivered, so it cannot be cancelled: a return undoes it.`);
    const preview = await openOrdersPage(`?cancel=${delivered.orderId}`);
    expect(preview.cancelling.refusal).toContain("has been delivered");
    const confirmed = await follow(
      await pagePost(ordersPage, "/admin/orders", { intent: "status", id: delivered.orderId, status: "cancelled", confirmed: "1" }),
    );
    expect(confirmed.toast).toMatchObject({ variant: "destructive" });
    expect(orderRow(delivered.orderId).status).toBe("delivered");
    expect(stockOf(mugs)).toBe(stock);

    const paid = await place(buyer, [{ product: mugs, quantity: 1 }]);
    db().update(salesInvoices).set({ amountPaid: 500 }).where(eq(salesInvoices.orderId, paid.orderId)).run();
    const paidPreview = await openOrdersPage(`?cancel=${paid.orderId}`);
    expect(paidPreview.cancelling.refusal).toBe(
      `${paid.orderNumber} cannot be cancelled: its invoice ${invoiceOf(paid.orderId)!.invoiceNumber} has payments. A return or a credit note undoes it.`,
    );
    const paidRefused = await api(apiStatus.action, `/api/admin/orders/${paid.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, { orderId: String(paid.orderId) });
    expect(paidRefused.status).toBe(409);
    expect(invoiceOf(paid.orderId)?.status).toBe("unpaid");
  });

  it("refuses to reopen a cancelled order (409), through both doors, changing nothing", async () => {
    const order = await place(buyer, [{ product: mugs, quantity: 1 }]);
    await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, { orderId: String(order.orderId) });
    const stock = stockOf(mugs);

    const reopened = await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "processing" }, adminCookie, { orderId: String(order.orderId) });
    expect(reopened.status).toBe(409);
    const body = await readJson(reopened);
    expect(body.message).toBe(CANNOT_REOPEN_MESSAGE);
    expect(body.message).toContain("A cancelled order cannot be reopened");

    const next = await follow(await pagePost(ordersPage, "/admin/orders", { intent: "status", id: order.orderId, status: "pending" }));
    expect(next.toast).toMatchObject({ title: "Error", description: CANNOT_REOPEN_MESSAGE, variant: "destructive" });
    expect(orderRow(order.orderId).status).toBe("cancelled");
    expect(stockOf(mugs)).toBe(stock);
    expect(invoiceOf(order.orderId)?.status).toBe("void");
  });
});

describe("bulk status", () => {
  it("marks the ticked orders in one go, says Batch Update Complete, and refuses bad selections", async () => {
    const first = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const second = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const next = await follow(
      await pagePost(ordersPage, "/admin/orders", { intent: "bulk-status", ids: [first.orderId, second.orderId], status: "shipped" }),
    );
    expect(next.toast).toMatchObject({ title: "Batch Update Complete", description: "2 orders marked as Shipped." });
    expect(orderRow(first.orderId).status).toBe("shipped");
    expect(orderRow(second.orderId).status).toBe("shipped");
    expect(auditsFor(first.orderId, "order.status_updated")).toHaveLength(1);

    const noneTicked = await follow(await pagePost(ordersPage, "/admin/orders", { intent: "bulk-status", status: "delivered" }));
    expect(noneTicked.toast).toMatchObject({ title: "Error", description: "Select at least one order" });
    const noAction = await follow(await pagePost(ordersPage, "/admin/orders", { intent: "bulk-status", ids: [first.orderId] }));
    expect(noAction.toast).toMatchObject({ title: "Error", description: "Choose an action: processing, shipped or delivered" });
    const cancelledOne = await follow(await pagePost(ordersPage, "/admin/orders", { intent: "bulk-status", ids: [first.orderId], status: "cancelled" }));
    expect(cancelledOne.toast?.variant).toBe("destructive");

    // one cancelled order among them: nothing changes at all
    const third = await place(buyer, [{ product: mugs, quantity: 1 }]);
    await api(apiStatus.action, `/api/admin/orders/${third.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, { orderId: String(third.orderId) });
    const refused = await follow(
      await pagePost(ordersPage, "/admin/orders", { intent: "bulk-status", ids: [first.orderId, third.orderId], status: "delivered" }),
    );
    expect(refused.toast).toMatchObject({ title: "Error", variant: "destructive" });
    expect(refused.toast?.description).toContain(`A cancelled order cannot be reopened: ${third.orderNumber}`);
    expect(orderRow(first.orderId).status).toBe("shipped");
    expect(orderRow(third.orderId).status).toBe("cancelled");
  });
});

describe("tracking", () => {
  it("validates through the API with the field named, and saves and clears fields", async () => {
    const order = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const placedWith = orderRow(order.orderId).estimatedDelivery;
    expect(placedWith).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const params = { orderId: String(order.orderId) };
    const path = `/api/admin/orders/${order.orderId}/tracking`;
    const cases: [unknown, string, string][] = [
      [{ trackingNumber: "X".repeat(101) }, TRACKING_NUMBER_TOO_LONG, "trackingNumber"],
      [{ carrier: "C".repeat(101) }, CARRIER_TOO_LONG, "carrier"],
      [{ trackingUrl: "javascript:alert(1)" }, TRACKING_URL_INVALID, "trackingUrl"],
      [{ trackingUrl: "not a url" }, TRACKING_URL_INVALID, "trackingUrl"],
      [{ estimatedDelivery: "2026-02-30" }, ESTIMATED_DELIVERY_INVALID, "estimatedDelivery"],
      [{ estimatedDelivery: "30/01/2026" }, ESTIMATED_DELIVERY_INVALID, "estimatedDelivery"],
    ];
    for (const [body, message, field] of cases) {
      const response = await api(apiTracking.action, path, "PATCH", body, adminCookie, params);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response)).toEqual({ message, field });
    }
    const empty = await api(apiTracking.action, path, "PATCH", {}, adminCookie, params);
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).message).toBe(TRACKING_EMPTY_MESSAGE);
    // unchanged: no tracking yet, and the expected delivery date the order was placed with
    expect(orderRow(order.orderId)).toMatchObject({
      trackingNumber: null,
      carrier: null,
      trackingUrl: null,
      estimatedDelivery: placedWith,
    });

    const saved = await api(
      apiTracking.action,
      path,
      "PATCH",
      { trackingNumber: "DPD-1234567", carrier: "DPD", trackingUrl: "https://track.dpd.co.uk/DPD-1234567", estimatedDelivery: "2026-12-03" },
      adminCookie,
      params,
    );
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toMatchObject({
      trackingNumber: "DPD-1234567",
      carrier: "DPD",
      trackingUrl: "https://track.dpd.co.uk/DPD-1234567",
      estimatedDelivery: "2026-12-03",
    });
    const partial = await readJson(await api(apiTracking.action, path, "PATCH", { carrier: null }, adminCookie, params));
    expect(partial).toMatchObject({ trackingNumber: "DPD-1234567", carrier: null });
    expect(auditsFor(order.orderId, "order.tracking_updated")).toHaveLength(2);
  });

  it("shows the form's errors on the screen, then saves and says Tracking updated", async () => {
    const order = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const invalid = await pagePost(ordersPage, `/admin/orders?view=${order.orderId}`, {
      intent: "tracking",
      id: order.orderId,
      trackingNumber: "RM123",
      carrier: "Royal Mail",
      trackingUrl: "ftp://example.com/x",
      estimatedDelivery: "",
    });
    expect(invalid.status).toBe(400);
    const body = await readJson(invalid);
    expect(body.result.error).toMatchObject({ trackingUrl: [TRACKING_URL_INVALID] });
    expect(orderRow(order.orderId).trackingNumber).toBeNull();

    const next = await follow(
      await pagePost(ordersPage, `/admin/orders?view=${order.orderId}`, {
        intent: "tracking",
        id: order.orderId,
        returnTo: "/admin/orders",
        trackingNumber: "RM123",
        carrier: "Royal Mail",
        trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/RM123",
        estimatedDelivery: "2026-12-04",
      }),
    );
    expect(next.toast).toMatchObject({ title: "Tracking updated" });
    expect(next.data.viewing).toMatchObject({ trackingNumber: "RM123", carrier: "Royal Mail", estimatedDelivery: "2026-12-04" });

    // a blank field in the form clears it
    await follow(
      await pagePost(ordersPage, "/admin/orders", {
        intent: "tracking",
        id: order.orderId,
        trackingNumber: "RM123",
        carrier: "",
        trackingUrl: "",
        estimatedDelivery: "2026-12-04",
      }),
    );
    expect(orderRow(order.orderId)).toMatchObject({ trackingNumber: "RM123", carrier: null, trackingUrl: null });
  });
});

describe("approvals", () => {
  it("lists an approval customer's order, and approving issues the invoice and earns the points", async () => {
    const order = await place(approvalBuyer, [{ product: kettle, quantity: 2 }]);
    expect(order.status).toBe("pending_approval");
    expect(invoiceOf(order.orderId)).toBeUndefined();
    expect(pointsOf(order.orderId)).toBe(0);

    const pending = await readJson(await api(apiPending.loader, "/api/admin/orders/pending-approval", "GET"));
    expect(pending).toContainEqual(
      expect.objectContaining({
        id: order.orderId,
        shippingName: "Sam Patel",
        shippingEmail: "deliveries@patel-catering.co.uk",
        shippingAddress: "Unit 2, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
        total: "72.00",
      }),
    );
    const screen = await readJson(await callRoute(approvalsPage.loader, buildRequest("/admin/order-approvals", { cookie: adminCookie })));
    expect(screen.orders.map((row: { id: number }) => row.id)).toContain(order.orderId);

    const next = await follow(
      await pagePost(approvalsPage, "/admin/order-approvals", { intent: "approve", id: order.orderId }),
      approvalsPage,
    );
    expect(next.location).toBe("/admin/order-approvals");
    expect(next.toast).toMatchObject({ title: "Order approved" });
    expect(next.data.orders.map((row: { id: number }) => row.id)).not.toContain(order.orderId);
    const row = orderRow(order.orderId);
    expect(row.status).toBe("processing");
    expect(row.approvedAt).toBeInstanceOf(Date);
    const invoice = invoiceOf(order.orderId);
    expect(invoice).toMatchObject({ status: "unpaid", subtotal: 6000, vatAmount: 1200, total: 7200, customerId: approvalBuyer.id });
    expect(next.toast?.description).toContain(invoice!.invoiceNumber);
    expect(pointsOf(order.orderId)).toBe(60);
    expect(auditsFor(order.orderId, "order.approved")).toHaveLength(1);

    // approving it again is refused: it is no longer awaiting approval
    const again = await api(apiApprove.action, `/api/admin/orders/${order.orderId}/approve`, "POST", undefined, adminCookie, { orderId: String(order.orderId) });
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toBe(`Order ${order.orderNumber} is not awaiting approval (it is Processing)`);
    const againOnScreen = await follow(await pagePost(approvalsPage, "/admin/order-approvals", { intent: "approve", id: order.orderId }), approvalsPage);
    expect(againOnScreen.toast).toMatchObject({ title: "Failed to approve order", variant: "destructive" });
    expect(pointsOf(order.orderId)).toBe(60);
  });

  it("approves through the API, once per idempotency key", async () => {
    const order = await place(approvalBuyer, [{ product: mugs, quantity: 4 }]);
    const request = () =>
      callRoute(
        apiApprove.action,
        buildRequest(`/api/admin/orders/${order.orderId}/approve`, { method: "POST", cookie: adminCookie, headers: { "Idempotency-Key": "approve-key-0001" } }),
        { orderId: String(order.orderId) },
      );
    const first = await request();
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body).toMatchObject({ message: "Order approved", pointsEarned: 50, order: { status: "processing", total: "60.00" } });
    expect(body.invoiceNumber).toBe(invoiceOf(order.orderId)!.invoiceNumber);
    const replay = await request();
    expect(replay.status).toBe(200);
    expect((await readJson(replay)).invoiceNumber).toBe(body.invoiceNumber);
    expect(auditsFor(order.orderId, "order.approved")).toHaveLength(1);
  });

  it("rejecting cancels the order and returns its stock, through both doors; only pending-approval orders", async () => {
    const before = stockOf(kettle);
    const order = await place(approvalBuyer, [{ product: kettle, quantity: 3 }]);
    expect(stockOf(kettle)).toBe(before - 3);

    // the confirmation step has its own address
    const confirm = await readJson(
      await callRoute(approvalsPage.loader, buildRequest(`/admin/order-approvals?reject=${order.orderId}`, { cookie: adminCookie })),
    );
    expect(confirm.rejecting).toMatchObject({ id: order.orderId, orderNumber: order.orderNumber });

    const next = await follow(await pagePost(approvalsPage, "/admin/order-approvals", { intent: "reject", id: order.orderId }), approvalsPage);
    expect(next.toast).toMatchObject({ title: "Order rejected", description: `${order.orderNumber} has been cancelled and its stock returned.` });
    expect(orderRow(order.orderId).status).toBe("cancelled");
    expect(stockOf(kettle)).toBe(before);
    expect(invoiceOf(order.orderId)).toBeUndefined();
    expect(auditsFor(order.orderId, "order.rejected")).toHaveLength(1);

    const viaApi = await place(approvalBuyer, [{ product: mugs, quantity: 2 }]);
    const mugsAfterOrder = stockOf(mugs);
    const rejected = await api(apiReject.action, `/api/admin/orders/${viaApi.orderId}/reject`, "POST", undefined, adminCookie, { orderId: String(viaApi.orderId) });
    expect(rejected.status).toBe(200);
    expect(await readJson(rejected)).toMatchObject({ message: "Order rejected", unitsRestocked: 2, order: { status: "cancelled" } });
    expect(stockOf(mugs)).toBe(mugsAfterOrder + 2);

    // a normal order cannot be rejected
    const normal = await place(buyer, [{ product: mugs, quantity: 1 }]);
    const refused = await api(apiReject.action, `/api/admin/orders/${normal.orderId}/reject`, "POST", undefined, adminCookie, { orderId: String(normal.orderId) });
    expect(refused.status).toBe(409);
    const onScreen = await follow(await pagePost(approvalsPage, "/admin/order-approvals", { intent: "reject", id: normal.orderId }), approvalsPage);
    expect(onScreen.toast).toMatchObject({ title: "Failed to reject order", variant: "destructive" });
    expect(orderRow(normal.orderId).status).toBe("pending");
  });

  it("moving a pending-approval order on from the status selector approves it (invoice and points)", async () => {
    const order = await place(approvalBuyer, [{ product: mugs, quantity: 2 }]);
    const response = await api(apiStatus.action, `/api/admin/orders/${order.orderId}/status`, "PATCH", { status: "shipped" }, adminCookie, { orderId: String(order.orderId) });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ status: "shipped", invoice: { status: "unpaid" } });
    expect(orderRow(order.orderId).approvedAt).toBeInstanceOf(Date);
    expect(pointsOf(order.orderId)).toBe(25);
  });
});

describe("exports", () => {
  it("exports the selected orders as CSV and a picking list that leaves cancelled orders out", async () => {
    const first = await place(buyer, [
      { product: kettle, quantity: 2 },
      { product: mugs, quantity: 1 },
    ]);
    const second = await place(buyer, [{ product: mugs, quantity: 5 }]);
    const cancelled = await place(buyer, [{ product: kettle, quantity: 7 }]);
    await api(apiStatus.action, `/api/admin/orders/${cancelled.orderId}/status`, "PATCH", { status: "cancelled" }, adminCookie, { orderId: String(cancelled.orderId) });
    const ids = [first.orderId, second.orderId, cancelled.orderId].join(",");

    const exported = await api(apiExport.loader, `/api/admin/orders/export?ids=${ids}`, "GET");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toContain("text/csv");
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (await exported.text()).trim().split("\n");
    expect(rows[0]).toBe("id,orderNumber,customerId,customerEmail,status,subtotal,vatAmount,total,createdAt,poReference,deliveryNotes,deliveryCharge");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(new RegExp(`^${first.orderId},${first.orderNumber},${buyer.id},buyer@patel-catering.co.uk,pending,72.50,14.50,87.00,\\d{4}-`));
    expect(rows[3]).toContain(`,${cancelled.orderNumber},`);
    expect(rows[3]).toContain(",cancelled,");

    const picking = await api(apiPicking.loader, `/api/admin/orders/picking-list?ids=${ids}`, "GET");
    expect(picking.status).toBe(200);
    expect(picking.headers.get("X-Export-Count")).toBe("2");
    expect((await picking.text()).trim().split("\n")).toEqual([
      "productId,productName,variants,totalQuantity,orderIds,orderNumbers,poReferences,deliveryNotes,barcode",
      `${kettle.id},Commercial Kettle 10L,,2,${first.orderId},${first.orderNumber},,,`,
      `${mugs.id},Stoneware Mugs (12),,6,${first.orderId} ${second.orderId},${first.orderNumber} ${second.orderNumber},,,`,
    ]);

    const onlyCancelled = await api(apiPicking.loader, `/api/admin/orders/picking-list?ids=${cancelled.orderId}`, "GET");
    expect(onlyCancelled.status).toBe(409);
    const badIds = await api(apiExport.loader, "/api/admin/orders/export?ids=first", "GET");
    expect(badIds.status).toBe(400);
    expect(await readJson(badIds)).toEqual({ message: "Order ids must be whole numbers", field: "ids" });
    const unknown = await api(apiExport.loader, "/api/admin/orders/export?ids=999999", "GET");
    expect(unknown.status).toBe(404);
    expect((await api(apiExport.loader, `/api/admin/orders/export?ids=${ids}`, "GET", undefined, buyerCookie)).status).toBe(403);

    // the screen's download (the ticked boxes as a GET form, without JavaScript)
    const download = await callRoute(
      exportPage.loader,
      buildRequest(`/admin/orders/export.csv?intent=bulk-status&ids=${first.orderId}&ids=${second.orderId}`, { cookie: adminCookie }),
    );
    expect(download.status).toBe(200);
    expect((await download.text()).trim().split("\n")).toHaveLength(3);
    const nothing = await follow(
      await callRoute(pickingPage.loader, buildRequest("/admin/orders/picking-list.csv?filter=q%3Dno-such-order", { cookie: adminCookie })),
    );
    expect(nothing.toast).toMatchObject({ title: "Error", description: "No orders found" });
    expect(redirectLocation(await callRoute(exportPage.loader, buildRequest(`/admin/orders/export.csv?ids=${first.orderId}`, { cookie: buyerCookie })))).toBe("/");
  });
});
