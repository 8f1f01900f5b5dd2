/**
 * Back-office returns through both doors: the /admin/returns screen (loader and form actions) and the admin
 * API (GET /api/admin/returns, PATCH …/{id}/status, POST …/{id}/complete). Orders are placed with placeOrder,
 * one line carrying a share of a loyalty voucher's discount, so the refund is checked against what the
 * customer really paid, to the penny.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loyaltyTransactions, orderItems, orders, products, returns, users, vouchers } from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { placeOrder } from "~/domain/orders/orders.server";
import * as root from "~/root";
import * as returnsPage from "~/routes/admin.returns/route";
import * as apiReturns from "~/routes/api.admin.returns";
import * as apiComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiStatus from "~/routes/api.admin.returns.$id.status";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiCustomerReturns from "~/routes/api.returns";
import { getDb } from "~/utils/db.server";
import { createUser, TEST_PASSWORD, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

type Product = typeof products.$inferSelect;
type User = typeof users.$inferSelect;
type PlacedLine = typeof orderItems.$inferSelect;

const db = () => getDb();

let admin: User;
let buyer: User;
let adminCookie: string;
let buyerCookie: string;
let kettle: Product; // £30.00 at 20%
let milk: Product; // £3.33 at 5%

const SHIPPING = {
  shippingName: "Sam Patel",
  shippingEmail: "orders@patel-catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

async function signIn(email: string) {
  const response = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password: TEST_PASSWORD } }));
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

function createProduct(name: string, salesPrice: number, vatRate: number) {
  const slug = name.toLowerCase().replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-");
  return db().insert(products).values({ name, slug, salesPrice, vatRate, stockLevel: 500 }).returning().get();
}

let voucherCounter = 0;
/** A delivered order of the buyer: 2 kettles and 3 milk, with 10% off spread over the lines when `voucher`. */
async function deliveredOrder({ voucher }: { voucher: boolean }) {
  let voucherCode: string | null = null;
  if (voucher) {
    voucherCounter += 1;
    voucherCode = `RT-TEST-${String(voucherCounter).padStart(4, "0")}`;
    db().insert(vouchers)
      .values({ code: voucherCode, userId: buyer.id, companyId: companyIdOf(buyer.id), rewardName: "10% off", rewardType: "discount_percentage", rewardValue: 1000 })
      .run();
  }
  const placed = await placeOrder(db(), findSessionUser(db(), buyer.id)!, {
    ...SHIPPING,
    idempotencyKey: null,
    voucherCode,
    lines: [
      { productId: kettle.id, quantity: 2 },
      { productId: milk.id, quantity: 3 },
    ],
  });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.value.kind !== "placed") throw new Error("The order was sent for approval");
  db().update(orders).set({ status: "delivered" }).where(eq(orders.id, placed.value.orderId)).run();
  const lines = db().select().from(orderItems).where(eq(orderItems.orderId, placed.value.orderId)).orderBy(asc(orderItems.id)).all();
  return { orderId: placed.value.orderId, orderNumber: placed.value.orderNumber, kettleLine: lines[0]!, milkLine: lines[1]! };
}

/** The customer asks for the return through POST /api/returns, as the storefront does. */
async function requestReturn(
  orderId: number,
  items: { line: PlacedLine; quantity: number }[],
  returnType: "refund" | "exchange" = "refund",
) {
  const response = await callRoute(
    apiCustomerReturns.action,
    buildRequest("/api/returns", {
      json: {
        orderId,
        items: items.map(({ line, quantity }) => ({ orderItemId: line.id, quantity })),
        returnType,
        reason: "Faulty",
        customerNotes: "Two arrived with cracked lids.",
      },
      cookie: buyerCookie,
    }),
  );
  expect(response.status).toBe(201);
  return (await readJson(response)).id as number;
}

function patchStatus(id: number | string, body: unknown, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(
    apiStatus.action,
    buildRequest(`/api/admin/returns/${id}/status`, { method: "PATCH", json: body, cookie, headers }),
    { id: String(id) },
  );
}

function postComplete(id: number | string, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(apiComplete.action, buildRequest(`/api/admin/returns/${id}/complete`, { method: "POST", cookie, headers }), {
    id: String(id),
  });
}

function pagePost(form: Record<string, string | number>, cookie = adminCookie) {
  return callRoute(returnsPage.action, buildRequest("/admin/returns", { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

async function flashedToast(response: Response) {
  const data = await readJson(await callRoute(root.loader, buildRequest("/admin/returns", { cookie: cookieFrom(response, adminCookie) })));
  return data.toast;
}

const stockOf = (product: Product) => db().select().from(products).where(eq(products.id, product.id)).get()!.stockLevel;
const returnRow = (id: number) => db().select().from(returns).where(eq(returns.id, id)).get()!;
const count = (table: SQLiteTable) => db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
const reversalsOf = (orderId: number) =>
  db()
    .select()
    .from(loyaltyTransactions)
    .where(and(eq(loyaltyTransactions.orderId, orderId), eq(loyaltyTransactions.transactionType, "adjusted")))
    .all();
const auditsOf = (id: number) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.entityType, "return"), eq(auditLogs.entityId, String(id)))).all();

beforeAll(async () => {
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@example.com", firstName: "Sam", lastName: "Patel" });
  adminCookie = await signIn("admin@example.com");
  buyerCookie = await signIn("buyer@example.com");
  kettle = createProduct("Catering Kettle 10L", 3000, 2000);
  milk = createProduct("Milk Portions (120)", 333, 500);
});

describe("the order the returns are checked against", () => {
  it("spreads the voucher's 10% over the lines, so a line's total is below quantity × unit price", async () => {
    const { kettleLine, milkLine } = await deliveredOrder({ voucher: true });
    expect([kettleLine.quantity, kettleLine.unitPrice, kettleLine.total]).toEqual([2, 3000, 5400]);
    expect([milkLine.quantity, milkLine.unitPrice, milkLine.total]).toEqual([3, 333, 899]);
  });
});

describe("listing", () => {
  it("lists returns newest first with customer, items and their paid value inc VAT, filtered by status", async () => {
    const { orderId, orderNumber, milkLine } = await deliveredOrder({ voucher: true });
    const id = await requestReturn(orderId, [{ line: milkLine, quantity: 1 }]);

    const response = await callRoute(apiReturns.loader, buildRequest("/api/admin/returns?status=requested", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Count-Requested")).toBe(response.headers.get("X-Total-Count"));
    const list = await readJson(response);
    expect(list[0]).toMatchObject({
      id,
      orderId,
      orderNumber,
      status: "requested",
      returnType: "refund",
      reason: "Faulty",
      customerNotes: "Two arrived with cracked lids.",
      adminNotes: null,
      refundAmount: null,
      customer: { firstName: "Sam", lastName: "Patel", email: "buyer@example.com" },
      // 1 of 3 at a line total of 899: 299.67 → 3.00, VAT 5% 0.15
      items: [{ productName: "Milk Portions (120)", quantity: 1, unitPrice: "3.33", vatRate: "5.00", lineValue: "3.15" }],
    });

    const none = await readJson(await callRoute(apiReturns.loader, buildRequest("/api/admin/returns?status=completed", { cookie: adminCookie })));
    expect(none.some((item: { id: number }) => item.id === id)).toBe(false);

    const page = await readJson(await callRoute(returnsPage.loader, buildRequest(`/admin/returns?update=${id}`, { cookie: adminCookie })));
    expect(page.counts.requested).toBeGreaterThanOrEqual(1);
    expect(page.returns.map((item: { id: number }) => item.id)).toContain(id);
    expect(page.updating).toMatchObject({ id, status: "requested" });
    expect(typeof page.idempotencyKey).toBe("string");
  });

  it("refuses visitors (401) and customers (403) at every door; the screen sends them away", async () => {
    const id = db().select({ id: returns.id }).from(returns).get()!.id;
    expect((await callRoute(apiReturns.loader, buildRequest("/api/admin/returns"))).status).toBe(401);
    expect((await callRoute(apiReturns.loader, buildRequest("/api/admin/returns", { cookie: buyerCookie }))).status).toBe(403);
    expect((await patchStatus(id, { status: "approved" }, "")).status).toBe(401);
    expect((await patchStatus(id, { status: "approved" }, buyerCookie)).status).toBe(403);
    expect((await postComplete(id, "")).status).toBe(401);
    expect((await postComplete(id, buyerCookie)).status).toBe(403);
    expect(redirectLocation(await callRoute(returnsPage.loader, buildRequest("/admin/returns", { cookie: buyerCookie })))).toBe("/");
    const post = await pagePost({ intent: "update", id, status: "approved" }, buyerCookie);
    expect(redirectLocation(post)).toBe("/");
    expect(returnRow(id).status).toBe("requested");
  });
});

describe("updating the status", () => {
  it("API: sets approved with admin notes, audited; completed is refused (400); unknown return 404", async () => {
    const { orderId, kettleLine } = await deliveredOrder({ voucher: false });
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 1 }]);

    const bad = await patchStatus(id, { status: "completed" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({
      message: "Status must be requested, approved or rejected (use Complete to complete an approved return)",
      field: "status",
    });
    expect((await patchStatus(999_999, { status: "approved" })).status).toBe(404);
    expect(auditsOf(id)).toHaveLength(0);

    const approved = await patchStatus(id, { status: "approved", adminNotes: "  Photos checked. " });
    expect(approved.status).toBe(200);
    expect(await readJson(approved)).toMatchObject({ id, status: "approved", adminNotes: "Photos checked." });
    expect(returnRow(id)).toMatchObject({ status: "approved", adminNotes: "Photos checked." });
    const [audit] = auditsOf(id);
    expect(audit).toMatchObject({ userId: admin.id, action: "return.status_updated" });
    expect(JSON.parse(audit!.details!)).toEqual({
      before: { status: "requested", adminNotes: null },
      after: { status: "approved", adminNotes: "Photos checked." },
    });

    // leaving the notes out keeps them; null clears them
    expect(await readJson(await patchStatus(id, { status: "requested" }))).toMatchObject({ status: "requested", adminNotes: "Photos checked." });
    expect(await readJson(await patchStatus(id, { status: "rejected", adminNotes: null }))).toMatchObject({ status: "rejected", adminNotes: null });

    // rejected is final
    const again = await patchStatus(id, { status: "approved" });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: "This return has been rejected and can no longer be changed", field: "status" });
    expect(returnRow(id).status).toBe("rejected");
  });

  it("page: the dialog's form updates status and notes and flashes the spec's notice; bad input shows on the form", async () => {
    const { orderId, kettleLine } = await deliveredOrder({ voucher: false });
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 1 }]);

    const invalid = await pagePost({ intent: "update", id, status: "shipped", returnTo: `/admin/returns?update=${id}` });
    expect(invalid.status).toBe(400);
    const reply = await readJson(invalid);
    expect(reply.result.error.status).toEqual([
      "Status must be requested, approved or rejected (use Complete to complete an approved return)",
    ]);
    expect(returnRow(id).status).toBe("requested");

    const done = await pagePost({
      intent: "update",
      id,
      status: "approved",
      adminNotes: "Collect with the next delivery",
      returnTo: "/admin/returns?status=requested&page=1",
    });
    expect(redirectLocation(done)).toBe("/admin/returns?status=requested");
    expect(await flashedToast(done)).toMatchObject({ title: "Return updated", description: "Return status has been updated successfully" });
    expect(returnRow(id)).toMatchObject({ status: "approved", adminNotes: "Collect with the next delivery" });

    // a blank notes box clears the notes
    await pagePost({ intent: "update", id, status: "approved", adminNotes: "" });
    expect(returnRow(id).adminNotes).toBeNull();
  });
});

describe("completing", () => {
  it("API: only an approved return can be completed (409 with a clear message, nothing written)", async () => {
    const { orderId, kettleLine } = await deliveredOrder({ voucher: false });
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 1 }]);
    const stock = stockOf(kettle);
    const refused = await postComplete(id);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: "Only approved returns can be completed; this return is requested", field: "status" });
    expect(returnRow(id)).toMatchObject({ status: "requested", completedAt: null, refundAmount: null });
    expect(stockOf(kettle)).toBe(stock);
    expect(reversalsOf(orderId)).toHaveLength(0);
    expect((await postComplete(999_999)).status).toBe(404);
  });

  it("API: restocks, records the refund inc VAT to the penny from the discounted lines, reverses the points once", async () => {
    const { orderId, orderNumber, kettleLine, milkLine } = await deliveredOrder({ voucher: true });
    const id = await requestReturn(orderId, [
      { line: kettleLine, quantity: 1 },
      { line: milkLine, quantity: 2 },
    ]);
    expect((await patchStatus(id, { status: "approved" })).status).toBe(200);
    const kettles = stockOf(kettle);
    const milks = stockOf(milk);
    const audits = count(auditLogs);

    const response = await postComplete(id);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    // kettle: 1 of 2 at 5400 → 2700 + VAT 540 = 3240; milk: 2 of 3 at 899 → 599.33 → 599 + VAT 29.95 → 30 = 629
    expect(body).toMatchObject({ id, status: "completed", refundAmount: "38.69" });
    expect(body.items.map((item: { lineValue: string }) => item.lineValue)).toEqual(["32.40", "6.29"]);
    expect(new Date(body.completedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(returnRow(id)).toMatchObject({ status: "completed", refundAmount: 3869 });

    expect(stockOf(kettle)).toBe(kettles + 1);
    expect(stockOf(milk)).toBe(milks + 2);

    // refunded ex VAT: 2700 + 599 = £32.99 → 32 points
    expect(reversalsOf(orderId)).toEqual([
      expect.objectContaining({
        userId: buyer.id,
        points: -32,
        returnId: id,
        description: `Points reversed: return #${id} on order ${orderNumber} refunded`,
      }),
    ]);
    const completedAudit = auditsOf(id).find((entry) => entry.action === "return.completed")!;
    expect(JSON.parse(completedAudit.details!)).toMatchObject({ refundAmount: "38.69", pointsReversed: 32 });
    expect(count(auditLogs)).toBe(audits + 1);

    // a second Complete (or a status change) is refused and writes nothing
    const again = await postComplete(id);
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: "This return has already been completed", field: "status" });
    const moved = await patchStatus(id, { status: "approved" });
    expect(moved.status).toBe(409);
    expect(await readJson(moved)).toEqual({ message: "This return has been completed and can no longer be changed", field: "status" });
    expect(stockOf(kettle)).toBe(kettles + 1);
    expect(stockOf(milk)).toBe(milks + 2);
    expect(reversalsOf(orderId)).toHaveLength(1);
    expect(count(auditLogs)).toBe(audits + 1);
    expect(returnRow(id).refundAmount).toBe(3869);
  });

  it("API: a retry with the same Idempotency-Key gets the first answer, not a 409, and writes nothing", async () => {
    const { orderId, kettleLine } = await deliveredOrder({ voucher: false });
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 2 }]);
    await patchStatus(id, { status: "approved" });
    const headers = { "Idempotency-Key": "complete-return-key-1" };
    const first = await postComplete(id, adminCookie, headers);
    expect(first.status).toBe(200);
    const stock = stockOf(kettle);
    const replay = await postComplete(id, adminCookie, headers);
    expect(replay.status).toBe(200);
    // 2 kettles at £30.00 + 20% VAT
    expect(await readJson(replay)).toMatchObject({ id, status: "completed", refundAmount: "72.00" });
    expect(stockOf(kettle)).toBe(stock);
    expect(reversalsOf(orderId)).toEqual([expect.objectContaining({ points: -60 })]);
  });

  it("never takes back more points than the order still holds", async () => {
    const { orderId, orderNumber, kettleLine } = await deliveredOrder({ voucher: false });
    // the order earned 69 points (£69.99 ex VAT); 64 of them were taken back some other way first
    db().insert(loyaltyTransactions)
      .values({ userId: buyer.id, companyId: companyIdOf(buyer.id), transactionType: "adjusted", points: -64, orderId, description: `Goodwill correction ${orderNumber}` })
      .run();
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 2 }]);
    await patchStatus(id, { status: "approved" });
    expect((await postComplete(id)).status).toBe(200);
    // the refund is worth 60 points (£60.00 ex VAT), but only 5 are left on the order
    const reversals = reversalsOf(orderId).filter((row) => row.returnId === id);
    expect(reversals.map((row) => row.points)).toEqual([-5]);
  });

  it("an exchange refunds 0.00, leaves the stock as it is (the replacement goes out) and reverses no points", async () => {
    const { orderId, kettleLine } = await deliveredOrder({ voucher: false });
    const id = await requestReturn(orderId, [{ line: kettleLine, quantity: 1 }], "exchange");
    await patchStatus(id, { status: "approved" });
    const stock = stockOf(kettle);
    const response = await postComplete(id);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ id, status: "completed", returnType: "exchange", refundAmount: "0.00" });
    expect(stockOf(kettle)).toBe(stock);
    expect(reversalsOf(orderId)).toHaveLength(0);
  });

  it("page: the confirm step previews the completion; confirming completes with the spec's notice, once", async () => {
    const { orderId, kettleLine, milkLine } = await deliveredOrder({ voucher: true });
    const id = await requestReturn(orderId, [
      { line: kettleLine, quantity: 2 },
      { line: milkLine, quantity: 3 },
    ]);

    const early = await pagePost({ intent: "complete", id });
    expect(await flashedToast(early)).toMatchObject({
      title: "Failed to complete return",
      description: "Only approved returns can be completed; this return is requested",
      variant: "destructive",
    });
    await patchStatus(id, { status: "approved" });

    const confirm = await readJson(await callRoute(returnsPage.loader, buildRequest(`/admin/returns?complete=${id}`, { cookie: adminCookie })));
    // the whole order back: 5400 + 1080 VAT and 899 + 45 VAT = £74.24; £62.99 ex VAT → 62 points
    expect(confirm.completing).toMatchObject({ id, status: "approved" });
    // the order's invoice is unpaid: the whole credit note is set against it, nothing is paid back, so no account is asked for
    expect(confirm.completion).toEqual({
      refundAmount: "£74.24",
      units: 5,
      points: 62,
      credit: { invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{5}$/), owed: "£74.24", applied: "£74.24", refunded: "£0.00", refundsMoney: false },
      accounts: [],
    });

    const kettles = stockOf(kettle);
    const done = await pagePost({ intent: "complete", id, returnTo: "/admin/returns?status=approved" });
    expect(redirectLocation(done)).toBe("/admin/returns?status=approved");
    expect(await flashedToast(done)).toMatchObject({ title: "Return completed", description: "Return has been marked as completed" });
    expect(returnRow(id)).toMatchObject({ status: "completed", refundAmount: 7424 });
    expect(stockOf(kettle)).toBe(kettles + 2);
    expect(reversalsOf(orderId).map((row) => row.points)).toEqual([-62]);

    const twice = await pagePost({ intent: "complete", id });
    expect(await flashedToast(twice)).toMatchObject({ title: "Failed to complete return", description: "This return has already been completed" });
    expect(stockOf(kettle)).toBe(kettles + 2);
    expect(reversalsOf(orderId)).toHaveLength(1);

    const list = await readJson(await callRoute(returnsPage.loader, buildRequest("/admin/returns?status=completed", { cookie: adminCookie })));
    expect(list.returns.find((item: { id: number }) => item.id === id)).toMatchObject({ refundAmount: "74.24" });
    expect(list.counts.completed).toBe(list.total);
  });

  it("page: a filter with nothing in it is an empty list", async () => {
    db().delete(returns).where(eq(returns.status, "rejected")).run();
    const data = await readJson(await callRoute(returnsPage.loader, buildRequest("/admin/returns?status=rejected", { cookie: adminCookie })));
    expect(data.returns).toEqual([]);
    expect(data.total).toBe(0);
    expect(data.counts.rejected).toBe(0);
  });
});
