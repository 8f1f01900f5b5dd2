/**
 * Spending limits and company approvals, through both doors (the checkout, approvals and limits pages' forms,
 * and /api/orders, /api/company/limits, /api/company/approvals): an order over a limit waits for approval with
 * nothing taken; an approver places it (stock taken once) or rejects it (nothing taken); two approvers above the
 * company's amount must be two different people; changed prices and short stock are said before anything is
 * placed; another company's requests are unknown (404).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approvalRequests, cartItems, orders, products, users } from "~db/schema";
import {
  ALREADY_APPROVED_BY_YOU_MESSAGE,
  NO_APPROVER_MESSAGE,
  OWN_REQUEST_MESSAGE,
  SENT_FOR_APPROVAL_MESSAGE,
} from "~/domain/companies/approvals.server";
import { REJECT_REASON_MESSAGE } from "~/domain/companies/approvals.schema";
import * as approvalPage from "~/routes/account.approvals.$id";
import * as approvalsPage from "~/routes/account.approvals._index";
import * as limitsPage from "~/routes/account.company_.limits";
import * as apiApproval from "~/routes/api.company.approvals.$id";
import * as apiApprovals from "~/routes/api.company.approvals";
import * as apiLimits from "~/routes/api.company.limits";
import * as apiCartItems from "~/routes/api.cart.items";
import * as apiOrders from "~/routes/api.orders";
import * as checkoutPage from "~/routes/checkout/route";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { mailsDuring } from "./outbox";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
const db = () => getDb();

let owner: User; // company admin of the builder's merchant customer
let buyer: User; // a site manager who orders
let approver: User;
let otherApprover: User;
let outsider: User; // another company's admin
const cookies: Record<string, string> = {};
let timber: typeof products.$inferSelect; // £50.00 ex VAT
let screws: typeof products.$inferSelect; // £5.00 ex VAT

beforeAll(async () => {
  owner = await createUser({ email: "owner@pennine-build.co.uk", firstName: "Olive", lastName: "Owner", businessName: "Pennine Build Ltd" });
  const companyId = companyIdOf(owner.id);
  buyer = await createUser({ email: "site@pennine-build.co.uk", firstName: "Sid", lastName: "Site", companyId, companyRole: "buyer" });
  approver = await createUser({ email: "qs@pennine-build.co.uk", firstName: "Quinn", lastName: "Surveyor", companyId, companyRole: "approver" });
  otherApprover = await createUser({ email: "md@pennine-build.co.uk", firstName: "Mo", lastName: "Director", companyId, companyRole: "approver" });
  outsider = await createUser({ email: "boss@other-build.co.uk", businessName: "Other Build Ltd" });
  for (const [name, user] of Object.entries({ owner, buyer, approver, otherApprover, outsider })) cookies[name] = await signIn(user.email);
  timber = createProduct({ name: "C24 Timber 47x100 4.8m", salesPrice: 5000, stockLevel: 200 });
  screws = createProduct({ name: "Wood Screws 5x70 (200)", salesPrice: 500, stockLevel: 500 });
});

const stock = (id: number) => db().select({ s: products.stockLevel }).from(products).where(eq(products.id, id)).get()!.s;
const ordersOf = (user: User) => db().select().from(orders).where(eq(orders.userId, user.id)).all();

function putLimits(cookie: string, body: unknown) {
  return callRoute(apiLimits.action, buildRequest("/api/company/limits", { method: "PUT", json: body, cookie }));
}

function limitsFor(user: User, limits: { orderLimit: string | null; periodLimit: string | null; limitPeriod: string }) {
  return putLimits(cookies.owner!, { people: [{ id: user.id, ...limits }] });
}

function apiOrder(cookie: string, items: { productId: number; quantity: number }[], key?: string) {
  return callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: { ...SHIPPING, items }, cookie, headers: key ? { "Idempotency-Key": key } : undefined }),
  );
}

function decide(cookie: string, id: number, body: unknown, key?: string) {
  return callRoute(
    apiApproval.action,
    buildRequest(`/api/company/approvals/${id}`, { method: "POST", json: body, cookie, headers: key ? { "Idempotency-Key": key } : undefined }),
    { id: String(id) },
  );
}

function getApprovalApi(cookie: string, id: number) {
  return callRoute(apiApproval.loader, buildRequest(`/api/company/approvals/${id}`, { cookie }), { id: String(id) });
}

async function pageKey(cookie: string, id: number) {
  const response = await callRoute(approvalPage.loader, buildRequest(`/account/approvals/${id}`, { cookie }), { id: String(id) });
  return (await readJson(response)).idempotencyKey as string;
}

async function postDecisionForm(cookie: string, id: number, form: Record<string, string>) {
  const key = await pageKey(cookie, id);
  return callRoute(approvalPage.action, buildRequest(`/account/approvals/${id}`, { form: { idempotencyKey: key, ...form }, cookie }), { id: String(id) });
}

async function fillCart(cookie: string, items: { productId: number; quantity: number }[]) {
  for (const item of items) {
    const added = await callRoute(apiCartItems.action, buildRequest("/api/cart/items", { json: item, cookie }));
    expect(added.status).toBeLessThan(300);
  }
}

async function checkoutForm(cookie: string) {
  const page = await readJson(await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie })));
  const response = await callRoute(checkoutPage.action, buildRequest("/checkout", { form: { ...SHIPPING, idempotencyKey: page.idempotencyKey }, cookie }));
  return { page, response };
}

describe("setting limits", () => {
  it("a company admin sets a person's limits through the API; buyers and approvers may not; another company's person is unknown", async () => {
    const set = await limitsFor(buyer, { orderLimit: "500.00", periodLimit: null, limitPeriod: "none" });
    expect(set.status).toBe(200);
    const body = await readJson(set);
    expect(body.people.find((p: { id: string }) => p.id === buyer.id)).toMatchObject({
      orderLimit: "500.00",
      periodLimit: null,
      limitPeriod: "none",
      summary: "£500.00 per order",
    });
    expect((await putLimits(cookies.buyer!, { people: [{ id: buyer.id, orderLimit: null, periodLimit: null, limitPeriod: "none" }] })).status).toBe(403);
    expect((await putLimits(cookies.approver!, { secondApprovalAbove: null })).status).toBe(403);
    expect((await callRoute(apiLimits.loader, buildRequest("/api/company/limits", { cookie: cookies.buyer! }))).status).toBe(403);

    const foreign = await putLimits(cookies.owner!, {
      people: [
        { id: approver.id, orderLimit: "1.00", periodLimit: null, limitPeriod: "none" },
        { id: outsider.id, orderLimit: "1.00", periodLimit: null, limitPeriod: "none" },
      ],
    });
    expect(foreign.status).toBe(404);
    expect(await readJson(foreign)).toEqual({ message: "Person not found", field: "people.1.id" });
    // nothing of that change was kept
    expect(db().select().from(users).where(eq(users.id, approver.id)).get()!.orderLimitPence).toBeNull();
    expect(db().select().from(users).where(eq(users.id, outsider.id)).get()!.orderLimitPence).toBeNull();
  });

  it("bad limits are refused with their field and change nothing", async () => {
    const zero = await limitsFor(buyer, { orderLimit: "0", periodLimit: null, limitPeriod: "none" });
    expect(zero.status).toBe(400);
    expect(await readJson(zero)).toMatchObject({ field: "people.0.orderLimit" });
    const noPeriod = await limitsFor(buyer, { orderLimit: null, periodLimit: "100", limitPeriod: "none" });
    expect(await readJson(noPeriod)).toEqual({ message: "Choose the period the limit counts over", field: "people.0.limitPeriod" });
    expect(db().select().from(users).where(eq(users.id, buyer.id)).get()!.orderLimitPence).toBe(50_000);
  });

  it("the Limits page's form sets the same (blank for none), and answers a bad figure on its field", async () => {
    const page = await readJson(await callRoute(limitsPage.loader, buildRequest("/account/company/limits", { cookie: cookies.owner! })));
    const index = page.people.findIndex((p: { id: string }) => p.id === otherApprover.id);
    const form = (values: Record<string, string>) => ({
      idempotencyKey: page.idempotencyKey,
      [`people[0].id`]: otherApprover.id,
      [`people[0].orderLimit`]: "",
      [`people[0].periodLimit`]: "",
      [`people[0].limitPeriod`]: "none",
      secondApprovalAbove: "",
      ...values,
    });
    expect(index).toBeGreaterThanOrEqual(0);
    const bad = await callRoute(limitsPage.action, buildRequest("/account/company/limits", { form: form({ "people[0].orderLimit": "lots" }), cookie: cookies.owner! }));
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).result.error["people[0].orderLimit"]).toEqual(["Limit per order must be a number"]);
    const saved = await callRoute(
      limitsPage.action,
      buildRequest("/account/company/limits", { form: form({ "people[0].periodLimit": "2,000", "people[0].limitPeriod": "weekly" }), cookie: cookies.owner! }),
    );
    expect(redirectLocation(saved)).toBe("/account/company/limits");
    expect(db().select().from(users).where(eq(users.id, otherApprover.id)).get()).toMatchObject({
      orderLimitPence: null,
      periodLimitPence: 200_000,
      limitPeriod: "weekly",
    });
    // anyone else is sent to their account with the reason
    expect(redirectLocation(await callRoute(limitsPage.loader, buildRequest("/account/company/limits", { cookie: cookies.buyer! })))).toBe("/account");
  });
});

describe("an order over the per-order limit (API door)", () => {
  it("waits for approval with nothing taken; the approver approves it and it is placed once, stock taken once", async () => {
    await limitsFor(buyer, { orderLimit: "500.00", periodLimit: null, limitPeriod: "none" });
    const timberBefore = stock(timber.id);
    const ordersBefore = ordersOf(buyer).length;
    let sent!: Response;
    const mails = await mailsDuring(async () => {
      sent = await apiOrder(cookies.buyer!, [{ productId: timber.id, quantity: 12 }], "over-limit-0001"); // £600 ex VAT
    });
    expect(sent.status).toBe(202);
    const request = await readJson(sent);
    expect(request).toMatchObject({ status: "waiting", orderValue: "600.00", approvalsNeeded: 1, message: SENT_FOR_APPROVAL_MESSAGE });
    expect(request.reasons).toEqual(["This order (£600.00 ex VAT) is over the limit of £500.00 per order."]);
    expect(stock(timber.id)).toBe(timberBefore);
    expect(ordersOf(buyer).length).toBe(ordersBefore);
    // the approvers (and the company admin) are asked; the buyer is told it waits
    expect(mails.map((mail) => mail.to).sort()).toEqual([approver.email, otherApprover.email, owner.email, buyer.email].sort());
    expect(mails.find((mail) => mail.to === approver.email)!.subject).toContain(`Order for your approval: ${request.reference}, £600.00 ex VAT from Sid Site`);

    // the same request again with its key is the same request
    const again = await apiOrder(cookies.buyer!, [{ productId: timber.id, quantity: 12 }], "over-limit-0001");
    expect(again.status).toBe(200);
    expect((await readJson(again)).id).toBe(request.id);
    expect(db().select().from(approvalRequests).where(eq(approvalRequests.userId, buyer.id)).all()).toHaveLength(1);

    // the approver's list has it, waiting on them
    const listed = await readJson(await callRoute(apiApprovals.loader, buildRequest("/api/company/approvals?forMe=true", { cookie: cookies.approver! })));
    expect(listed.items.map((item: { id: number }) => item.id)).toContain(request.id);

    // the buyer may not decide their own, and another buyer is refused
    expect((await decide(cookies.buyer!, request.id, { decision: "approve" })).status).toBe(403);

    const approved = await decide(cookies.approver!, request.id, { decision: "approve", reason: "For the Harrogate job" }, "approve-0001");
    expect(approved.status).toBe(200);
    const outcome = await readJson(approved);
    expect(outcome.placed).toMatchObject({ status: "pending" });
    expect(outcome.approval).toMatchObject({ status: "placed", orderNumber: outcome.placed.orderNumber });
    expect(stock(timber.id)).toBe(timberBefore - 12);
    const placed = ordersOf(buyer).find((order) => order.id === outcome.placed.orderId)!;
    expect(placed).toMatchObject({ subtotal: 60_000, total: expect.any(Number), companyId: companyIdOf(owner.id) });

    // repeated with its key: the same answer, nothing more taken; another decision: 409
    expect((await decide(cookies.approver!, request.id, { decision: "approve", reason: "For the Harrogate job" }, "approve-0001")).status).toBe(200);
    expect(stock(timber.id)).toBe(timberBefore - 12);
    const late = await decide(cookies.otherApprover!, request.id, { decision: "approve" });
    expect(late.status).toBe(409);
    expect(stock(timber.id)).toBe(timberBefore - 12);
    expect(ordersOf(buyer).length).toBe(ordersBefore + 1);
  });

  it("an order within the limit is placed straight away", async () => {
    const response = await apiOrder(cookies.buyer!, [{ productId: screws.id, quantity: 10 }]); // £50
    expect(response.status).toBe(201);
    expect((await readJson(response)).status).toBe("pending");
  });
});

describe("the monthly limit (form doors)", () => {
  it("the checkout warns, Place Order sends it for approval, and a rejection with a reason takes nothing", async () => {
    await limitsFor(buyer, { orderLimit: null, periodLimit: "700.00", limitPeriod: "monthly" });
    // spent this month so far: £600 of timber (approved above) and £50 of screws; £100 more goes over £700
    await fillCart(cookies.buyer!, [{ productId: timber.id, quantity: 2 }]);
    const timberBefore = stock(timber.id);
    const { page, response } = await checkoutForm(cookies.buyer!);
    expect(page.spending.reasons).toEqual([
      "With this order, £750.00 ex VAT would be spent this month, over the monthly limit of £700.00.",
    ]);
    expect(page.spending.approvers).toEqual(["Mo Director", "Olive Owner", "Quinn Surveyor"]);
    const location = redirectLocation(response);
    expect(location).toMatch(/^\/account\/approvals\/\d+$/);
    const id = Number(location!.split("/").pop());
    expect(stock(timber.id)).toBe(timberBefore);
    expect(db().select().from(cartItems).where(eq(cartItems.userId, buyer.id)).all()).toEqual([]);

    // the buyer sees it waiting on their list
    const mine = await readJson(await callRoute(approvalsPage.loader, buildRequest("/account/approvals", { cookie: cookies.buyer! })));
    expect(mine.items.find((item: { id: number }) => item.id === id)).toMatchObject({ status: "waiting" });

    const noReason = await postDecisionForm(cookies.approver!, id, { decision: "reject", reason: " " });
    expect(noReason.status).toBe(400);
    expect((await readJson(noReason)).result.error.reason).toEqual([REJECT_REASON_MESSAGE]);

    let rejected!: Response;
    const mails = await mailsDuring(async () => {
      rejected = await postDecisionForm(cookies.approver!, id, { decision: "reject", reason: "Use the framework supplier for timber" });
    });
    expect(redirectLocation(rejected)).toBe(`/account/approvals/${id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: buyer.email });
    expect(mails[0]!.body).toContain("Use the framework supplier for timber");
    expect(stock(timber.id)).toBe(timberBefore);
    const seen = await readJson(await getApprovalApi(cookies.buyer!, id));
    expect(seen).toMatchObject({ status: "rejected", rejectionReason: "Use the framework supplier for timber", canWithdraw: false });
  });
});

describe("two approvers above the company's amount", () => {
  it("needs two different people: the same approver twice is refused, the person who sent it cannot approve", async () => {
    await putLimits(cookies.owner!, {
      secondApprovalAbove: "1000.00",
      people: [{ id: buyer.id, orderLimit: "500.00", periodLimit: null, limitPeriod: "none" }],
    });
    const before = stock(timber.id);
    const sent = await readJson(await apiOrder(cookies.buyer!, [{ productId: timber.id, quantity: 30 }])); // £1,500
    expect(sent.approvalsNeeded).toBe(2);

    const first = await decide(cookies.approver!, sent.id, { decision: "approve" });
    expect(first.status).toBe(200);
    expect(await readJson(first)).toMatchObject({ placed: null, approval: { status: "waiting" } });
    expect(stock(timber.id)).toBe(before);

    const twice = await decide(cookies.approver!, sent.id, { decision: "approve" });
    expect(twice.status).toBe(409);
    expect(await readJson(twice)).toEqual({ message: ALREADY_APPROVED_BY_YOU_MESSAGE });
    expect((await readJson(await decide(cookies.buyer!, sent.id, { decision: "approve" }))).message).toBe(OWN_REQUEST_MESSAGE);

    const second = await decide(cookies.owner!, sent.id, { decision: "approve" });
    expect(second.status).toBe(200);
    expect((await readJson(second)).approval.approvals.map((a: { byId: string }) => a.byId)).toEqual([approver.id, owner.id]);
    expect(stock(timber.id)).toBe(before - 30);
    await putLimits(cookies.owner!, { secondApprovalAbove: null });
  });
});

describe("what changed since it was sent", () => {
  it("a changed price is said, and placed at today's price only when confirmed", async () => {
    const sent = await readJson(await apiOrder(cookies.buyer!, [{ productId: screws.id, quantity: 120 }])); // £600
    db().update(products).set({ salesPrice: 550 }).where(eq(products.id, screws.id)).run();
    const preview = await readJson(await getApprovalApi(cookies.approver!, sent.id));
    expect(preview.preview.priceChanges).toEqual([{ productName: screws.name, was: 500, now: 550 }]);

    const unconfirmed = await decide(cookies.approver!, sent.id, { decision: "approve" });
    expect(unconfirmed.status).toBe(409);
    expect(await readJson(unconfirmed)).toEqual({
      message: `Prices have changed since this order was sent for approval: ${screws.name} was £5.00, now £5.50 ex VAT. Approve again to place it at today's prices.`,
      field: "confirmPriceChanges",
    });
    const confirmed = await decide(cookies.approver!, sent.id, { decision: "approve", confirmPriceChanges: true });
    expect(confirmed.status).toBe(200);
    const orderId = (await readJson(confirmed)).placed.orderId;
    expect(db().select().from(orders).where(eq(orders.id, orderId)).get()!.subtotal).toBe(66_000);
    db().update(products).set({ salesPrice: 500 }).where(eq(products.id, screws.id)).run();
  });

  it("stock now short cannot be approved: 409 naming it, nothing placed; the buyer may withdraw it", async () => {
    const sent = await readJson(await apiOrder(cookies.buyer!, [{ productId: timber.id, quantity: 11 }]));
    db().update(products).set({ stockLevel: 5 }).where(eq(products.id, timber.id)).run();
    const refused = await decide(cookies.approver!, sent.id, { decision: "approve" });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toContain(`Not enough stock for ${timber.name}: only 5 left`);
    expect(stock(timber.id)).toBe(5);
    expect((await readJson(await getApprovalApi(cookies.approver!, sent.id))).status).toBe("waiting");

    const form = await postDecisionForm(cookies.buyer!, sent.id, { intent: "withdraw" });
    expect(redirectLocation(form)).toBe(`/account/approvals/${sent.id}`);
    expect((await readJson(await getApprovalApi(cookies.buyer!, sent.id))).status).toBe("withdrawn");
    db().update(products).set({ stockLevel: 200 }).where(eq(products.id, timber.id)).run();
  });
});

describe("out of reach", () => {
  it("another company's people get 404 on every request of this company, on both doors", async () => {
    const sent = await readJson(await apiOrder(cookies.buyer!, [{ productId: timber.id, quantity: 11 }]));
    expect((await getApprovalApi(cookies.outsider!, sent.id)).status).toBe(404);
    expect((await decide(cookies.outsider!, sent.id, { decision: "approve" })).status).toBe(404);
    const page = await callRoute(approvalPage.loader, buildRequest(`/account/approvals/${sent.id}`, { cookie: cookies.outsider! }), { id: String(sent.id) });
    expect(page.status).toBe(404);
    const list = await readJson(await callRoute(apiApprovals.loader, buildRequest("/api/company/approvals", { cookie: cookies.outsider! })));
    expect(list.items).toEqual([]);
    expect((await readJson(await getApprovalApi(cookies.approver!, sent.id))).status).toBe("waiting");
  });

  it("with nobody else able to approve, an order over the limit is refused rather than left waiting forever", async () => {
    await putLimits(cookies.outsider!, { people: [{ id: outsider.id, orderLimit: "10.00", periodLimit: null, limitPeriod: "none" }] });
    const refused = await apiOrder(cookies.outsider!, [{ productId: screws.id, quantity: 10 }]);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: NO_APPROVER_MESSAGE, field: "items" });
  });
});
