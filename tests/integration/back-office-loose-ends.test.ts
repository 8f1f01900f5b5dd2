/**
 * The back office's loose ends, each through the doors a user or a client uses:
 * - an order's invoice status is the one the invoice screens show (a paid POS sale is `paid`, not the stored
 *   `unpaid`), in the POS checkout API, the order APIs, the orders screen and the POS screen's last sale;
 * - the purchase-order PDF's Code column holds each line's SKU, as the admin and the supplier download it;
 * - a supplier sent away from an admin page lands in the supplier area with the "Access Denied" notice;
 * - dates in mails are written the UK way ("30 Nov 2026"), never 2026-11-30;
 * - the forecast's suggestion and its reorder flag agree, in the API and on the screen;
 * - the dashboard's figures by period, and its recent orders by business name.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { financialAccounts, orders, products, users } from "~db/schema";
import { addDaysToDate, ukToday } from "~/domain/invoices/invoices.server";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import * as root from "~/root";
import * as dashboardPage from "~/routes/admin._index";
import * as forecastPage from "~/routes/admin.inventory-forecast/route";
import * as ordersPage from "~/routes/admin.orders/route";
import * as posPage from "~/routes/admin.pos/route";
import * as productsPage from "~/routes/admin.products/route";
import * as apiForecast from "~/routes/api.admin.inventory-forecast";
import * as apiSalesInvoiceEmail from "~/routes/api.admin.invoices.sales.$id.send-email";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiTracking from "~/routes/api.admin.orders.$orderId.tracking";
import * as apiRecentOrders from "~/routes/api.admin.orders.recent";
import * as apiPosCheckout from "~/routes/api.admin.pos.checkout";
import * as apiPurchaseOrders from "~/routes/api.admin.purchase-orders";
import * as apiPurchaseOrderPdf from "~/routes/api.admin.purchase-orders.$id.pdf";
import * as apiPurchaseOrderStatus from "~/routes/api.admin.purchase-orders.$id.status";
import * as apiStats from "~/routes/api.admin.stats";
import * as supplierPdf from "~/routes/supplier.purchase-orders.$id[.]pdf";
import { getDb, writeTransaction } from "~/utils/db.server";
import { createInvoicedOrder, createPastOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { mailsDuring } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";
import { formatMoney } from "~/utils/money";

type User = typeof users.$inferSelect;
type Product = typeof products.$inferSelect;

const db = () => getDb();
const TODAY = ukToday();

let adminCookie: string;
let supplierCookie: string;
let buyer: User;
let soleTrader: User;
let supplier: User;
let towels: Product; // SKU PT-100
let kettle: Product; // SKU KT-9

function api(handler: RouteHandler, url: string, { method = "GET", body, params = {}, cookie = adminCookie }: { method?: string; body?: unknown; params?: Record<string, string>; cookie?: string } = {}) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie, headers: method === "GET" ? undefined : { "Idempotency-Key": crypto.randomUUID() } }), params);
}

function formPost(page: { action: RouteHandler }, pathname: string, form: Record<string, string | number>, cookie = adminCookie) {
  return callRoute(page.action, buildRequest(pathname, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "orders@canal-cafe.example", firstName: "Sam", lastName: "Patel", businessName: "Canal Café Ltd" });
  soleTrader = await createUser({ email: "jo@example.net", firstName: "Jo", lastName: "Marsh", businessName: null });
  supplier = await createUser({ email: "sales@pennine.example", role: "supplier", businessName: "Pennine Hygiene" });
  towels = createProduct({ name: "Paper Towels", sku: "PT-100", salesPrice: 250, costPrice: 120, stockLevel: 200 });
  kettle = createProduct({ name: "Catering Kettle", sku: "KT-9", salesPrice: 2000, costPrice: 1100, stockLevel: 50 });

  db().insert(financialAccounts).values({ name: "Business Current", type: "bank", balance: 100_000 }).run();
  db().insert(financialAccounts).values({ name: "Till", type: "cash", balance: 5_000 }).run();
  writeTransaction(db(), (tx) => postHistoryJournals(tx));

  adminCookie = await signIn("admin@example.com", { via: "api" });
  supplierCookie = await signIn(supplier.email, { via: "api" });
});

describe("an order's invoice status, as the invoice screens show it", () => {
  const sale = () => ({ items: [{ productId: towels.id, quantity: 2 }], customerName: "Walk-in Customer", customerId: null, paymentMethod: "cash" });

  it("a paid POS sale says paid in the POS checkout API and in the order APIs", async () => {
    const response = await api(apiPosCheckout.action, "/api/admin/pos/checkout", { method: "POST", body: sale() });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.invoice).toEqual({ id: expect.any(Number), invoiceNumber: body.invoiceNumber, status: "paid" });
    // the same order read back through another order API
    const tracked = await api(apiTracking.action, `/api/admin/orders/${body.id}/tracking`, {
      method: "PATCH",
      body: { carrier: "Collected at the counter" },
      params: { orderId: String(body.id) },
    });
    expect(tracked.status).toBe(200);
    expect((await readJson(tracked)).invoice).toMatchObject({ invoiceNumber: body.invoiceNumber, status: "paid" });
  });

  it("a paid POS sale says paid on the POS screen's last sale and in the orders screen's view", async () => {
    const response = await formPost(posPage, "/admin/pos", { intent: "quantity", productId: towels.id, quantity: 1 });
    const cookie = cookieFrom(response, adminCookie);
    const done = await formPost(posPage, "/admin/pos", { intent: "complete", paymentMethod: "cash" }, cookie);
    const location = redirectLocation(done);
    expect(location).toMatch(/^\/admin\/pos\?sold=\d+$/);
    const landed = await readJson(await callRoute(posPage.loader, buildRequest(location, { cookie })));
    expect(landed.lastSale).toMatchObject({ invoiceNumber: expect.stringMatching(/^INV-/), invoiceStatus: "paid" });
    const view = await readJson(await callRoute(ordersPage.loader, buildRequest(`/admin/orders?view=${landed.lastSale.id}`, { cookie: adminCookie })));
    expect(view.viewing.invoice).toMatchObject({ invoiceNumber: landed.lastSale.invoiceNumber, status: "paid" });
  });

  it("follows the payments of an ordinary order: unpaid, partially paid, then paid, through screen and API alike", async () => {
    const order = createInvoicedOrder(buyer, [{ product: kettle, quantity: 1 }], TODAY); // £24.00 incl. VAT
    const statusVia = async () => {
      const fromApi = await readJson(
        await api(apiOrderStatus.action, `/api/admin/orders/${order.orderId}/status`, { method: "PATCH", body: { status: "processing" }, params: { orderId: String(order.orderId) } }),
      );
      const fromScreen = await readJson(await callRoute(ordersPage.loader, buildRequest(`/admin/orders?view=${order.orderId}`, { cookie: adminCookie })));
      expect(fromScreen.viewing.invoice.status).toBe(fromApi.invoice.status);
      return fromApi.invoice.status as string;
    };
    expect(await statusVia()).toBe("unpaid");
    const pay = (amount: string) =>
      api(apiPayments.action, `/api/admin/invoices/sales/${order.id}/payments`, { method: "POST", body: { amount, paymentMethod: "bank_transfer" }, params: { id: String(order.id) } });
    expect((await pay("10.00")).status).toBe(201);
    expect(await statusVia()).toBe("partially_paid");
    expect((await pay("14.00")).status).toBe(201);
    expect(await statusVia()).toBe("paid");
  });

  it("an invoice past its due date and not paid reads overdue", async () => {
    const order = createInvoicedOrder(buyer, [{ product: towels, quantity: 1 }], addDaysToDate(TODAY, -45));
    const view = await readJson(await callRoute(ordersPage.loader, buildRequest(`/admin/orders?view=${order.orderId}`, { cookie: adminCookie })));
    expect(view.viewing.invoice.status).toBe("overdue");
  });
});

describe("the purchase order PDF", () => {
  it("names each line's product code in the Code column, for the admin and for the supplier", async () => {
    const created = await api(apiPurchaseOrders.action, "/api/admin/purchase-orders", {
      method: "POST",
      body: { supplierId: supplier.id, items: [{ productId: towels.id, quantity: 40 }, { productId: kettle.id, quantity: 3 }] },
    });
    expect(created.status).toBe(201);
    const { id } = await readJson(created);
    const adminPdf = await api(apiPurchaseOrderPdf.loader, `/api/admin/purchase-orders/${id}/pdf`, { params: { id: String(id) } });
    expect(adminPdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await adminPdf.arrayBuffer()));
    expect(text).toContain("Code");
    for (const [sku, name] of [["PT-100", "Paper Towels"], ["KT-9", "Catering Kettle"]]) {
      expect(text).toContain(sku);
      expect(text).toContain(name);
    }
    // each code sits on its own line's row: the code is written just before its product's name
    expect(text.indexOf("PT-100")).toBeLessThan(text.indexOf("Paper Towels"));
    expect(text.indexOf("KT-9")).toBeLessThan(text.indexOf("Catering Kettle"));

    // the supplier sees an order once it is sent to them
    const sent = await api(apiPurchaseOrderStatus.action, `/api/admin/purchase-orders/${id}/status`, { method: "PATCH", body: { status: "sent" }, params: { id: String(id) } });
    expect(sent.status).toBe(200);
    const theirs = await callRoute(supplierPdf.loader, buildRequest(`/supplier/purchase-orders/${id}.pdf`, { cookie: supplierCookie }), { id: String(id) });
    expect(theirs.status).toBe(200);
    const supplierText = pdfText(Buffer.from(await theirs.arrayBuffer()));
    expect(supplierText).toContain("PT-100");
    expect(supplierText).toContain("KT-9");
  });
});

describe("a supplier on an admin page", () => {
  it("is sent to the supplier area, where the Access Denied notice shows", async () => {
    for (const [page, url] of [
      [dashboardPage, "/admin"],
      [productsPage, "/admin/products"],
    ] as const) {
      const response = await callRoute(page.loader, buildRequest(url, { cookie: supplierCookie }));
      expect(redirectLocation(response), url).toBe("/supplier");
      // the page they land on reads the notice (the root loader renders it)
      const landed = await readJson(await callRoute(root.loader, buildRequest("/supplier", { cookie: cookieFrom(response, supplierCookie) })));
      expect(landed.toast).toMatchObject({ title: "Access Denied", description: "You do not have admin privileges." });
    }
  });
});

describe("dates in mails", () => {
  it("the shipped and tracking mails give the estimated delivery as 30 Nov 2026, through the form and the API", async () => {
    for (const door of ["form", "api"] as const) {
      const order = createInvoicedOrder(buyer, [{ product: towels, quantity: 1 }], TODAY);
      db().update(orders).set({ status: "shipped" }).where(eq(orders.id, order.orderId)).run();
      const tracking = { carrier: "DPD", trackingNumber: `DPD-${door}-1`, estimatedDelivery: "2026-11-30" };
      const mails = await mailsDuring(() =>
        door === "form"
          ? formPost(ordersPage, "/admin/orders", { intent: "tracking", id: order.orderId, trackingUrl: "", ...tracking })
          : api(apiTracking.action, `/api/admin/orders/${order.orderId}/tracking`, { method: "PATCH", body: tracking, params: { orderId: String(order.orderId) } }),
      );
      expect(mails, door).toHaveLength(1);
      expect(mails[0]!.body).toContain("Estimated delivery: 30 Nov 2026");
      expect(mails[0]!.body).not.toMatch(ISO_DATE);
    }
  });

  it("the invoice mail writes its issue and due dates the UK way", async () => {
    const order = createInvoicedOrder(buyer, [{ product: kettle, quantity: 2 }], "2026-10-01");
    const mails = await mailsDuring(() =>
      api(apiSalesInvoiceEmail.action, `/api/admin/invoices/sales/${order.id}/send-email`, { method: "POST", params: { id: String(order.id) } }),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("issued 01 Oct 2026");
    expect(mails[0]!.body).toContain("Due date: 31 Oct 2026");
    expect(mails[0]!.body).not.toMatch(ISO_DATE);
  });
});

describe("the inventory forecast", () => {
  it("suggests a quantity exactly when it flags a reorder, in the API and on the screen", async () => {
    // 15 days of stock left and above its threshold: not urgent, though 30 days of sales would need 55 more
    const steady = createProduct({ name: "Steady Seller", salesPrice: 100, stockLevel: 45, lowStockThreshold: 10 });
    createPastOrder(buyer, [{ product: steady, quantity: 90 }], { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const body = await readJson(await api(apiForecast.loader, "/api/admin/inventory-forecast?pageSize=500"));
    const row = body.products.find((p: { id: number }) => p.id === steady.id);
    expect(row.reorderRecommendation).toEqual({ urgency: "low", shouldReorder: false, suggestedQuantity: 0 });
    for (const product of body.products as { name: string; reorderRecommendation: { shouldReorder: boolean; suggestedQuantity: number } }[]) {
      expect(product.reorderRecommendation.suggestedQuantity > 0, product.name).toBe(product.reorderRecommendation.shouldReorder);
    }
    const screen = await readJson(await callRoute(forecastPage.loader, buildRequest("/admin/inventory-forecast?urgency=low", { cookie: adminCookie })));
    expect(screen.items.find((item: { productId: number }) => item.productId === steady.id)).toMatchObject({ urgency: "low", suggestedQuantity: 0 });
  });
});

describe("the dashboard", () => {
  it("gives sales today and this month beside all-time revenue, and recent orders by business name", async () => {
    const before = await readJson(await api(apiStats.loader, "/api/admin/stats"));
    // one order placed now (£3.00 incl. VAT), one cancelled now (left out), one delivered long ago
    createPastOrder(buyer, [{ product: towels, quantity: 1 }], { createdAt: new Date(), status: "processing" });
    createPastOrder(buyer, [{ product: kettle, quantity: 5 }], { createdAt: new Date(), status: "cancelled" });
    createPastOrder(soleTrader, [{ product: kettle, quantity: 1 }], { createdAt: new Date(Date.now() - 400 * 86_400_000), status: "delivered" });

    const stats = await readJson(await api(apiStats.loader, "/api/admin/stats"));
    const pounds = (text: string) => Math.round(Number(text) * 100);
    expect(stats.ordersToday).toBe(before.ordersToday + 1);
    expect(pounds(stats.salesToday) - pounds(before.salesToday)).toBe(300);
    expect(stats.ordersThisMonth).toBe(before.ordersThisMonth + 1);
    expect(pounds(stats.salesThisMonth) - pounds(before.salesThisMonth)).toBe(300);
    expect(pounds(stats.totalRevenue) - pounds(before.totalRevenue)).toBe(2400);
    expect(stats.salesThisMonth).toMatch(/^\d+\.\d{2}$/);

    const screen = await readJson(await callRoute(dashboardPage.loader, buildRequest("/admin", { cookie: adminCookie })));
    const [today, month] = screen.cards.filter((card: { label: string }) => card.label === "Sales");
    expect(today).toMatchObject({ period: "Today", value: formatMoney(pounds(stats.salesToday)), note: `${stats.ordersToday} ${stats.ordersToday === 1 ? "order" : "orders"} placed, incl. VAT` });
    expect(month).toMatchObject({ period: "This month", note: `${stats.ordersThisMonth} ${stats.ordersThisMonth === 1 ? "order" : "orders"} placed, incl. VAT` });

    const recent = await readJson(await api(apiRecentOrders.loader, "/api/admin/orders/recent"));
    expect(recent[0]).toMatchObject({ businessName: "Canal Café Ltd", contactName: "Sam Patel", customerEmail: buyer.email });
    expect(screen.recentOrders[0]).toMatchObject({ businessName: "Canal Café Ltd", customerEmail: buyer.email });
  });
});
