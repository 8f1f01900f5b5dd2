/**
 * Credit holds (docs/decisions/0071), both doors: an order over the company's available credit, or from a company
 * with an invoice overdue beyond the setting, is placed on hold (stock taken, no invoice) and ships only after an
 * accounts user releases it with a note; sales and warehouse staff cannot release; nothing else moves a held order
 * on; cancelling one gives its stock back; a pro forma order is not shipped before its invoice is paid; an account
 * on stop cannot order.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products, salesInvoices, users } from "~db/schema";
import { addDaysToDate, ukToday } from "~/domain/invoices/invoices.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import * as adminOrdersPage from "~/routes/admin.orders/route";
import * as creditControlPage from "~/routes/admin.credit-control";
import * as apiCartItems from "~/routes/api.cart.items";
import * as apiOrders from "~/routes/api.orders";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiRelease from "~/routes/api.admin.orders.$orderId.release-hold";
import * as apiStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiStop from "~/routes/api.admin.companies.$id.stop";
import * as apiApproval from "~/routes/api.company.approvals.$id";
import * as apiLimits from "~/routes/api.company.limits";
import * as checkoutPage from "~/routes/checkout/route";
import * as placedPage from "~/routes/account.orders_.$orderId.placed";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createInvoicedOrder, createProduct, createUser, SHIPPING, updateCompanyOf } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { mailsDuring } from "./outbox";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;
const db = () => getDb();
const TODAY = ukToday();
const cookies: Record<string, string> = {};
let limited: User; // a company with a £500 limit
let late: User; // a company with an invoice 40 days overdue
let proForma: User; // pays before dispatch
let stopped: User;
let cement: typeof products.$inferSelect; // £100.00 ex VAT, £120.00 inc

beforeAll(async () => {
  await createUser({ email: "boss@wholesale.example.com", role: "admin" });
  await createUser({ email: "ledger@wholesale.example.com", role: "admin", staffRole: "accounts" });
  await createUser({ email: "rep@wholesale.example.com", role: "admin", staffRole: "sales" });
  await createUser({ email: "yard@wholesale.example.com", role: "admin", staffRole: "warehouse" });
  limited = await createUser({ email: "buyer@limited-build.co.uk", businessName: "Limited Build Ltd" });
  late = await createUser({ email: "buyer@late-payers.co.uk", businessName: "Late Payers Ltd" });
  proForma = await createUser({ email: "buyer@cash-first.co.uk", businessName: "Cash First Ltd" });
  stopped = await createUser({ email: "buyer@stopped.co.uk", businessName: "Stopped Ltd" });
  updateCompanyOf(limited.id, { creditLimitPence: 50_000 });
  updateCompanyOf(proForma.id, { paymentTerms: "pro_forma" });
  cement = createProduct({ name: "Cement 25kg pallet", salesPrice: 10_000, stockLevel: 100 });
  // net 30: issued 70 days ago is 40 days overdue
  createInvoicedOrder(late, [{ product: cement, quantity: 1 }], addDaysToDate(TODAY, -70));
  for (const [name, email] of Object.entries({
    admin: "boss@wholesale.example.com",
    accounts: "ledger@wholesale.example.com",
    sales: "rep@wholesale.example.com",
    warehouse: "yard@wholesale.example.com",
    limited: limited.email,
    late: late.email,
    proForma: proForma.email,
    stopped: stopped.email,
  })) {
    cookies[name] = await signIn(email);
  }
});

const stock = () => db().select({ s: products.stockLevel }).from(products).where(eq(products.id, cement.id)).get()!.s;
const orderRow = (id: number) => db().select().from(orders).where(eq(orders.id, id)).get()!;
const invoiceOf = (orderId: number) => db().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get();

function apiOrder(cookie: string, quantity: number) {
  return callRoute(apiOrders.action, buildRequest("/api/orders", { json: { ...SHIPPING, items: [{ productId: cement.id, quantity }] }, cookie }));
}

function release(cookie: string, id: number, body: unknown = { note: "Paid by BACS this morning" }) {
  return callRoute(apiRelease.action, buildRequest(`/api/admin/orders/${id}/release-hold`, { method: "POST", json: body, cookie }), { orderId: String(id) });
}

function setStatus(cookie: string, id: number, status: string) {
  return callRoute(apiStatus.action, buildRequest(`/api/admin/orders/${id}/status`, { method: "PATCH", json: { status }, cookie }), { orderId: String(id) });
}

async function fillCart(cookie: string, quantity: number) {
  const added = await callRoute(apiCartItems.action, buildRequest("/api/cart/items", { json: { productId: cement.id, quantity }, cookie }));
  expect(added.status).toBeLessThan(300);
}

describe("an order over the available credit", () => {
  it("through the API: placed on hold with the reason and what to do, stock taken, no invoice; ships only after an accounts release", async () => {
    const before = stock();
    const placed = await apiOrder(cookies.limited!, 5); // £600.00 inc VAT against £500.00 of credit
    expect(placed.status).toBe(201);
    const body = await readJson(placed);
    expect(body.status).toBe("on_hold");
    expect(body.holdReason).toBe("This order (£600.00 inc VAT) is more than your available credit (£500.00 inc VAT).");
    expect(body.message).toContain("Pay your outstanding invoices, or call us");
    expect(stock()).toBe(before - 5);
    expect(invoiceOf(body.id)).toBeUndefined();

    // nothing but a release moves it on
    expect((await setStatus(cookies.admin!, body.id, "processing")).status).toBe(409);
    const shipped = await setStatus(cookies.warehouse!, body.id, "shipped");
    expect(shipped.status).toBe(409);
    expect((await readJson(shipped)).message).toContain("on credit hold");
    expect(orderRow(body.id).status).toBe("on_hold");

    // sales and the warehouse may not release; a note is required
    expect((await release(cookies.sales!, body.id)).status).toBe(403);
    expect((await release(cookies.warehouse!, body.id)).status).toBe(403);
    const noNote = await release(cookies.accounts!, body.id, { note: "  " });
    expect(noNote.status).toBe(400);
    expect(await readJson(noNote)).toMatchObject({ field: "note" });
    expect(orderRow(body.id).status).toBe("on_hold");

    const mails = await mailsDuring(async () => {
      const released = await release(cookies.accounts!, body.id);
      expect(released.status).toBe(200);
      const answer = await readJson(released);
      expect(answer).toMatchObject({ status: "pending", order: { status: "pending", holdReason: answer.order.holdReason } });
      expect(answer.invoiceNumber).toMatch(/^INV-/);
    });
    const releaseMail = mails.find((mail) => mail.subject === `Order ${body.orderNumber} released from credit hold`);
    expect(invoiceOf(body.id)?.total).toBe(60_000);
    // the invoice issued at release is due on the company's own terms, and the mail says when
    expect(releaseMail?.body).toContain(`Your invoice is due by ${formatInvoiceDate(invoiceOf(body.id)!.dueDate)}.`);
    expect(orderRow(body.id).holdReleasedAt).not.toBeNull();
    const history = auditHistory(db(), "order", body.id);
    expect(history.some((entry) => entry.action === "order.hold_released")).toBe(true);

    // released once: a second release is a conflict
    expect((await release(cookies.accounts!, body.id)).status).toBe(409);
    expect((await setStatus(cookies.warehouse!, body.id, "processing")).status).toBe(200);
    expect((await setStatus(cookies.warehouse!, body.id, "shipped")).status).toBe(200);
  });

  it("through checkout: the page shows the available credit and the coming hold; the placed page says why; accounts release it on Credit control", async () => {
    // the released £600 order is not paid: £500 − £600 leaves nothing available
    await fillCart(cookies.limited!, 1);
    const page = await readJson(await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie: cookies.limited })));
    expect(page.credit).toMatchObject({ creditLimit: 50_000, availableCredit: -10_000 });
    expect(page.credit.hold.kind).toBe("over_limit");
    expect(page.termsNote).toBe("Your order is invoiced on your account's terms: Net 30 days.");

    let location = "";
    const mails = await mailsDuring(async () => {
      const response = await callRoute(
        checkoutPage.action,
        buildRequest("/checkout", { form: { ...SHIPPING, idempotencyKey: page.idempotencyKey }, cookie: cookies.limited }),
      );
      location = redirectLocation(response);
    });
    const orderId = Number(/\/account\/orders\/(\d+)\/placed/.exec(location)![1]);
    expect(orderRow(orderId).status).toBe("on_hold");
    expect(mails.find((mail) => mail.subject.includes("on credit hold"))?.body).toContain("Pay your outstanding invoices, or call us");
    const placed = await readJson(
      await callRoute(placedPage.loader, buildRequest(location, { cookie: cookies.limited }), { orderId: String(orderId) }),
    );
    expect(placed.order).toMatchObject({ status: "on_hold", holdReason: expect.stringContaining("more than your available credit") });
    expect(placed.invoice).toBeNull();

    const queue = await readJson(await callRoute(creditControlPage.loader, buildRequest("/admin/credit-control", { cookie: cookies.accounts })));
    expect(queue.holds.map((hold: { id: number }) => hold.id)).toContain(orderId);
    expect(queue.accounts.map((account: { companyName: string }) => account.companyName)).toContain("Limited Build Ltd");
    // sales are sent back to the back-office home
    expect(redirectLocation(await callRoute(creditControlPage.loader, buildRequest("/admin/credit-control", { cookie: cookies.sales })))).toBe("/admin");

    const empty = await callRoute(creditControlPage.action, buildRequest("/admin/credit-control", { form: { intent: "release-hold", id: String(orderId), note: "" }, cookie: cookies.accounts }));
    expect(empty.status).toBe(400);
    expect(orderRow(orderId).status).toBe("on_hold");
    const done = await callRoute(
      creditControlPage.action,
      buildRequest("/admin/credit-control", { form: { intent: "release-hold", id: String(orderId), note: "Agreed by phone with their MD" }, cookie: cookies.accounts }),
    );
    expect(redirectLocation(done)).toBe("/admin/credit-control");
    expect(orderRow(orderId).status).toBe("pending");
  });

  it("cancelling a held order gives its stock back", async () => {
    const placed = await readJson(await apiOrder(cookies.limited!, 2));
    expect(placed.status).toBe("on_hold");
    const before = stock();
    const mails = await mailsDuring(async () => expect((await setStatus(cookies.admin!, placed.id, "cancelled")).status).toBe(200));
    expect(stock()).toBe(before + 2);
    expect(orderRow(placed.id).status).toBe("cancelled");
    // it never had an invoice, so the mail does not speak of voiding one
    const cancelled = mails.find((mail) => mail.subject === `Order ${placed.orderNumber} cancelled`);
    expect(cancelled?.body).toContain("There is nothing to pay for it.");
    expect(cancelled?.body).not.toContain("voided");
  });
});

describe("an order its company's approvers let through", () => {
  it("is placed on hold too when it is over the company's available credit", async () => {
    const owner = await createUser({ email: "owner@approving-build.co.uk", businessName: "Approving Build Ltd" });
    const companyId = companyIdOf(owner.id);
    const site = await createUser({ email: "site@approving-build.co.uk", companyId, companyRole: "buyer" });
    updateCompanyOf(owner.id, { creditLimitPence: 20_000 });
    const ownerCookie = await signIn(owner.email);
    const siteCookie = await signIn(site.email);
    const limits = await callRoute(
      apiLimits.action,
      buildRequest("/api/company/limits", { method: "PUT", json: { people: [{ id: site.id, orderLimit: "50.00", periodLimit: null, limitPeriod: "none" }] }, cookie: ownerCookie }),
    );
    expect(limits.status).toBe(200);
    const sent = await apiOrder(siteCookie, 2); // £200.00 ex VAT: over the £50 order limit
    expect(sent.status).toBe(202);
    const request = await readJson(sent);
    const approved = await callRoute(
      apiApproval.action,
      buildRequest(`/api/company/approvals/${request.id}`, { method: "POST", json: { decision: "approve" }, cookie: ownerCookie }),
      { id: String(request.id) },
    );
    expect(approved.status).toBe(200);
    const outcome = await readJson(approved);
    // £240.00 inc VAT against £200.00 of credit
    expect(outcome.placed).toMatchObject({ status: "on_hold" });
    expect(orderRow(outcome.placed.orderId)).toMatchObject({ status: "on_hold", holdReason: expect.stringContaining("(£240.00 inc VAT)") });
    expect(invoiceOf(outcome.placed.orderId)).toBeUndefined();
  });
});

describe("an account with an invoice overdue beyond the setting", () => {
  it("goes on hold once accounts turn the overdue rule on, whatever the limit; raising the days lets orders through (both doors)", async () => {
    // off until turned on: the old invoice holds nothing yet
    const before = await readJson(await apiOrder(cookies.late!, 1));
    expect(before.status).toBe("pending");
    const on = await callRoute(
      creditControlPage.action,
      buildRequest("/admin/credit-control", { form: { intent: "settings", overdueHolds: "on", overdueDays: "30" }, cookie: cookies.accounts }),
    );
    expect(redirectLocation(on)).toBe("/admin/credit-control");
    const placed = await readJson(await apiOrder(cookies.late!, 1));
    expect(placed.status).toBe("on_hold");
    expect(placed.holdReason).toContain("40 days overdue");
    expect(placed.holdReason).toContain("more than 30 days");

    const bad = await callRoute(creditControlPage.action, buildRequest("/admin/credit-control", { form: { intent: "settings", overdueHolds: "on", overdueDays: "400" }, cookie: cookies.accounts }));
    expect(bad.status).toBe(400);
    const saved = await callRoute(creditControlPage.action, buildRequest("/admin/credit-control", { form: { intent: "settings", overdueHolds: "on", overdueDays: "45" }, cookie: cookies.accounts }));
    expect(redirectLocation(saved)).toBe("/admin/credit-control");

    await fillCart(cookies.late!, 1);
    const page = await readJson(await callRoute(checkoutPage.loader, buildRequest("/checkout", { cookie: cookies.late })));
    expect(page.credit).toMatchObject({ creditLimit: null, availableCredit: null, hold: null });
    const response = await callRoute(checkoutPage.action, buildRequest("/checkout", { form: { ...SHIPPING, idempotencyKey: page.idempotencyKey }, cookie: cookies.late }));
    const orderId = Number(/\/account\/orders\/(\d+)\/placed/.exec(redirectLocation(response))![1]);
    expect(orderRow(orderId).status).toBe("pending");
    await callRoute(creditControlPage.action, buildRequest("/admin/credit-control", { form: { intent: "settings", overdueHolds: "on", overdueDays: "30" }, cookie: cookies.accounts }));
  });
});

describe("pro forma terms", () => {
  it("an order is not shipped (one by one or in bulk) before its invoice is paid, and the order screen says so", async () => {
    const placed = await readJson(await apiOrder(cookies.proForma!, 1));
    expect(placed.status).toBe("pending");
    const invoice = invoiceOf(placed.id)!;
    expect(invoice.paymentTerms).toBe("pro_forma");
    expect((await setStatus(cookies.warehouse!, placed.id, "processing")).status).toBe(200);

    const refused = await setStatus(cookies.warehouse!, placed.id, "shipped");
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toBe(
      `Order ${placed.orderNumber} is on pro forma terms: invoice ${invoice.invoiceNumber} (£120.00 to pay, inc VAT) must be paid before it is shipped.`,
    );
    const screen = await readJson(await callRoute(adminOrdersPage.loader, buildRequest(`/admin/orders?view=${placed.id}`, { cookie: cookies.warehouse })));
    expect(screen.viewing.awaitingPayment).toContain("must be paid before it is shipped");

    const bulk = await callRoute(
      adminOrdersPage.action,
      buildRequest("/admin/orders", { form: { intent: "bulk-status", ids: String(placed.id), status: "shipped" }, cookie: cookies.warehouse }),
    );
    expect(redirectLocation(bulk)).toBe("/admin/orders");
    expect(orderRow(placed.id).status).toBe("processing");

    const paid = await callRoute(
      apiPayments.action,
      buildRequest(`/api/admin/invoices/sales/${invoice.id}/payments`, { json: { amount: "120.00", paymentMethod: "bank_transfer" }, cookie: cookies.accounts }),
      { id: String(invoice.id) },
    );
    expect(paid.status).toBe(201);
    expect((await setStatus(cookies.warehouse!, placed.id, "shipped")).status).toBe(200);
  });
});

describe("an account on stop", () => {
  it("accounts put it on stop through the credit API with a reason; its buyers cannot order and are told why", async () => {
    const companyId = companyIdOf(stopped.id);
    const put = (cookie: string, body: unknown) =>
      callRoute(apiStop.action, buildRequest(`/api/admin/companies/${companyId}/stop`, { method: "PUT", json: body, cookie }), { id: String(companyId) });
    expect((await put(cookies.warehouse!, { onStop: true, reason: "Cheque bounced" })).status).toBe(403);
    const noReason = await put(cookies.accounts!, { onStop: true });
    expect(noReason.status).toBe(400);
    expect((await put(cookies.accounts!, { onStop: true, reason: "Cheque bounced: call accounts" })).status).toBe(200);
    const refused = await apiOrder(cookies.stopped!, 1);
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).message).toContain("Cheque bounced: call accounts");
    expect((await put(cookies.accounts!, { onStop: false })).status).toBe(200);
    expect((await apiOrder(cookies.stopped!, 1)).status).toBe(201);
  });
});
