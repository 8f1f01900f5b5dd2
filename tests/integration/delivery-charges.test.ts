/**
 * Delivery charges and the minimum order, set on the "Delivery & ordering" screen (or its API) and charged
 * the same through every door that places an order: the checkout form, POST /api/orders, and the cart that
 * quick order and reorder fill; the point of sale is exempt. The charge reaches the order, its invoice (a
 * line with its VAT), the invoice PDF, the order's mail and JSON, the journal and the VAT return, which all
 * agree with the order's total. A free-shipping reward takes it off.
 */
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartItems,
  journalLines,
  journals,
  ledgerAccounts,
  orders,
  salesInvoiceItems,
  salesInvoices,
  users,
  vouchers,
  companies,
} from "~db/schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { computeVatFigures } from "~/domain/vat/vat-figures.server";
import * as root from "~/root";
import * as accountOrders from "~/routes/account.orders";
import * as accountTemplates from "~/routes/account.templates/route";
import * as apiTemplates from "~/routes/api.order-templates";
import * as settingsScreen from "~/routes/admin.settings.ordering";
import * as usersPage from "~/routes/admin.users/route";
import * as adminUsersApi from "~/routes/api.admin.users.$id";
import * as posCheckout from "~/routes/api.admin.pos.checkout";
import * as approveApi from "~/routes/api.admin.orders.$orderId.approve";
import * as settingsApi from "~/routes/api.admin.settings.ordering";
import * as invoicePdf from "~/routes/api.invoices.$id.pdf";
import * as apiOrders from "~/routes/api.orders";
import * as cartPage from "~/routes/cart/route";
import * as checkoutPage from "~/routes/checkout/route";
import * as quickOrder from "~/routes/quick-order/route";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser, SHIPPING, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { mailFor } from "./outbox";
import { pdfText } from "./pdf-text";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
type Product = ReturnType<typeof createProduct>;

let kettle: Product; // £30.00 at 20%
let milk: Product; // £3.33 at 5%
let buyer: User;
let ownRate: User; // pays £12.00 per order, their own charge
let approvalBuyer: User;
let admin: User;
const cookies: Record<string, string> = {};

const SETTINGS = { deliveryCharge: "7.50", freeDeliveryOver: "150.00", minimumOrder: "50.00", cutOffTime: "15:00" };
const MINIMUM_MESSAGE = (short: string) => `The minimum order is £50.00 ex VAT: add ${short} more to place this order.`;

beforeAll(async () => {
  kettle = createProduct({ name: "Catering Kettle", sku: "KETTLE-1", salesPrice: 3000, stockLevel: 10_000 });
  milk = createProduct({ name: "Semi-Skimmed Milk", sku: "MILK-1", salesPrice: 333, vatRate: 500, stockLevel: 10_000 });
  buyer = await createUser({ email: "buyer@example.com", businessName: "Patel Catering Ltd" });
  ownRate = await createUser({ email: "island@example.com", deliveryChargePence: 1200 });
  approvalBuyer = await createUser({ email: "approval@example.com", requiresApproval: true });
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  for (const user of [buyer, ownRate, approvalBuyer, admin]) cookies[user.email] = await signIn(user.email);
});

beforeEach(async () => {
  await putSettings(SETTINGS);
  for (const user of [buyer, ownRate, approvalBuyer]) getDb().delete(cartItems).where(eq(cartItems.userId, user.id)).run();
});

// ─── Helpers ────────────────────────────────────────────────────────────────

function putSettings(body: unknown, cookie = cookies[admin.email]) {
  return callRoute(settingsApi.action, buildRequest("/api/admin/settings/ordering", { method: "PUT", json: body, cookie }));
}

/** Fills the cart the way a buyer without JavaScript does: a quick order of "SKU quantity" lines. */
async function quickOrderLines(user: User, lines: string) {
  const response = await callRoute(quickOrder.action, buildRequest("/quick-order", { form: { intent: "entry", lines }, cookie: cookies[user.email] }));
  expect(response.status).toBe(302);
}

async function cartSummary(user: User) {
  const page = await readJson(await callRoute(cartPage.loader, buildRequest("/cart", { cookie: cookies[user.email] })));
  return page.summary;
}

async function checkoutPageData(user: User, query = "") {
  const response = await callRoute(checkoutPage.loader, buildRequest(`/checkout${query}`, { cookie: cookies[user.email] }));
  expect(response.status).toBe(200);
  return readJson(response);
}

/** Place Order on the checkout page, as a browser posts it; the order the redirect names, or the refusal. */
async function placeThroughCheckout(user: User, voucherCode?: string) {
  const page = await checkoutPageData(user, voucherCode ? `?voucher=${voucherCode}` : "");
  return callRoute(
    checkoutPage.action,
    buildRequest("/checkout", { form: { ...SHIPPING, idempotencyKey: page.idempotencyKey, voucherCode }, cookie: cookies[user.email] }),
  );
}

function placeThroughApi(user: User, items: { productId: number; quantity: number }[], voucherCode?: string) {
  return callRoute(apiOrders.action, buildRequest("/api/orders", { json: { ...SHIPPING, items, voucherCode }, cookie: cookies[user.email] }));
}

function latestOrder(user: User) {
  return getDb().select().from(orders).where(eq(orders.userId, user.id)).orderBy(sql`id desc`).limit(1).get()!;
}

function orderCount() {
  return getDb().select({ n: sql<number>`count(*)` }).from(orders).get()!.n;
}

function invoiceOf(orderId: number) {
  const invoice = getDb().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get()!;
  const lines = getDb().select().from(salesInvoiceItems).where(eq(salesInvoiceItems.invoiceId, invoice.id)).orderBy(asc(salesInvoiceItems.id)).all();
  return { ...invoice, lines };
}

/** The invoice's journal as {account code: signed pence}. */
function journalOfInvoice(invoiceId: number) {
  const rows = getDb()
    .select({ code: ledgerAccounts.code, amount: journalLines.amount })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
    .where(sql`${journals.sourceType} = 'sales_invoice' and ${journals.sourceId} = ${invoiceId}`)
    .all();
  return Object.fromEntries(rows.map((row) => [row.code, row.amount]));
}

async function invoicePdfText(user: User, invoiceId: number) {
  const response = await callRoute(invoicePdf.loader, buildRequest(`/api/invoices/${invoiceId}/pdf`, { cookie: cookies[user.email] }), {
    id: String(invoiceId),
  });
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

let voucherCount = 0;
function giveFreeShipping(user: User) {
  voucherCount += 1;
  return getDb()
    .insert(vouchers)
    .values({ code: `TC-SHIP-${String(voucherCount).padStart(4, "0")}`, userId: user.id, companyId: companyIdOf(user.id), rewardName: "Free Shipping", rewardType: "free_shipping" })
    .returning()
    .get();
}

// ─── The settings ───────────────────────────────────────────────────────────

describe("the Delivery & ordering settings", () => {
  it("answer GET and PUT for admins only, and refuse a bad field with nothing changed", async () => {
    const read = () => callRoute(settingsApi.loader, buildRequest("/api/admin/settings/ordering", { cookie: cookies[admin.email] }));
    expect(await readJson(await read())).toEqual({ deliveryCharge: "7.50", freeDeliveryOver: "150.00", minimumOrder: "50.00", cutOffTime: "15:00" });

    expect((await putSettings({ ...SETTINGS, deliveryCharge: "1.00" }, cookies[buyer.email])).status).toBe(403);
    expect((await callRoute(settingsApi.loader, buildRequest("/api/admin/settings/ordering"))).status).toBe(401);

    const bad = await putSettings({ ...SETTINGS, minimumOrder: "-5" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({
      message: "Minimum order must be an amount in pounds above 0, like 100.00, or blank for none",
      field: "minimumOrder",
    });
    expect((await putSettings({ ...SETTINGS, cutOffTime: "25:00" })).status).toBe(400);

    const cleared = await putSettings({ deliveryCharge: 4.95, freeDeliveryOver: null, cutOffTime: "16:30" });
    expect(cleared.status).toBe(200);
    expect(await readJson(cleared)).toEqual({ deliveryCharge: "4.95", freeDeliveryOver: null, minimumOrder: null, cutOffTime: "16:30" });
    expect(await readJson(await read())).toMatchObject({ deliveryCharge: "4.95", minimumOrder: null });
  });

  it("are saved by the screen's form without JavaScript, which shows a bad field's message and keeps the old values", async () => {
    const cookie = cookies[admin.email];
    const post = (form: Record<string, string>) =>
      callRoute(settingsScreen.action, buildRequest("/admin/settings/ordering", { form: { intent: "save-ordering", ...form }, cookie }));

    const refused = await post({ deliveryCharge: "seven", freeDeliveryOver: "", minimumOrder: "", cutOffTime: "15:00" });
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).result.error).toMatchObject({ deliveryCharge: ["Delivery charge must be an amount in pounds of 0 or more, like 7.50"] });

    const saved = await post({ deliveryCharge: "9.00", freeDeliveryOver: "", minimumOrder: "25", cutOffTime: "14:00" });
    expect(redirectLocation(saved)).toBe("/admin/settings/ordering");
    const next = cookieFrom(saved, cookie);
    const { toast } = await readJson(await callRoute(root.loader, buildRequest("/admin/settings/ordering", { cookie: next })));
    expect(toast.title).toBe("Delivery & ordering settings saved");
    const screen = await readJson(await callRoute(settingsScreen.loader, buildRequest("/admin/settings/ordering", { cookie: next })));
    expect(screen.settings).toEqual({ deliveryCharge: "9.00", freeDeliveryOver: null, minimumOrder: "25.00", cutOffTime: "14:00" });
    expect(screen.summary.join(" ")).toContain("Each order pays £9.00 ex VAT for delivery (plus VAT at 20%), whatever its value.");

    expect((await callRoute(settingsScreen.loader, buildRequest("/admin/settings/ordering", { cookie: cookies[buyer.email] }))).status).toBe(302);
  });

  it("keep today's behaviour until an admin sets them: free delivery and no minimum", async () => {
    await putSettings({ deliveryCharge: "0", cutOffTime: "15:00" });
    await quickOrderLines(buyer, "MILK-1 1");
    const summary = await cartSummary(buyer);
    expect(summary).toMatchObject({ subtotal: 333, vatAmount: 17, total: 350, minimumOrder: null, freeDeliveryShortfall: null });
    expect(summary.deliveryCharge).toMatchObject({ basis: "free", text: "Free" });
    expect((await placeThroughCheckout(buyer)).status).toBe(302);
    expect(latestOrder(buyer)).toMatchObject({ subtotal: 333, vatAmount: 17, total: 350, deliveryChargePence: 0, deliveryVatPence: 0 });
    expect(invoiceOf(latestOrder(buyer).id).lines).toHaveLength(1);
  });
});

// ─── The minimum order ──────────────────────────────────────────────────────

describe("the minimum order", () => {
  it("shows on the cart and at checkout, and refuses Place Order and POST /api/orders with nothing written", async () => {
    await quickOrderLines(buyer, "KETTLE-1 1");
    expect((await cartSummary(buyer)).minimumOrder).toBe(MINIMUM_MESSAGE("£20.00"));
    expect((await checkoutPageData(buyer)).minimumOrder).toBe(MINIMUM_MESSAGE("£20.00"));

    const before = orderCount();
    const refused = await placeThroughCheckout(buyer);
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).notice.description).toBe(MINIMUM_MESSAGE("£20.00"));

    const api = await placeThroughApi(buyer, [{ productId: kettle.id, quantity: 1 }, { productId: milk.id, quantity: 3 }]);
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ message: MINIMUM_MESSAGE("£10.01"), field: "items" });
    expect(orderCount()).toBe(before);
    // the cart is kept for the buyer to add to
    expect((await cartSummary(buyer)).itemCount).toBe(1);
  });

  it("is measured on the goods before a voucher, so the cart's promise holds at checkout", async () => {
    const voucher = getDb()
      .insert(vouchers)
      .values({ code: "TC-HALF-0001", userId: buyer.id, companyId: companyIdOf(buyer.id), rewardName: "Half off", rewardType: "discount_percentage", rewardValue: 5000 })
      .returning()
      .get();
    await quickOrderLines(buyer, "KETTLE-1 2");
    const response = await placeThroughCheckout(buyer, voucher.code);
    expect(response.status).toBe(302);
    // £60.00 of goods reach the £50.00 minimum though £30.00 is paid for them; delivery is charged on the £60.00
    expect(latestOrder(buyer)).toMatchObject({ subtotal: 3000, discountAmount: 3000, deliveryChargePence: 750, deliveryVatPence: 150, total: 3000 + 600 + 750 + 150 });
  });
});

// ─── The charge through every door ──────────────────────────────────────────

describe("the delivery charge", () => {
  it("is shown on the cart and checkout, charged through the checkout form, and agrees on the order, invoice, PDF, mail, journal and VAT return", async () => {
    const month = ukToday().slice(0, 7);
    const vatBefore = computeVatFigures(getDb(), month, new Date());

    await quickOrderLines(buyer, "KETTLE-1 2");
    const summary = await cartSummary(buyer);
    // goods £60.00 + VAT £12.00, delivery £7.50 + VAT £1.50
    expect(summary).toMatchObject({ subtotal: 6000, vatAmount: 1350, total: 8100, minimumOrder: null, freeDeliveryShortfall: 9000 });
    expect(summary.deliveryCharge).toMatchObject({ net: 750, vat: 150, basis: "charged", text: "£7.50" });
    expect(await checkoutPageData(buyer)).toMatchObject({ subtotal: 6000, vatAmount: 1350, total: 8100, deliveryCharge: { net: 750, text: "£7.50" } });

    const placed = await placeThroughCheckout(buyer);
    expect(placed.status).toBe(302);
    const order = latestOrder(buyer);
    expect(order).toMatchObject({ subtotal: 6000, deliveryChargePence: 750, deliveryVatPence: 150, vatAmount: 1350, total: 8100 });

    const invoice = invoiceOf(order.id);
    expect(invoice).toMatchObject({ subtotal: 6750, vatAmount: 1350, total: 8100 });
    expect(invoice.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.vatRate, line.vatAmount, line.total])).toEqual([
      ["Catering Kettle", 2, 3000, 2000, 1200, 6000],
      ["Delivery", 1, 750, 2000, 150, 750],
    ]);
    // the invoice's lines add up to its totals, which are the order's
    expect(invoice.lines.reduce((sum, line) => sum + line.total, 0)).toBe(invoice.subtotal);
    expect(invoice.lines.reduce((sum, line) => sum + line.vatAmount, 0)).toBe(invoice.vatAmount);
    expect(invoice.subtotal + invoice.vatAmount).toBe(order.total);

    expect(journalOfInvoice(invoice.id)).toEqual({ "1100": 8100, "4000": -6000, "4020": -750, "2200": -1350 });

    const text = await invoicePdfText(buyer, invoice.id);
    expect(text).toContain("Delivery");
    expect(text).toContain("£7.50");
    expect(text).toContain("£81.00");

    const mail = mailFor(order.orderNumber)!;
    expect(mail.raw).toContain("Delivery (ex VAT): £7.50");
    expect(mail.raw).toContain("Total: £81.00");

    const vatAfter = computeVatFigures(getDb(), month, new Date());
    expect(vatAfter.sales.net - vatBefore.sales.net).toBe(6750);
    expect(vatAfter.sales.vat - vatBefore.sales.vat).toBe(1350);
    expect(vatAfter.boxes.box1VatDue - vatBefore.boxes.box1VatDue).toBe(1350);

    const history = await readJson(await callRoute(apiOrders.loader, buildRequest("/api/orders", { cookie: cookies[buyer.email] })));
    expect(history.find((entry: { id: number }) => entry.id === order.id)).toMatchObject({
      subtotal: "60.00",
      deliveryCharge: "7.50",
      deliveryVat: "1.50",
      vatAmount: "13.50",
      total: "81.00",
    });
  });

  it("is charged the same through POST /api/orders, and is free from the free-delivery value on", async () => {
    const charged = await placeThroughApi(buyer, [{ productId: kettle.id, quantity: 4 }]);
    expect(charged.status).toBe(201);
    expect(await readJson(charged)).toMatchObject({ subtotal: "120.00", deliveryCharge: "7.50", deliveryVat: "1.50", vatAmount: "25.50", total: "153.00" });

    const free = await placeThroughApi(buyer, [{ productId: kettle.id, quantity: 5 }]);
    expect(free.status).toBe(201);
    expect(await readJson(free)).toMatchObject({ subtotal: "150.00", deliveryCharge: "0.00", deliveryVat: "0.00", total: "180.00" });
    const invoice = invoiceOf(latestOrder(buyer).id);
    expect(invoice.lines.map((line) => line.description)).toEqual(["Catering Kettle"]);
    expect(journalOfInvoice(invoice.id)).toEqual({ "1100": 18000, "4000": -15000, "2200": -3000 });
  });

  it("says on the cart that delivery is free from the free-delivery value", async () => {
    await quickOrderLines(buyer, "KETTLE-1 5");
    const summary = await cartSummary(buyer);
    expect(summary.deliveryCharge).toMatchObject({ net: 0, basis: "free_over", text: "Free on orders of £150.00 ex VAT or more" });
    expect(summary.total).toBe(18000);
  });

  it("is the customer's own charge when they have one, set through the admin users API", async () => {
    await quickOrderLines(ownRate, "KETTLE-1 2");
    expect((await cartSummary(ownRate)).deliveryCharge).toMatchObject({ net: 1200, vat: 240, text: "£12.00" });
    expect((await placeThroughCheckout(ownRate)).status).toBe(302);
    expect(latestOrder(ownRate)).toMatchObject({ deliveryChargePence: 1200, deliveryVatPence: 240, total: 6000 + 1200 + 1200 + 240 });

    const patch = (deliveryCharge: unknown) =>
      callRoute(
        adminUsersApi.action,
        buildRequest(`/api/admin/users/${ownRate.id}`, { method: "PATCH", json: { deliveryCharge }, cookie: cookies[admin.email] }),
        { id: ownRate.id },
      );
    const bad = await patch("lots");
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).field).toBe("deliveryCharge");
    const cleared = await patch(null);
    expect(cleared.status).toBe(200);
    expect(await readJson(cleared)).toMatchObject({ deliveryCharge: null });
    const order = await placeThroughApi(ownRate, [{ productId: kettle.id, quantity: 2 }]);
    expect(await readJson(order)).toMatchObject({ deliveryCharge: "7.50" });
    const restored = await patch("12.00");
    expect(await readJson(restored)).toMatchObject({ deliveryCharge: "12.00" });
  });

  it("is set and cleared on the Users form without JavaScript, which refuses a bad amount on its field", async () => {
    const customer = await createUser({ email: "form-rate@example.com" });
    const post = (deliveryCharge: string) =>
      callRoute(
        usersPage.action,
        buildRequest(`/admin/users?edit=${customer.id}`, {
          form: {
            intent: "update",
            id: customer.id,
            idempotencyKey: crypto.randomUUID(),
            email: customer.email,
            firstName: "Test",
            lastName: "User",
            role: "customer",
            priceTierId: "",
            isActive: "on",
            deliveryCharge,
          },
          cookie: cookies[admin.email],
        }),
      );
    const chargeOf = () => getDb().select({ charge: companies.deliveryChargePence }).from(companies).where(eq(companies.id, companyIdOf(customer.id))).get()!.charge;

    const refused = await post("free");
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).result.error).toMatchObject({
      deliveryCharge: ["Delivery charge must be an amount in pounds of 0 or more, like 5.00, or blank for the standard charge"],
    });
    expect(chargeOf()).toBeNull();

    expect((await post("4.00")).status).toBe(302);
    expect(chargeOf()).toBe(400);
    const editing = await readJson(await callRoute(usersPage.loader, buildRequest(`/admin/users?edit=${customer.id}`, { cookie: cookies[admin.email] })));
    expect(editing.editing).toMatchObject({ deliveryCharge: "4.00" });
    expect((await post("")).status).toBe(302);
    expect(chargeOf()).toBeNull();
  });

  it("is charged on an order reordered from the history into the cart", async () => {
    expect((await placeThroughApi(buyer, [{ productId: kettle.id, quantity: 3 }])).status).toBe(201);
    const earlier = latestOrder(buyer);
    const reorder = await callRoute(
      accountOrders.action,
      buildRequest("/account/orders", { form: { intent: "reorder", orderId: earlier.id, idempotencyKey: crypto.randomUUID() }, cookie: cookies[buyer.email] }),
    );
    expect(redirectLocation(reorder)).toBe("/cart");
    expect((await cartSummary(buyer)).deliveryCharge.net).toBe(750);
    expect((await placeThroughCheckout(buyer)).status).toBe(302);
    expect(latestOrder(buyer)).toMatchObject({ subtotal: 9000, deliveryChargePence: 750, total: 9000 + 1800 + 750 + 150 });
  });

  it("is charged on an order loaded from a saved template into the cart", async () => {
    const cookie = cookies[buyer.email];
    const created = await callRoute(
      apiTemplates.action,
      buildRequest("/api/order-templates", { json: { name: "Weekly kettles", items: [{ productId: kettle.id, quantity: 2, selectedVariants: {} }] }, cookie }),
    );
    expect(created.status).toBe(201);
    const template = await readJson(created);
    const page = await readJson(await callRoute(accountTemplates.loader, buildRequest("/account/templates", { cookie })));
    const loaded = await callRoute(
      accountTemplates.action,
      buildRequest("/account/templates", { form: { intent: "load", templateId: template.id, idempotencyKey: page.idempotencyKey }, cookie }),
    );
    expect(redirectLocation(loaded)).toBe("/cart");
    expect((await cartSummary(buyer)).deliveryCharge.net).toBe(750);
    expect((await placeThroughCheckout(buyer)).status).toBe(302);
    expect(latestOrder(buyer)).toMatchObject({ subtotal: 6000, deliveryChargePence: 750, total: 8100 });
  });

  it("is kept as placed when an order waits for approval, whatever the settings say by the time it is approved", async () => {
    expect((await placeThroughApi(approvalBuyer, [{ productId: kettle.id, quantity: 2 }])).status).toBe(201);
    const order = latestOrder(approvalBuyer);
    expect(order).toMatchObject({ status: "pending_approval", deliveryChargePence: 750, total: 8100 });

    await putSettings({ ...SETTINGS, deliveryCharge: "19.99" });
    const approved = await callRoute(
      approveApi.action,
      buildRequest(`/api/admin/orders/${order.id}/approve`, { method: "POST", cookie: cookies[admin.email] }),
      { orderId: String(order.id) },
    );
    expect(approved.status).toBe(200);
    expect((await readJson(approved)).order).toMatchObject({ deliveryCharge: "7.50", deliveryVat: "1.50", total: "81.00" });
    const invoice = invoiceOf(order.id);
    expect(invoice).toMatchObject({ subtotal: 6750, vatAmount: 1350, total: 8100 });
    expect(invoice.lines.at(-1)).toMatchObject({ description: "Delivery", total: 750, vatAmount: 150 });
  });

  it("is not charged on a sale over the counter (POS), nor held to the minimum", async () => {
    const sale = await callRoute(
      posCheckout.action,
      buildRequest("/api/admin/pos/checkout", {
        json: { items: [{ productId: milk.id, quantity: 1 }], customerName: "Patel Catering", customerId: buyer.id },
        cookie: cookies[admin.email],
      }),
    );
    expect(sale.status).toBe(201);
    const json = await readJson(sale);
    expect(json).toMatchObject({ subtotal: "3.33", deliveryCharge: "0.00", total: "3.50" });
    expect(invoiceOf(json.id).lines.map((line) => line.description)).toEqual(["Semi-Skimmed Milk"]);
  });
});

// ─── The free-shipping reward ───────────────────────────────────────────────

describe("the free-shipping reward", () => {
  it("takes the charge off at checkout, visibly on the summary, order, invoice and PDF", async () => {
    const voucher = giveFreeShipping(buyer);
    await quickOrderLines(buyer, "KETTLE-1 2");
    const page = await checkoutPageData(buyer, `?voucher=${voucher.code}`);
    expect(page).toMatchObject({ total: 7200, deliveryCharge: { net: 0, basis: "reward", text: "Free delivery (reward)" } });

    expect((await placeThroughCheckout(buyer, voucher.code)).status).toBe(302);
    const order = latestOrder(buyer);
    expect(order).toMatchObject({ freeShipping: true, deliveryChargePence: 0, deliveryVatPence: 0, total: 7200 });
    const invoice = invoiceOf(order.id);
    expect(invoice.lines.at(-1)).toMatchObject({ description: "Free delivery (reward)", total: 0, vatAmount: 0 });
    expect(invoice.total).toBe(7200);
    expect(await invoicePdfText(buyer, invoice.id)).toContain("Free delivery (reward)");
    expect(mailFor(order.orderNumber)!.raw).toContain("Delivery (ex VAT): Free delivery (reward)");
  });

  it("takes it off through POST /api/orders too", async () => {
    const voucher = giveFreeShipping(buyer);
    const response = await placeThroughApi(buyer, [{ productId: kettle.id, quantity: 2 }], voucher.code);
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ freeShipping: true, deliveryCharge: "0.00", total: "72.00" });
  });
});

// ─── The books ──────────────────────────────────────────────────────────────

describe("the books after all of the above", () => {
  it("balance, with every delivery charge in 4020 and every order's total owed on its invoice", () => {
    const db = getDb();
    expect(db.select({ sum: sql<number>`sum(amount)` }).from(journalLines).get()!.sum).toBe(0);
    const delivery = db
      .select({ sum: sql<number>`coalesce(sum(${journalLines.amount}), 0)` })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.ledgerAccountId))
      .where(eq(ledgerAccounts.code, "4020"))
      .get()!.sum;
    const charged = db
      .select({ sum: sql<number>`sum(${orders.deliveryChargePence})` })
      .from(orders)
      .innerJoin(salesInvoices, eq(salesInvoices.orderId, orders.id))
      .get()!.sum;
    expect(charged).toBeGreaterThan(0);
    expect(delivery).toBe(-charged);
    const mismatched = db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(salesInvoices, eq(salesInvoices.orderId, orders.id))
      .where(sql`${salesInvoices.total} <> ${orders.total} or ${salesInvoices.subtotal} <> ${orders.subtotal} + ${orders.deliveryChargePence}`)
      .all();
    expect(mismatched).toEqual([]);
  });
});
