/**
 * After Place Order, through both doors (the /checkout form and POST /api/orders): the UK address and its
 * postcode rule, the expected delivery date (shown at checkout, kept on the order, in the mail and on the
 * order-placed page), and the order-placed page itself.
 */
import { eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, deliveryAddresses, orderItems, orders, products, salesInvoices, users } from "~db/schema";
import { addToCart } from "~/domain/cart/cart.server";
import { approveOrder } from "~/domain/orders/order-approvals.server";
import { orderingSettingsSchema } from "~/domain/ordering/ordering-settings.schema";
import { saveOrderingSettings } from "~/domain/ordering/ordering-settings.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as orderPlaced from "~/routes/account.orders_.$orderId.placed";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import { getDb } from "~/utils/db.server";
import { listOutbox } from "~/utils/mail.server";
import { createProduct, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { mailFor, mailsDuring } from "./outbox";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

let buyer: User;
let other: User;
let approvalBuyer: User;
let admin: User;
let tea: typeof products.$inferSelect;

const POSTCODE_INVALID = "Enter a UK postcode, for example LS1 6EN";

const UK_FORM = {
  shippingName: "Sam Patel",
  shippingEmail: "sam@patel-catering.co.uk",
  shippingBusinessName: "Patel Catering Ltd",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingAddressLine2: "Hunslet",
  shippingCity: "Leeds",
  shippingCounty: "West Yorkshire",
  shippingPostcode: "ls10 1rs",
};

beforeAll(async () => {
  buyer = await createUser({ email: "sam@patel-catering.co.uk", businessName: "Patel Catering Ltd" });
  other = await createUser({ email: "dan@okafor-foods.co.uk" });
  approvalBuyer = await createUser({ email: "approval@example.com", requiresApproval: true });
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  tea = createProduct({ name: "Catering Tea Bags 1100", salesPrice: 1250, stockLevel: 10_000 });
});

afterEach(() => {
  vi.useRealTimers();
  setCutOff("15:00");
});

/** The "Delivery & ordering" settings with free delivery, no minimum and this cut-off, saved as an admin does. */
function setCutOff(cutOffTime: string) {
  const input = orderingSettingsSchema.parse({ deliveryCharge: "0.00", freeDeliveryOver: "", minimumOrder: "", cutOffTime });
  expect(saveOrderingSettings(getDb(), { id: admin.id }, input).ok).toBe(true);
}

/** From here on `new Date()` is this instant (timers and everything else run as usual). */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

function addTea(user: User, quantity = 2) {
  const db = getDb();
  const result = addToCart(db, { kind: "user", userId: user.id }, buyerFor(db, findSessionUser(db, user.id)!), {
    productId: tea.id,
    quantity,
    selectedVariants: {},
  });
  expect(result.ok).toBe(true);
}

async function checkoutData(cookie: string) {
  const response = await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

async function postCheckout(cookie: string, fields: Record<string, string>) {
  const { idempotencyKey } = await checkoutData(cookie);
  return callRoute(checkoutPage.action, buildRequest("/checkout", { form: { ...fields, idempotencyKey }, cookie }));
}

function postApiOrder(cookie: string, body: Record<string, unknown>) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: { items: [{ productId: tea.id, quantity: 1 }], ...body }, cookie }),
  );
}

function placedId(location: string) {
  const match = /^\/account\/orders\/(\d+)\/placed(\?.*)?$/.exec(location);
  expect(match, `redirected to ${location}`).not.toBeNull();
  return Number(match![1]);
}

async function openPlaced(path: string, cookie: string) {
  const id = /\/account\/orders\/([^/]+)\/placed/.exec(path)![1];
  return callRoute(orderPlaced.loader, buildRequest(path, { cookie }), { orderId: id });
}

function orderRow(id: number) {
  return getDb().select().from(orders).where(eq(orders.id, id)).get()!;
}

function count(table: SQLiteTable) {
  return getDb().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
}

/** What placing an order writes, to see that a refused one wrote nothing. */
function written() {
  return {
    orders: count(orders),
    items: count(orderItems),
    invoices: count(salesInvoices),
    addresses: count(deliveryAddresses),
    mails: listOutbox({ limit: 10_000 }).total,
    stock: getDb().select({ stock: products.stockLevel }).from(products).where(eq(products.id, tea.id)).get()!.stock,
  };
}

describe("the UK address at checkout", () => {
  it("joins the form's business name, second line and county into the spec's fields, with the postcode's standard form", async () => {
    const cookie = await signIn(buyer.email);
    addTea(buyer);
    const response = await postCheckout(cookie, { ...UK_FORM, saveAddress: "on", addressLabel: "Kitchen" });
    const id = placedId(redirectLocation(response));
    expect(orderRow(id)).toMatchObject({
      shippingName: "Sam Patel",
      shippingAddress: "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet",
      shippingCity: "Leeds, West Yorkshire",
      shippingPostcode: "LS10 1RS",
    });
    // the address book keeps the same fields
    expect(getDb().select().from(deliveryAddresses).where(eq(deliveryAddresses.companyId, companyIdOf(buyer.id))).all()).toMatchObject([
      { label: "Kitchen", address: "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet", city: "Leeds, West Yorkshire", postcode: "LS10 1RS" },
    ]);

    // the next checkout starts from that address, split back into the form's fields
    addTea(buyer);
    const next = await checkoutData(cookie);
    expect(next.defaults).toEqual({ ...UK_FORM, shippingAddressLine2: "", shippingAddress: "Unit 2, Canal Wharf, Hunslet", shippingPostcode: "LS10 1RS" });
    expect(next.addresses[0].parts).toEqual({
      businessName: "Patel Catering Ltd",
      line1: "Unit 2, Canal Wharf, Hunslet",
      line2: "",
      town: "Leeds",
      county: "West Yorkshire",
    });
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
  });

  it("refuses a postcode that is not a UK one through the form, with the message, and writes nothing", async () => {
    const cookie = await signIn(buyer.email);
    addTea(buyer);
    const before = written();
    const response = await postCheckout(cookie, { ...UK_FORM, shippingPostcode: "D02 X285", saveAddress: "on", addressLabel: "Dublin" });
    expect(response.status).toBe(400);
    expect((await readJson(response)).result.error).toEqual({ shippingPostcode: [POSTCODE_INVALID] });
    expect(written()).toEqual(before);
    getDb().delete(cartItems).where(eq(cartItems.userId, buyer.id)).run();
  });

  it("refuses it through POST /api/orders with 400 {message, field} and writes nothing", async () => {
    const cookie = await signIn(buyer.email, { via: "api" });
    const before = written();
    const response = await postApiOrder(cookie, { ...UK_FORM, shippingPostcode: "LS1 6E" });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: POSTCODE_INVALID, field: "shippingPostcode" });
    expect(written()).toEqual(before);
  });

  it("reads an API client's spec fields as before, and its optional UK parts as the form's", async () => {
    const cookie = await signIn(buyer.email, { via: "api" });
    const plain = await postApiOrder(cookie, {
      shippingName: "Sam Patel",
      shippingEmail: "sam@patel-catering.co.uk",
      shippingAddress: "14 Boar Lane",
      shippingCity: "Leeds",
      shippingPostcode: "ls1 6en",
    });
    expect(plain.status).toBe(201);
    expect(await readJson(plain)).toMatchObject({ shippingAddress: "14 Boar Lane", shippingCity: "Leeds", shippingPostcode: "LS1 6EN" });

    const withParts = await postApiOrder(cookie, { ...UK_FORM, shippingPostcode: "BFPO 801" });
    expect(withParts.status).toBe(201);
    expect(await readJson(withParts)).toMatchObject({
      shippingAddress: "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet",
      shippingCity: "Leeds, West Yorkshire",
      shippingPostcode: "BFPO 801",
    });
  });
});

describe("the expected delivery date", () => {
  it("is shown at checkout and kept on the order, counted past Christmas from the cut-off, through the form", async () => {
    const cookie = await signIn(buyer.email);
    addTea(buyer);
    // Thu 24 Dec 2026, 15:30 GMT: after the 15:00 cut-off, so out on Tue 29th (25th and 28th are holidays)
    clockAt("2026-12-24T15:30:00Z");
    const page = await checkoutData(cookie);
    expect(page.expectedDelivery).toEqual({ dispatchDate: "2026-12-29", deliveryDate: "2026-12-30", beforeCutOff: false, cutOffTime: "15:00" });

    const response = await postCheckout(cookie, { ...UK_FORM });
    const location = redirectLocation(response);
    const order = orderRow(placedId(location));
    expect(order.estimatedDelivery).toBe("2026-12-30");

    const mail = mailFor(order.orderNumber)!;
    expect(mail.raw).toContain("Expected delivery: Wed 30 Dec 2026");

    const placed = await openPlaced(location, cookie);
    expect(placed.status).toBe(200);
    const data = await readJson(placed);
    expect(data.order).toMatchObject({ orderNumber: order.orderNumber, estimatedDelivery: "2026-12-30", poReference: null });
  });

  it("follows the cut-off the wholesaler sets, through the API", async () => {
    const cookie = await signIn(buyer.email, { via: "api" });
    setCutOff("16:00");
    clockAt("2026-12-24T15:30:00Z");
    const response = await postApiOrder(cookie, { ...UK_FORM });
    expect(response.status).toBe(201);
    // before a 16:00 cut-off it leaves on Christmas Eve and arrives on the first working day after the holidays
    expect((await readJson(response)).estimatedDelivery).toBe("2026-12-29");
  });

  it("is set when an order that waits for approval is approved, counted from then", async () => {
    const cookie = await signIn(approvalBuyer.email, { via: "api" });
    clockAt("2026-12-18T10:00:00Z");
    const placed = await postApiOrder(cookie, { ...UK_FORM, shippingEmail: approvalBuyer.email });
    expect(placed.status).toBe(201);
    const body = await readJson(placed);
    expect(body).toMatchObject({ status: "pending_approval", estimatedDelivery: null });

    // approved on Monday 21st after the cut-off: out on Tuesday, in on Wednesday 23rd
    vi.setSystemTime(new Date("2026-12-21T16:00:00Z"));
    const mails = await mailsDuring(async () => {
      const approved = await approveOrder(getDb(), findSessionUser(getDb(), admin.id)!, body.id);
      expect(approved.ok).toBe(true);
    });
    expect(orderRow(body.id).estimatedDelivery).toBe("2026-12-23");
    // the approval mail is the first that can give the date
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Order ${body.orderNumber} approved`);
    expect(mails[0].body).toContain("23 Dec 2026");
  });
});

describe("the order-placed page", () => {
  it("shows the order with its invoice and where the mail went, and says what became of the address", async () => {
    const cookie = await signIn(buyer.email);
    addTea(buyer);
    const response = await postCheckout(cookie, { ...UK_FORM, poReference: "PO-7781", saveAddress: "on", addressLabel: "Kitchen again" });
    const location = redirectLocation(response);
    // the address was kept by the first test under "Kitchen"
    expect(location).toMatch(/\?addressBook=already-saved$/);
    const data = await readJson(await openPlaced(location, cookie));
    expect(data.order.poReference).toBe("PO-7781");
    expect(data.invoice).toMatchObject({ invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{5}$/) });
    expect(data.mail).toEqual({ to: buyer.email, cc: [] });
    expect(data.addressBookNotice).toBe('The address is already in your address book as "Kitchen".');
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 404 for another customer's order and for an id that is not one", async () => {
    const otherCookie = await signIn(other.email);
    addTea(other);
    const theirs = placedId(redirectLocation(await postCheckout(otherCookie, { ...UK_FORM, shippingEmail: other.email })));
    expect((await openPlaced(`/account/orders/${theirs}/placed`, otherCookie)).status).toBe(200);

    const cookie = await signIn(buyer.email);
    expect((await openPlaced(`/account/orders/${theirs}/placed`, cookie)).status).toBe(404);
    expect((await openPlaced("/account/orders/abc/placed", cookie)).status).toBe(404);
    expect((await openPlaced("/account/orders/999999/placed", cookie)).status).toBe(404);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await openPlaced("/account/orders/1/placed", "");
    expect(redirectLocation(response)).toMatch(/^\/login\?redirectTo=/);
  });
});
