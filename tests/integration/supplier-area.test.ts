import { beforeAll, describe, expect, it } from "vitest";
import { financialAccounts, purchaseInvoiceItems, purchaseInvoices, purchaseOrderItems, purchaseOrders, purchasePayments, users } from "~db/schema";
import * as home from "~/routes/_index";
import * as accountPage from "~/routes/account._index";
import * as addressesApi from "~/routes/api.addresses";
import * as adminOrdersApi from "~/routes/api.admin.orders";
import * as adminPurchaseInvoicesApi from "~/routes/api.admin.invoices.purchase";
import * as cartApi from "~/routes/api.cart";
import * as cartItemsApi from "~/routes/api.cart.items";
import * as invoicesApi from "~/routes/api.invoices";
import * as loyaltyPointsApi from "~/routes/api.loyalty.points";
import * as myOrdersApi from "~/routes/api.orders.my-orders";
import * as ordersApi from "~/routes/api.orders";
import * as templatesApi from "~/routes/api.order-templates";
import * as productRequestsApi from "~/routes/api.product-requests";
import * as pricingApi from "~/routes/api.products.$slug.pricing";
import * as returnsApi from "~/routes/api.returns";
import * as cartPage from "~/routes/cart/route";
import * as cartAdd from "~/routes/cart.add";
import * as checkoutPage from "~/routes/checkout/route";
import * as loyaltyPage from "~/routes/account.loyalty/route";
import * as quickOrderPage from "~/routes/quick-order/route";
import * as requestProductPage from "~/routes/request-product/route";
import * as returnsPage from "~/routes/account.returns";
import * as templatesPage from "~/routes/account.templates/route";
import * as supplierLayout from "~/routes/supplier";
import * as supplierHome from "~/routes/supplier._index";
import * as supplierInvoice from "~/routes/supplier.invoices.$id";
import * as supplierInvoicePdf from "~/routes/supplier.invoices.$id[.]pdf";
import * as supplierOrder from "~/routes/supplier.purchase-orders.$id";
import * as supplierOrderPdf from "~/routes/supplier.purchase-orders.$id[.]pdf";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
const db = () => getDb();

let mine: User;
let theirs: User;
let buyer: User;
let supplierCookie: string;
let buyerCookie: string;
const ids = {} as Record<"sentPo" | "draftPo" | "otherPo" | "invoice" | "otherInvoice", number>;

function writeOrder(supplierId: string, orderNumber: string, status: "draft" | "sent" | "received") {
  const sentAt = status === "draft" ? null : new Date();
  const order = db().insert(purchaseOrders).values({ supplierId, orderNumber, status, subtotal: 1000, vatAmount: 200, total: 1200, sentAt, notes: "Deliver to Bay 2" }).returning().get();
  db().insert(purchaseOrderItems).values({ purchaseOrderId: order.id, productName: `Sacks for ${orderNumber}`, quantity: 10, unitPrice: 100, vatRate: 2000, vatAmount: 200, total: 1000 }).run();
  return order.id;
}

function writeInvoice(supplierId: string, invoiceNumber: string, purchaseOrderId: number | null, amountPaid = 0) {
  const invoice = db()
    .insert(purchaseInvoices)
    .values({ supplierId, invoiceNumber, invoiceDate: "2026-03-02", dueDate: "2099-04-01", subtotal: 1000, vatAmount: 200, total: 1200, amountPaid, purchaseOrderId })
    .returning()
    .get();
  db().insert(purchaseInvoiceItems).values({ invoiceId: invoice.id, description: "Sacks", quantity: 10, unitPrice: 100, vatRate: 2000, vatAmount: 200, total: 1000 }).run();
  return invoice.id;
}

const get = (handler: RouteHandler, url: string, params: Record<string, string> = {}, cookie = supplierCookie) =>
  callRoute(handler, buildRequest(url, { cookie }), params);

beforeAll(async () => {
  mine = await createUser({ email: "sales@millers.example", role: "supplier", businessName: "Northern Millers Ltd" });
  theirs = await createUser({ email: "trade@gloves.example", role: "supplier", businessName: "Glove Co" });
  buyer = await createUser({ email: "orders@cafe.example", businessName: "Corner Cafe" });
  createProduct({ name: "Paper Sacks", salesPrice: 500 });
  ids.sentPo = writeOrder(mine.id, "PO-M1", "sent");
  ids.draftPo = writeOrder(mine.id, "PO-M2", "draft");
  ids.otherPo = writeOrder(theirs.id, "PO-G1", "received");
  ids.invoice = writeInvoice(mine.id, "NM-501", ids.sentPo, 500);
  ids.otherInvoice = writeInvoice(theirs.id, "GC-9", ids.otherPo);
  const bank = db().insert(financialAccounts).values({ name: "Bank", type: "bank", balance: 0 }).returning().get();
  db().insert(purchasePayments).values({ purchaseInvoiceId: ids.invoice, amount: 500, paymentMethod: "bank_transfer", paymentDate: "2026-03-10", reference: "BACS 77", financialAccountId: bank.id }).run();
  supplierCookie = await signIn(mine.email, { via: "api" });
  buyerCookie = await signIn(buyer.email, { via: "api" });
});

describe("the supplier's own area", () => {
  it("lands a supplier on /supplier from the home page and from the sign-in form", async () => {
    expect(redirectLocation(await get(home.loader, "/"))).toBe("/supplier");
    const formCookie = await signIn(mine.email); // the form sends everyone to "/"
    expect(redirectLocation(await get(home.loader, "/", {}, formCookie))).toBe("/supplier");
    const layout = await readJson(await get(supplierLayout.loader, "/supplier"));
    expect(layout.businessName).toBe("Northern Millers Ltd");
  });

  it("lists only their purchase orders sent to them and their invoices", async () => {
    const overview = await readJson(await get(supplierHome.loader, "/supplier"));
    expect(overview.orders.items.map((order: { orderNumber: string }) => order.orderNumber)).toEqual(["PO-M1"]);
    expect(overview.invoices.items.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber)).toEqual(["NM-501"]);
    expect(overview.invoices.items[0]).toMatchObject({ status: "partially_paid", total: "12.00", amountPaid: "5.00", outstanding: "7.00" });
  });

  it("shows their purchase order with its lines and their invoice with its payments and outstanding balance", async () => {
    const order = await readJson(await get(supplierOrder.loader, `/supplier/purchase-orders/${ids.sentPo}`, { id: String(ids.sentPo) }));
    expect(order.order).toMatchObject({ orderNumber: "PO-M1", status: "sent", total: "12.00", invoice: { id: ids.invoice, invoiceNumber: "NM-501" } });
    expect(order.order.items.map((item: { productName: string; quantity: number }) => [item.productName, item.quantity])).toEqual([["Sacks for PO-M1", 10]]);
    const invoice = await readJson(await get(supplierInvoice.loader, `/supplier/invoices/${ids.invoice}`, { id: String(ids.invoice) }));
    expect(invoice.invoice).toMatchObject({ invoiceNumber: "NM-501", outstanding: 700, amountPaid: 500, purchaseOrder: { id: ids.sentPo, orderNumber: "PO-M1" } });
    expect(invoice.invoice.payments.map((payment: { amount: string; reference: string }) => [payment.amount, payment.reference])).toEqual([["5.00", "BACS 77"]]);
    for (const [handler, url, id] of [
      [supplierOrderPdf.loader, `/supplier/purchase-orders/${ids.sentPo}.pdf`, ids.sentPo],
      [supplierInvoicePdf.loader, `/supplier/invoices/${ids.invoice}.pdf`, ids.invoice],
    ] as const) {
      const pdf = await get(handler, url, { id: String(id) });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    }
  });

  it("answers 404 for another supplier's purchase order or invoice (and for a draft never sent), pages and PDFs alike", async () => {
    const cases: [RouteHandler, string, number][] = [
      [supplierOrder.loader, "/supplier/purchase-orders/", ids.otherPo],
      [supplierOrder.loader, "/supplier/purchase-orders/", ids.draftPo],
      [supplierInvoice.loader, "/supplier/invoices/", ids.otherInvoice],
      [supplierOrderPdf.loader, "/supplier/purchase-orders/", ids.otherPo],
      [supplierInvoicePdf.loader, "/supplier/invoices/", ids.otherInvoice],
      [supplierInvoice.loader, "/supplier/invoices/", 999999],
    ];
    for (const [handler, path, id] of cases) {
      const response = await get(handler, `${path}${id}`, { id: String(id) });
      expect(response.status, `${path}${id}`).toBe(404);
    }
  });

  it("is only for suppliers: a customer goes home, a visitor signs in first", async () => {
    expect(redirectLocation(await get(supplierHome.loader, "/supplier", {}, buyerCookie))).toBe("/");
    expect(redirectLocation(await get(supplierInvoice.loader, `/supplier/invoices/${ids.invoice}`, { id: String(ids.invoice) }, buyerCookie))).toBe("/");
    expect(redirectLocation(await callRoute(supplierHome.loader, buildRequest("/supplier")))).toBe("/login?redirectTo=%2Fsupplier");
  });
});

describe("everything else refuses a supplier", () => {
  it("sends a supplier from the customer pages to their area", async () => {
    const pages: [RouteHandler, string][] = [
      [accountPage.loader, "/account"],
      [cartPage.loader, "/cart"],
      [checkoutPage.loader, "/checkout"],
      [quickOrderPage.loader, "/quick-order"],
      [templatesPage.loader, "/account/templates"],
      [returnsPage.loader, "/account/returns"],
      [loyaltyPage.loader, "/account/loyalty"],
      [requestProductPage.loader, "/request-product"],
    ];
    for (const [handler, url] of pages) expect(redirectLocation(await get(handler, url)), url).toBe("/supplier");
    const add = await callRoute(cartAdd.action, buildRequest("/cart/add", { form: { productId: 1, quantity: 1 }, cookie: supplierCookie }));
    expect(redirectLocation(add)).toBe("/supplier");
  });

  it("answers 403 with the JSON error on the customer APIs, and the admin APIs", async () => {
    const calls: [RouteHandler, string, string, unknown, Record<string, string>][] = [
      [cartApi.loader, "/api/cart", "GET", undefined, {}],
      [cartItemsApi.action, "/api/cart/items", "POST", { productId: 1, quantity: 1 }, {}],
      [ordersApi.loader, "/api/orders", "GET", undefined, {}],
      [ordersApi.action, "/api/orders", "POST", { items: [] }, {}],
      [myOrdersApi.loader, "/api/orders/my-orders", "GET", undefined, {}],
      [invoicesApi.loader, "/api/invoices", "GET", undefined, {}],
      [loyaltyPointsApi.loader, "/api/loyalty/points", "GET", undefined, {}],
      [templatesApi.loader, "/api/order-templates", "GET", undefined, {}],
      [returnsApi.loader, "/api/returns", "GET", undefined, {}],
      [addressesApi.loader, "/api/addresses", "GET", undefined, {}],
      [productRequestsApi.action, "/api/product-requests", "POST", { requestText: "More sacks please" }, {}],
    ];
    for (const [handler, url, method, body, params] of calls) {
      const response = await callRoute(handler, buildRequest(url, { method, json: body, cookie: supplierCookie }), params);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect((await readJson(response)).message, `${method} ${url}`).toBe(
        "Supplier accounts cannot use the customer areas: your purchase orders and invoices are in the supplier area.",
      );
    }
    // trade prices keep their own refusal for anyone but an approved customer
    const pricing = await get(pricingApi.loader, "/api/products/paper-sacks/pricing", { slug: "paper-sacks" });
    expect(pricing.status).toBe(403);
    for (const [handler, url] of [
      [adminOrdersApi.loader, "/api/admin/orders"],
      [adminPurchaseInvoicesApi.loader, "/api/admin/invoices/purchase"],
    ] as const) {
      const response = await get(handler, url);
      expect(response.status).toBe(403);
      expect(await readJson(response)).toEqual({ message: "You do not have admin privileges." });
    }
    // a customer is still served
    expect((await callRoute(cartApi.loader, buildRequest("/api/cart", { cookie: buyerCookie }))).status).toBe(200);
  });
});
