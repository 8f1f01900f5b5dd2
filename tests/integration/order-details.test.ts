/**
 * The buyer's PO reference and delivery notes, through both doors of checkout (the /checkout form and
 * POST /api/orders) to everywhere an order is read: the customer's orders, the invoice (JSON, screens, PDF),
 * the emails, the back office's order screen, search and files.
 */
import { eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, salesInvoices, users } from "~db/schema";
import { addToCart } from "~/domain/cart/cart.server";
import { DELIVERY_NOTES_TOO_LONG, PO_REFERENCE_TOO_LONG } from "~/domain/orders/order.schema";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as invoicesScreen from "~/routes/account.invoices";
import * as adminInvoicesScreen from "~/routes/admin.sales-invoices/route";
import * as adminOrdersScreen from "~/routes/admin.orders/route";
import * as exportCsv from "~/routes/admin.orders.export[.]csv";
import * as pickingCsv from "~/routes/admin.orders.picking-list[.]csv";
import * as apiAdminInvoices from "~/routes/api.admin.invoices.sales";
import * as apiSendInvoice from "~/routes/api.admin.invoices.sales.$id.send-email";
import * as apiAdminOrders from "~/routes/api.admin.orders";
import * as apiInvoicePdf from "~/routes/api.invoices.$id.pdf";
import * as apiInvoices from "~/routes/api.invoices";
import * as apiMyOrders from "~/routes/api.orders.my-orders";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import { getDb } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation, type RouteHandler } from "./http";
import { mailFor } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

let buyer: User;
let admin: User;
let buyerCookie: string;
let adminCookie: string;
let water: typeof products.$inferSelect;

const SHIPPING = {
  shippingName: "Goods In, Kelham Works",
  shippingEmail: "orders@kelham-kitchens.co.uk",
  shippingAddress: "Unit 3, Kelham Island Works",
  shippingCity: "Sheffield",
  shippingPostcode: "S3 8RY",
};

beforeAll(async () => {
  buyer = await createUser({ email: "buyer@kelham-kitchens.co.uk", businessName: "Kelham Kitchens Ltd" });
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  water = createProduct({ name: "Still Spring Water 24 pack", salesPrice: 525, stockLevel: 1000 });
  buyerCookie = await signIn(buyer.email);
  adminCookie = await signIn(admin.email);
});

function get(handler: RouteHandler, url: string, cookie: string, params: Record<string, string> = {}) {
  return callRoute(handler, buildRequest(url, { cookie }), params);
}

function count(table: SQLiteTable) {
  return getDb().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
}

function written() {
  return { orders: count(orders), items: count(orderItems), invoices: count(salesInvoices), mails: listOutbox({ limit: 1000 }).total };
}

function fillCart(quantity = 2) {
  const db = getDb();
  const user = findSessionUser(db, buyer.id)!;
  expect(addToCart(db, { kind: "user", userId: buyer.id }, buyerFor(db, user), { productId: water.id, quantity, selectedVariants: {} }).ok).toBe(true);
}

async function checkoutKey() {
  const page = await get(checkoutPage.loader, "/checkout", buyerCookie);
  expect(page.status).toBe(200);
  return (await readJson(page)).idempotencyKey as string;
}

function postCheckout(fields: Record<string, string>) {
  return callRoute(checkoutPage.action, buildRequest("/checkout", { form: fields, cookie: buyerCookie }));
}

function postApiOrder(body: Record<string, unknown>, key = crypto.randomUUID()) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: body, cookie: buyerCookie, headers: { "Idempotency-Key": key } }),
  );
}

function invoiceOfOrder(orderId: number) {
  return getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get()!;
}

/** Everything the customer and the back office see of one order's PO reference and notes. */
async function expectShownEverywhere(order: { id: number; orderNumber: string }, poReference: string, deliveryNotes: string) {
  // the customer's orders: both list APIs
  for (const [handler, url] of [
    [apiMyOrders.loader, "/api/orders/my-orders"],
    [apiOrders.loader, "/api/orders"],
  ] as const) {
    const listed = (await readJson(await get(handler, url, buyerCookie))) as { id: number }[];
    expect(listed.find((entry) => entry.id === order.id)).toMatchObject({ poReference, deliveryNotes });
  }

  // the invoice: the customer's list (JSON and screen), the back office's list and view
  const invoice = invoiceOfOrder(order.id);
  const mine = (await readJson(await get(apiInvoices.loader, "/api/invoices", buyerCookie))) as { id: number }[];
  expect(mine.find((entry) => entry.id === invoice.id)).toMatchObject({ orderNumber: order.orderNumber, poReference });
  const screen = await readJson(await get(invoicesScreen.loader, "/account/invoices", buyerCookie));
  expect(screen.invoices.find((entry: { id: number }) => entry.id === invoice.id)).toMatchObject({ poReference });
  const adminList = await readJson(await get(apiAdminInvoices.loader, `/api/admin/invoices/sales?q=${encodeURIComponent(poReference)}`, adminCookie));
  expect(adminList).toHaveLength(1);
  expect(adminList[0]).toMatchObject({ id: invoice.id, order: { orderNumber: order.orderNumber, poReference, deliveryNotes } });
  const adminView = await readJson(await get(adminInvoicesScreen.loader, `/admin/sales-invoices?view=${invoice.id}`, adminCookie));
  expect(adminView.invoice).toMatchObject({ invoiceNumber: invoice.invoiceNumber, poReference, deliveryNotes });

  // the PDF: "Your reference" with the invoice details, the notes under the delivery address
  const pdf = await get(apiInvoicePdf.loader, `/api/invoices/${invoice.id}/pdf`, buyerCookie, { id: String(invoice.id) });
  expect(pdf.status).toBe(200);
  const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
  expect(text).toMatch(new RegExp(`Order\\n${order.orderNumber}\\nYour reference\\n${poReference}\\n`));
  expect(text).toContain(
    `Ship to\nGoods In, Kelham Works\nUnit 3\nKelham Island Works\nSheffield\nS3 8RY\nDelivery notes\n${deliveryNotes}\n`,
  );

  // the confirmation email
  const confirmation = mailFor(order.orderNumber)!;
  expect(confirmation.subject).toBe(`Order ${order.orderNumber} (your PO ${poReference}) confirmed`);
  expect(confirmation.raw).toContain(`Your PO reference: ${poReference}`);
  expect(confirmation.raw).toContain(`Delivery notes:\n${deliveryNotes}`);

  // the invoice email the back office sends
  const sent = await callRoute(
    apiSendInvoice.action,
    buildRequest(`/api/admin/invoices/sales/${invoice.id}/send-email`, { method: "POST", cookie: adminCookie }),
    { id: String(invoice.id) },
  );
  expect(sent.status).toBe(200);
  expect(mailFor(`Invoice ${invoice.invoiceNumber}`)!.raw).toContain(`Your reference: ${poReference}`);

  // the back office's order view (JSON of the screen and of the API)
  const view = await readJson(await get(adminOrdersScreen.loader, `/admin/orders?view=${order.id}`, adminCookie));
  expect(view.viewing).toMatchObject({ orderNumber: order.orderNumber, poReference, deliveryNotes });
}

describe("PO reference and delivery notes from the checkout form", () => {
  it("are kept on the order and shown on its invoice, PDF, emails and screens", async () => {
    fillCart();
    const response = await postCheckout({
      ...SHIPPING,
      poReference: "  PO-KK-4471 ",
      deliveryNotes: "Gate code 1234\r\nGoods in closes at 3pm",
      idempotencyKey: await checkoutKey(),
    });
    const location = redirectLocation(response);
    const orderId = Number(/^\/account\/orders\/(\d+)\/placed$/.exec(location)![1]);
    const row = getDb().select().from(orders).where(eq(orders.id, orderId)).get()!;
    expect([row.poReference, row.deliveryNotes]).toEqual(["PO-KK-4471", "Gate code 1234\nGoods in closes at 3pm"]);
    await expectShownEverywhere(row, "PO-KK-4471", "Gate code 1234\nGoods in closes at 3pm");
  });

  it("leaves blank fields as none", async () => {
    fillCart(1);
    const response = await postCheckout({ ...SHIPPING, poReference: "   ", deliveryNotes: "", idempotencyKey: await checkoutKey() });
    const orderId = Number(/^\/account\/orders\/(\d+)\/placed$/.exec(redirectLocation(response))![1]);
    const row = getDb().select().from(orders).where(eq(orders.id, orderId)).get()!;
    expect([row.poReference, row.deliveryNotes]).toEqual([null, null]);
    expect(mailFor(row.orderNumber)!.raw).not.toContain("Your PO reference");
  });

  it("refuses over-long values with the message on the field and writes nothing", async () => {
    fillCart(1);
    const before = written();
    const key = await checkoutKey();
    const response = await postCheckout({ ...SHIPPING, poReference: "P".repeat(51), deliveryNotes: "n".repeat(501), idempotencyKey: key });
    expect(response.status).toBe(400);
    const { result } = await readJson(response);
    expect(result.error).toEqual({ poReference: [PO_REFERENCE_TOO_LONG], deliveryNotes: [DELIVERY_NOTES_TOO_LONG] });
    expect(written()).toEqual(before);
  });
});

describe("PO reference and delivery notes through POST /api/orders", () => {
  it("are answered with the order and shown everywhere the order is read", async () => {
    const response = await postApiOrder({
      ...SHIPPING,
      poReference: "API-PO-0099",
      deliveryNotes: "Ring the bell at the side door",
      items: [{ productId: water.id, quantity: 3 }],
    });
    expect(response.status).toBe(201);
    const order = await readJson(response);
    expect(order).toMatchObject({ poReference: "API-PO-0099", deliveryNotes: "Ring the bell at the side door" });
    await expectShownEverywhere(order, "API-PO-0099", "Ring the bell at the side door");
  });

  it("answers 400 naming the field for an over-long value, and writes nothing", async () => {
    const before = written();
    const items = [{ productId: water.id, quantity: 1 }];
    const tooLongPo = await postApiOrder({ ...SHIPPING, poReference: "P".repeat(51), items });
    expect(tooLongPo.status).toBe(400);
    expect(await readJson(tooLongPo)).toEqual({ message: PO_REFERENCE_TOO_LONG, field: "poReference" });
    const tooLongNotes = await postApiOrder({ ...SHIPPING, deliveryNotes: "n".repeat(501), items });
    expect(tooLongNotes.status).toBe(400);
    expect(await readJson(tooLongNotes)).toEqual({ message: DELIVERY_NOTES_TOO_LONG, field: "deliveryNotes" });
    expect(written()).toEqual(before);
  });
});

describe("the back office finds an order by its PO reference", () => {
  it("in the orders search of the screen and the API, and prints it in the export and picking list", async () => {
    const placed = await readJson(
      await postApiOrder({
        ...SHIPPING,
        poReference: "HARBOUR-77120",
        deliveryNotes: "Deliver to the loading bay",
        items: [{ productId: water.id, quantity: 1 }],
      }),
    );
    const api = await readJson(await get(apiAdminOrders.loader, "/api/admin/orders?q=harbour-77", adminCookie));
    expect(api.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([placed.orderNumber]);
    expect(api[0].poReference).toBe("HARBOUR-77120");
    const screen = await readJson(await get(adminOrdersScreen.loader, "/admin/orders?q=HARBOUR-77120", adminCookie));
    expect(screen.orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([placed.orderNumber]);

    const exported = await get(exportCsv.loader, `/admin/orders/export.csv?ids=${placed.id}`, adminCookie);
    const rows = (await exported.text()).trim().split("\n");
    expect(rows[0]).toMatch(/,poReference,deliveryNotes,deliveryCharge$/);
    expect(rows[1]).toMatch(/,HARBOUR-77120,Deliver to the loading bay,0\.00$/);
    const picking = await get(pickingCsv.loader, `/admin/orders/picking-list.csv?ids=${placed.id}`, adminCookie);
    expect((await picking.text()).trim().split("\n")[1]).toContain(
      `,${placed.orderNumber}: HARBOUR-77120,${placed.orderNumber}: Deliver to the loading bay`,
    );
  });
});
