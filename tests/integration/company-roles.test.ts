/**
 * The four company roles on every customer door (docs/decisions/0069-company-roles.md): a viewer sees prices and
 * is refused every way to order and every record of the company, on the screens (sent to /account with the
 * reason) and the API (403 with it), and nothing is written; a buyer sees their own orders and invoices only
 * (a colleague's is 404); an approver and a company admin see the company's, with who placed each and a
 * "placed by" filter, on the page, its CSV and the API.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, loyaltyRewards, loyaltyTransactions, orderItems, orders, orderTemplates, productRequests, products, returns, users } from "~db/schema";
import { COMPANY_ROLE_REFUSED_TITLE, VIEWER_LINE, VIEWER_MESSAGE } from "~/domain/companies/company-roles";
import { ukToday } from "~/domain/invoices/invoices.server";
import * as accountPage from "~/routes/account._index";
import * as ordersPage from "~/routes/account.orders";
import * as ordersCsv from "~/routes/account.orders[.]csv";
import * as placedPage from "~/routes/account.orders_.$orderId.placed";
import * as invoicesPage from "~/routes/account.invoices";
import * as invoicePdfPage from "~/routes/account.invoices.$id[.]pdf";
import * as loyaltyPage from "~/routes/account.loyalty/route";
import * as templatesPage from "~/routes/account.templates/route";
import * as addressesPage from "~/routes/account.addresses/route";
import * as returnsPage from "~/routes/account.returns";
import * as requestPage from "~/routes/request-product/route";
import * as cartPage from "~/routes/cart/route";
import * as cartAdd from "~/routes/cart.add";
import * as cartAddSelected from "~/routes/cart.add-selected";
import * as checkoutPage from "~/routes/checkout/route";
import * as quickOrderPage from "~/routes/quick-order/route";
import * as apiCart from "~/routes/api.cart";
import * as apiCartItems from "~/routes/api.cart.items";
import * as apiOrders from "~/routes/api.orders";
import * as apiMyOrders from "~/routes/api.orders.my-orders";
import * as apiOrderItems from "~/routes/api.orders.$id.items";
import * as apiInvoices from "~/routes/api.invoices";
import * as apiInvoicePdf from "~/routes/api.invoices.$id.pdf";
import * as apiReturns from "~/routes/api.returns";
import * as apiLoyaltyPoints from "~/routes/api.loyalty.points";
import * as apiRedeem from "~/routes/api.loyalty.redeem.$rewardId";
import * as apiTemplates from "~/routes/api.order-templates";
import * as apiAddresses from "~/routes/api.addresses";
import * as apiProductRequests from "~/routes/api.product-requests";
import * as apiPricing from "~/routes/api.products.$slug.pricing";
import { getDb } from "~/utils/db.server";
import { sessionStorage } from "~/utils/session.server";
import { companyIdOf, createInvoicedOrder, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

let admin: User;
let approver: User;
let buyer: User;
let viewer: User;
let outsider: User;
const cookies: Record<"admin" | "approver" | "buyer" | "viewer" | "outsider", string> = {} as never;
let gloves: typeof products.$inferSelect;
let rewardId: number;
let buyersOrder: ReturnType<typeof createInvoicedOrder>;
let adminsOrder: ReturnType<typeof createInvoicedOrder>;
let outsidersOrder: ReturnType<typeof createInvoicedOrder>;

const db = () => getDb();

beforeAll(async () => {
  admin = await createUser({ email: "owner@quayside-deli.co.uk", firstName: "Olive", lastName: "Owner", businessName: "Quayside Deli Ltd" });
  const companyId = companyIdOf(admin.id);
  approver = await createUser({ email: "gm@quayside-deli.co.uk", firstName: "Gail", lastName: "Manager", companyId, companyRole: "approver" });
  buyer = await createUser({ email: "chef@quayside-deli.co.uk", firstName: "Bram", lastName: "Chef", companyId, companyRole: "buyer" });
  viewer = await createUser({ email: "books@quayside-deli.co.uk", firstName: "Vic", lastName: "Books", companyId, companyRole: "viewer" });
  outsider = await createUser({ email: "buyer@harbour-bakery.co.uk", businessName: "Harbour Bakery Ltd" });
  gloves = createProduct({ name: "Nitrile Gloves (100)", salesPrice: 1000, stockLevel: 500, sku: "GLV-100" });
  rewardId = db().insert(loyaltyRewards).values({ name: "£5 off", description: "Five pounds off", pointsCost: 50, rewardType: "discount_fixed", rewardValue: 500, isActive: true }).returning().get().id;
  buyersOrder = createInvoicedOrder(buyer, [{ product: gloves, quantity: 2 }], ukToday());
  adminsOrder = createInvoicedOrder(admin, [{ product: gloves, quantity: 3 }], ukToday());
  outsidersOrder = createInvoicedOrder(outsider, [{ product: gloves, quantity: 1 }], ukToday());
  // the company's points, to redeem
  db().insert(loyaltyTransactions).values({ companyId, userId: admin.id, points: 200, transactionType: "earned", description: "Opening balance" }).run();
  for (const [name, user] of [["admin", admin], ["approver", approver], ["buyer", buyer], ["viewer", viewer], ["outsider", outsider]] as const) {
    cookies[name] = await signIn(user.email);
  }
});

/** The notice a redirect carries, read from the session it set. */
async function noticeOf(response: Response, cookie: string) {
  const session = await sessionStorage.getSession(cookieFrom(response, cookie));
  return session.get("toast") as { title: string; description: string } | undefined;
}

/** A page's loader or action that must send the viewer to /account with the viewer's reason. */
async function expectPageRefused(handler: RouteHandler | undefined, path: string, init: Parameters<typeof buildRequest>[1] = {}, params = {}) {
  const response = await callRoute(handler!, buildRequest(path, { ...init, cookie: cookies.viewer }), params);
  expect(redirectLocation(response), path).toBe("/account");
  expect(await noticeOf(response, cookies.viewer), path).toEqual(expect.objectContaining({ title: COMPANY_ROLE_REFUSED_TITLE, description: VIEWER_MESSAGE }));
}

async function expectApiRefused(handler: RouteHandler | undefined, path: string, init: Parameters<typeof buildRequest>[1] = {}, params = {}) {
  const response = await callRoute(handler!, buildRequest(path, { ...init, cookie: cookies.viewer }), params);
  expect(response.status, path).toBe(403);
  expect(await readJson(response), path).toEqual({ message: VIEWER_MESSAGE });
}

describe("a viewer", () => {
  it("sees the company's prices and the account page, which names the role", async () => {
    const price = await callRoute(apiPricing.loader, buildRequest(`/api/products/${gloves.id}/pricing?quantity=1`, { cookie: cookies.viewer }), { slug: String(gloves.id) });
    expect(price.status).toBe(200);
    expect(await readJson(price)).toMatchObject({ finalPrice: "10.00" });
    const account = await readJson(await callRoute(accountPage.loader, buildRequest("/account", { cookie: cookies.viewer })));
    expect(account.user).toMatchObject({ companyRole: "viewer", companyRoleSummary: VIEWER_LINE });
    expect(account.areas).toMatchObject({ account: true, ordering: false, history: false, loyalty: false, people: false });
  });

  it("is refused every ordering door on the screens, and nothing goes in the cart", async () => {
    await expectPageRefused(cartPage.loader, "/cart");
    await expectPageRefused(cartPage.action, "/cart", { form: { intent: "update", productId: String(gloves.id), quantity: "1" } });
    await expectPageRefused(cartAdd.action, "/cart/add", { form: { productId: String(gloves.id), quantity: "1" } });
    await expectPageRefused(cartAddSelected.action, "/cart/add-selected", { form: { "items[0].productId": String(gloves.id), "items[0].quantity": "2" } });
    await expectPageRefused(checkoutPage.loader, "/checkout");
    await expectPageRefused(checkoutPage.action, "/checkout", { form: { ...SHIPPING } });
    await expectPageRefused(quickOrderPage.loader, "/quick-order");
    await expectPageRefused(quickOrderPage.action, "/quick-order", { form: { intent: "entry", lines: "GLV-100, 2" } });
    const csv = new FormData();
    csv.append("intent", "csv");
    csv.append("file", new File(["sku,quantity\nGLV-100,2\n"], "order.csv", { type: "text/csv" }));
    await expectPageRefused(quickOrderPage.action, "/quick-order", { form: csv });
    await expectPageRefused(ordersPage.action, "/account/orders", { form: { intent: "reorder", orderId: String(adminsOrder.orderId) } });
    expect(db().select().from(cartItems).where(eq(cartItems.userId, viewer.id)).all()).toEqual([]);
  });

  it("is refused the company's records and the other customer screens", async () => {
    await expectPageRefused(ordersPage.loader, "/account/orders");
    await expectPageRefused(ordersCsv.loader, "/account/orders.csv");
    await expectPageRefused(placedPage.loader, `/account/orders/${adminsOrder.orderId}/placed`, {}, { orderId: String(adminsOrder.orderId) });
    await expectPageRefused(invoicesPage.loader, "/account/invoices");
    await expectPageRefused(invoicePdfPage.loader, `/account/invoices/${adminsOrder.id}.pdf`, {}, { id: String(adminsOrder.id) });
    await expectPageRefused(returnsPage.loader, "/account/returns");
    await expectPageRefused(loyaltyPage.loader, "/account/loyalty");
    await expectPageRefused(loyaltyPage.action, "/account/loyalty", { form: { intent: "redeem", rewardId: String(rewardId) } });
    await expectPageRefused(templatesPage.loader, "/account/templates");
    await expectPageRefused(addressesPage.loader, "/account/addresses");
    await expectPageRefused(addressesPage.action, "/account/addresses", { form: { intent: "create", label: "Mine", name: "V", address: "1 Quay", city: "Hull", postcode: "HU1 1AA" } });
    await expectPageRefused(requestPage.loader, "/request-product");
    await expectPageRefused(requestPage.action, "/request-product", { form: { productName: "Oat milk", description: "Barista oat milk by the case" } });
  });

  it("is refused every ordering door and record on the API (403 with the reason), and nothing is written", async () => {
    await expectApiRefused(apiCart.loader, "/api/cart");
    await expectApiRefused(apiCartItems.action, "/api/cart/items", { json: { productId: gloves.id, quantity: 1 } });
    await expectApiRefused(apiCartItems.action, "/api/cart/items", { json: { items: [{ productId: gloves.id, quantity: 2 }] } });
    await expectApiRefused(apiOrders.action, "/api/orders", {
      json: { ...SHIPPING, shippingEmail: viewer.email, items: [{ productId: gloves.id, quantity: 1 }] },
    });
    await expectApiRefused(apiOrders.loader, "/api/orders");
    await expectApiRefused(apiMyOrders.loader, "/api/orders/my-orders");
    await expectApiRefused(apiOrderItems.loader, `/api/orders/${adminsOrder.orderId}/items`, {}, { id: String(adminsOrder.orderId) });
    await expectApiRefused(apiInvoices.loader, "/api/invoices");
    await expectApiRefused(apiInvoicePdf.loader, `/api/invoices/${adminsOrder.id}/pdf`, {}, { id: String(adminsOrder.id) });
    await expectApiRefused(apiReturns.loader, "/api/returns");
    await expectApiRefused(apiReturns.action, "/api/returns", { json: { orderId: adminsOrder.orderId, items: [], returnType: "refund", reason: "damaged" } });
    await expectApiRefused(apiLoyaltyPoints.loader, "/api/loyalty/points");
    await expectApiRefused(apiRedeem.action, `/api/loyalty/redeem/${rewardId}`, { json: {} }, { rewardId: String(rewardId) });
    await expectApiRefused(apiTemplates.loader, "/api/order-templates");
    await expectApiRefused(apiTemplates.action, "/api/order-templates", { json: { name: "Weekly", items: [{ productId: gloves.id, quantity: 1 }] } });
    await expectApiRefused(apiAddresses.loader, "/api/addresses");
    await expectApiRefused(apiProductRequests.action, "/api/product-requests", { json: { productName: "Oat milk", description: "Barista oat milk" } });

    expect(db().select().from(cartItems).where(eq(cartItems.userId, viewer.id)).all()).toEqual([]);
    expect(db().select().from(orderTemplates).where(eq(orderTemplates.userId, viewer.id)).all()).toEqual([]);
    expect(db().select().from(productRequests).where(eq(productRequests.userId, viewer.id)).all()).toEqual([]);
    expect(db().select().from(returns).where(eq(returns.userId, viewer.id)).all()).toEqual([]);
    expect(db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, viewer.id)).all()).toEqual([]);
  });
});

describe("a buyer", () => {
  it("sees their own order and invoice, and a colleague's is 404 on both doors", async () => {
    const items = (id: number, cookie: string) => callRoute(apiOrderItems.loader, buildRequest(`/api/orders/${id}/items`, { cookie }), { id: String(id) });
    const placed = (id: number, cookie: string) => callRoute(placedPage.loader, buildRequest(`/account/orders/${id}/placed`, { cookie }), { orderId: String(id) });
    const pdf = (id: number, cookie: string) => callRoute(apiInvoicePdf.loader, buildRequest(`/api/invoices/${id}/pdf`, { cookie }), { id: String(id) });
    const pagePdf = (id: number, cookie: string) => callRoute(invoicePdfPage.loader, buildRequest(`/account/invoices/${id}.pdf`, { cookie }), { id: String(id) });

    expect((await items(buyersOrder.orderId, cookies.buyer)).status).toBe(200);
    expect((await items(adminsOrder.orderId, cookies.buyer)).status).toBe(404);
    expect((await placed(buyersOrder.orderId, cookies.buyer)).status).toBe(200);
    expect((await placed(adminsOrder.orderId, cookies.buyer)).status).toBe(404);
    expect((await pdf(buyersOrder.id, cookies.buyer)).status).toBe(200);
    expect((await pdf(adminsOrder.id, cookies.buyer)).status).toBe(404);
    expect((await pagePdf(adminsOrder.id, cookies.buyer)).status).toBe(404);

    const listed = await readJson(await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie: cookies.buyer })));
    expect(listed.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([buyersOrder.orderNumber]);
    // naming a colleague narrows nothing open: still only their own (none of the colleague's)
    const named = await readJson(await callRoute(apiMyOrders.loader, buildRequest(`/api/orders/my-orders?placedBy=${admin.id}`, { cookie: cookies.buyer })));
    expect(named).toEqual([]);
  });

  it("gets no 'placed by' column or filter", async () => {
    const page = await readJson(await callRoute(ordersPage.loader, buildRequest("/account/orders", { cookie: cookies.buyer })));
    expect(page.placedByPeople).toBeNull();
    const invoices = await readJson(await callRoute(invoicesPage.loader, buildRequest("/account/invoices", { cookie: cookies.buyer })));
    expect(invoices.people).toBeNull();
    expect(invoices.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([buyersOrder.invoiceNumber]);
  });

  it("may redeem the company's points (a voucher for checkout)", async () => {
    const response = await callRoute(apiRedeem.action, buildRequest(`/api/loyalty/redeem/${rewardId}`, { json: {}, cookie: cookies.buyer }), { rewardId: String(rewardId) });
    expect(response.status).toBeLessThan(300);
    const points = await readJson(await callRoute(apiLoyaltyPoints.loader, buildRequest("/api/loyalty/points", { cookie: cookies.admin })));
    expect(JSON.stringify(points)).toContain("150");
  });
});

describe("returns", () => {
  it("a buyer sees their own, an approver and the company admin the company's, another company none; a buyer cannot ask one on a colleague's order (404)", async () => {
    db().update(orders).set({ status: "delivered" }).where(eq(orders.id, adminsOrder.orderId)).run();
    const line = db().select().from(orderItems).where(eq(orderItems.orderId, adminsOrder.orderId)).get()!;
    const request = { orderId: adminsOrder.orderId, items: [{ orderItemId: line.id, quantity: 1 }], returnType: "refund", reason: "Damaged in transit", customerNotes: "" };
    const byBuyer = await callRoute(apiReturns.action, buildRequest("/api/returns", { json: request, cookie: cookies.buyer }));
    expect(byBuyer.status).toBe(404);
    const byAdmin = await callRoute(apiReturns.action, buildRequest("/api/returns", { json: request, cookie: cookies.admin }));
    expect(byAdmin.status).toBe(201);
    const { returnNumber } = await readJson(byAdmin);

    const listed = async (cookie: string) =>
      (await readJson(await callRoute(apiReturns.loader, buildRequest("/api/returns", { cookie })))).map((r: { returnNumber: string }) => r.returnNumber);
    expect(await listed(cookies.admin)).toEqual([returnNumber]);
    expect(await listed(cookies.approver)).toEqual([returnNumber]);
    expect(await listed(cookies.buyer)).toEqual([]);
    expect(await listed(cookies.outsider)).toEqual([]);
  });
});

describe("an approver and a company admin", () => {
  it("see the company's orders and invoices, never another company's (404)", async () => {
    for (const cookie of [cookies.approver, cookies.admin]) {
      const items = await callRoute(apiOrderItems.loader, buildRequest(`/api/orders/${buyersOrder.orderId}/items`, { cookie }), { id: String(buyersOrder.orderId) });
      expect(items.status).toBe(200);
      const pdf = await callRoute(apiInvoicePdf.loader, buildRequest(`/api/invoices/${buyersOrder.id}/pdf`, { cookie }), { id: String(buyersOrder.id) });
      expect(pdf.status).toBe(200);
      const theirs = await callRoute(apiOrderItems.loader, buildRequest(`/api/orders/${outsidersOrder.orderId}/items`, { cookie }), { id: String(outsidersOrder.orderId) });
      expect(theirs.status).toBe(404);
      const theirPdf = await callRoute(invoicePdfPage.loader, buildRequest(`/account/invoices/${outsidersOrder.id}.pdf`, { cookie }), { id: String(outsidersOrder.id) });
      expect(theirPdf.status).toBe(404);
    }
    // and the other company sees none of this company's
    const byOutsider = await callRoute(placedPage.loader, buildRequest(`/account/orders/${buyersOrder.orderId}/placed`, { cookie: cookies.outsider }), { orderId: String(buyersOrder.orderId) });
    expect(byOutsider.status).toBe(404);
  });

  it("see who placed each order and can filter by them: page, CSV and API", async () => {
    const page = await readJson(await callRoute(ordersPage.loader, buildRequest("/account/orders", { cookie: cookies.approver })));
    expect(page.placedByPeople.map((p: { name: string }) => p.name)).toEqual(["Bram Chef", "Gail Manager", "Olive Owner", "Vic Books"]);
    const placedBy = Object.fromEntries(page.orders.map((o: { orderNumber: string; placedBy: string }) => [o.orderNumber, o.placedBy]));
    expect(placedBy).toEqual({ [buyersOrder.orderNumber]: "Bram Chef", [adminsOrder.orderNumber]: "Olive Owner" });

    const filtered = await readJson(await callRoute(ordersPage.loader, buildRequest(`/account/orders?placedBy=${buyer.id}`, { cookie: cookies.approver })));
    expect(filtered.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([buyersOrder.orderNumber]);
    expect(filtered.filters.placedBy).toBe(buyer.id);

    const csv = await (await callRoute(ordersCsv.loader, buildRequest(`/account/orders.csv?placedBy=${buyer.id}`, { cookie: cookies.approver }))).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe("Order number,Date,Status,Placed by,PO reference,Items,Subtotal,Delivery,VAT,Total");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${buyersOrder.orderNumber},`);
    expect(rows[0]).toContain(",Bram Chef,");

    const api = await readJson(await callRoute(apiMyOrders.loader, buildRequest(`/api/orders/my-orders?placedBy=${admin.id}`, { cookie: cookies.admin })));
    expect(api.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([adminsOrder.orderNumber]);
  });

  it("see who placed each invoice's order on the Invoices screen, and can filter it", async () => {
    const all = await readJson(await callRoute(invoicesPage.loader, buildRequest("/account/invoices", { cookie: cookies.admin })));
    expect(all.people).not.toBeNull();
    const byNumber = Object.fromEntries(all.invoices.map((i: { invoiceNumber: string; placedBy: string }) => [i.invoiceNumber, i.placedBy]));
    expect(byNumber).toEqual({ [buyersOrder.invoiceNumber]: "Bram Chef", [adminsOrder.invoiceNumber]: "Olive Owner" });
    const one = await readJson(await callRoute(invoicesPage.loader, buildRequest(`/account/invoices?placedBy=${buyer.id}`, { cookie: cookies.approver })));
    expect(one.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([buyersOrder.invoiceNumber]);
    // the API's invoices keep their shape
    const api = await readJson(await callRoute(apiInvoices.loader, buildRequest("/api/invoices", { cookie: cookies.admin })));
    expect(api[0]).not.toHaveProperty("placedBy");
  });

  it("a company of one shows no 'placed by'", async () => {
    const page = await readJson(await callRoute(ordersPage.loader, buildRequest("/account/orders", { cookie: cookies.outsider })));
    expect(page.placedByPeople).toBeNull();
  });
});
