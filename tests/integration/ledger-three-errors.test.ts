/**
 * The three errors the books made before they were kept in double entry, each through both doors (the
 * screen's form and the API), read back from the balance sheet as GET /api/admin/accounts shows it:
 * (a) a supplier paid with no account named left equity short by the payment; now the money sits in Suspense
 *     and equity moves by the period's profit alone, which a payment does not change;
 * (b) filing a VAT return took box 5 out of equity; now it moves from VAT on sales and purchases to the
 *     liability to HMRC, and paying HMRC lowers that liability and the bank, equity untouched both times;
 * (c) a completed refund did not reach the books; now its credit note takes the refund's net value off profit
 *     (and so off equity) and its VAT off VAT on sales, is set against the invoice while it owes, and pays the
 *     rest back out of the account named.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, salesInvoices, vatReturns } from "~db/schema";
import { placeOrder } from "~/domain/orders/orders.server";
import { updateOrderStatus } from "~/domain/orders/order-fulfilment.server";
import { updateReturnStatus } from "~/domain/returns/return-processing.server";
import { returnRequestSchema } from "~/domain/returns/return.schema";
import { requestReturn } from "~/domain/returns/returns.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { addMonths, monthOfDate } from "~/domain/vat/vat-period";
import * as root from "~/root";
import * as purchasePage from "~/routes/admin.purchase-invoices/route";
import * as returnsPage from "~/routes/admin.returns/route";
import * as vatPage from "~/routes/admin.vat-returns/route";
import * as apiOverview from "~/routes/api.admin.accounts";
import * as apiAccounts from "~/routes/api.admin.financial-accounts";
import * as apiPurchaseInvoices from "~/routes/api.admin.invoices.purchase";
import * as apiPurchasePayments from "~/routes/api.admin.invoices.purchase.$id.payments";
import * as apiSalesInvoices from "~/routes/api.admin.invoices.sales";
import * as apiManualInvoice from "~/routes/api.admin.invoices.sales.manual";
import * as apiSalesPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import * as apiComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiVatFile from "~/routes/api.admin.vat-returns.$id.file";
import * as apiVatGenerate from "~/routes/api.admin.vat-returns.generate";
import * as apiVatPayments from "~/routes/api.admin.vat-returns.$id.payments";
import { getDb } from "~/utils/db.server";
import { parseDecimalToHundredths } from "~/utils/money";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
const pence = (decimal: string) => parseDecimalToHundredths(decimal)!;
const TODAY = ukToday();
const THIS_MONTH = monthOfDate(TODAY);

let adminCookie: string;
let admin: SessionUser;
let buyer: SessionUser;
let supplierId: string;
let bankId: number;

beforeAll(async () => {
  admin = findSessionUser(db(), (await createUser({ email: "admin@example.com", role: "admin" })).id)!;
  buyer = findSessionUser(db(), (await createUser({ email: "orders@harbour-cafe.co.uk", businessName: "Harbour Cafe" })).id)!;
  supplierId = (await createUser({ email: "sales@northern.example.com", role: "supplier", businessName: "Northern Catering Supplies" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  const bank = await api(apiAccounts.action, "/api/admin/financial-accounts", "POST", { name: "Business Current Account", type: "bank", balance: "5000.00" });
  expect(bank.status).toBe(201);
  bankId = (await readJson(bank)).id;
});

function api(handler: RouteHandler, url: string, method: string, body?: unknown, params: Record<string, string> = {}) {
  return callRoute(handler, buildRequest(url, { method, json: body, cookie: adminCookie }), params);
}

/** A screen's form post, then its redirect followed like a browser: where it lands and the notice flashed. */
async function formPost(action: RouteHandler, url: string, form: Record<string, string | number>) {
  const response = await callRoute(action, buildRequest(url, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie: adminCookie }));
  const location = redirectLocation(response);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: cookieFrom(response, adminCookie) })));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null };
}

/** What GET /api/admin/accounts shows for this month and today, in pence. */
async function books() {
  const response = await api(apiOverview.loader, "/api/admin/accounts", "GET");
  expect(response.status).toBe(200);
  const { profitLoss, balanceSheet: sheet } = await readJson(response);
  const sum = (lines: { amount: string }[]) => lines.reduce((total, line) => total + pence(line.amount), 0);
  // the sheet adds up before anything is read from it
  expect(pence(sheet.assets)).toBe(sum(sheet.parts.assets));
  expect(pence(sheet.liabilities)).toBe(sum(sheet.parts.liabilities));
  expect(pence(sheet.assets)).toBe(pence(sheet.liabilities) + pence(sheet.equity));
  return {
    equity: pence(sheet.equity),
    capital: pence(sheet.parts.equity.capital),
    profit: pence(profitLoss.grossProfit),
    yearProfit: pence(sheet.parts.equity.currentYearProfit),
    suspense: sheet.parts.suspense as string,
    bank: pence(sheet.parts.accounts.find((account: { id: number }) => account.id === bankId).balance),
    receivables: pence(sheet.parts.receivables),
    payables: pence(sheet.parts.payables),
    vatOnSales: pence(sheet.parts.vat.vatOnSales),
    vatOnPurchases: pence(sheet.parts.vat.vatOnPurchases),
    liabilityToHmrc: pence(sheet.parts.vat.liabilityToHmrc),
  };
}
type Books = Awaited<ReturnType<typeof books>>;
const change = (before: Books, after: Books) =>
  Object.fromEntries(
    (Object.keys(after) as (keyof Books)[]).filter((key) => key !== "suspense").map((key) => [key, (after[key] as number) - (before[key] as number)]),
  ) as Record<Exclude<keyof Books, "suspense">, number>;

/** Nothing moved but what is named (pence). */
function expectMoved(before: Books, after: Books, moved: Partial<Record<Exclude<keyof Books, "suspense">, number>>) {
  const changes = change(before, after);
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) expect(changes[key], key).toBe(moved[key] ?? 0);
}

let purchaseCount = 0;
/** A supplier's invoice through the API: one line of `net` pence at 20% VAT, dated `invoiceDate`. */
async function purchaseInvoice(net: number, invoiceDate = TODAY) {
  purchaseCount += 1;
  const response = await api(apiPurchaseInvoices.action, "/api/admin/invoices/purchase", "POST", {
    supplierId,
    invoiceNumber: `NCS-${purchaseCount}`,
    invoiceDate,
    items: [{ description: "Catering sundries", quantity: 1, unitPrice: (net / 100).toFixed(2), vatRate: "20.00" }],
  });
  expect(response.status).toBe(201);
  return (await readJson(response)) as { id: number; invoiceNumber: string };
}

describe("(a) a supplier paid with no account named", () => {
  it("leaves equity where the period's profit leaves it, and the money in Suspense: the form, then the API", async () => {
    const start = await books();
    expect(start.suspense).toBe("0.00");

    // £100.00 + £20.00 VAT owed to the supplier: a cost, so equity falls with profit, by £100.00
    const first = await purchaseInvoice(10_000);
    const owing = await books();
    expectMoved(start, owing, { equity: -10_000, profit: -10_000, yearProfit: -10_000, payables: 12_000, vatOnPurchases: -2_000 });

    // £100.00 of it paid through the screen, naming no account
    const paid = await formPost(purchasePage.action, "/admin/purchase-invoices", { intent: "pay", id: first.id, amount: "100.00", paymentMethod: "bank_transfer" });
    expect(paid.toast).toMatchObject({ title: "Payment recorded", description: expect.stringContaining(`£100.00 against ${first.invoiceNumber}. Outstanding balance: £20.00.`) });
    // the notice says where the money went
    expect(paid.toast!.description).toMatch(/Suspense/);
    const afterForm = await books();
    expectMoved(owing, afterForm, { payables: -10_000 });
    expect(afterForm.suspense).toBe("-100.00");

    // and £100.00 of another through the API, naming none either
    const second = await purchaseInvoice(10_000);
    const before = await books();
    const response = await api(apiPurchasePayments.action, `/api/admin/invoices/purchase/${second.id}/payments`, "POST", { amount: "100.00", paymentMethod: "bank_transfer" }, { id: String(second.id) });
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ payment: { amount: "100.00", financialAccountId: null }, invoice: { outstanding: "20.00" } });
    const after = await books();
    expectMoved(before, after, { payables: -10_000 });
    expect(after.suspense).toBe("-200.00");
  });
});

describe("(b) a VAT return filed, then paid to HMRC", () => {
  const LAST_MONTH = addMonths(THIS_MONTH, -1);
  const MONTH_BEFORE = addMonths(THIS_MONTH, -2);

  /** A month's business: a sale of `sale` pence and a purchase of `purchase` pence, both at 20%. */
  async function monthOf(month: string, sale: number, purchase: number) {
    const response = await api(apiManualInvoice.action, "/api/admin/invoices/sales/manual", "POST", {
      customerId: buyer.id,
      issueDate: `${month}-10`,
      items: [{ description: "Event catering", quantity: 1, unitPrice: (sale / 100).toFixed(2), vatRate: "20.00" }],
    });
    expect(response.status).toBe(201);
    await purchaseInvoice(purchase, `${month}-12`);
  }

  beforeAll(async () => {
    await monthOf(MONTH_BEFORE, 20_000, 10_000); // VAT £40.00 − £20.00: box 5 £20.00
    await monthOf(LAST_MONTH, 30_000, 5_000); // VAT £60.00 − £10.00: box 5 £50.00
    // a return counts what was recorded before its instant, to the millisecond: let the clock move on
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  const returnOf = (month: string) => db().select().from(vatReturns).where(eq(vatReturns.quarter, month)).get()!;

  it("through the screen: filing moves box 5 to the liability to HMRC, paying it lowers that and the bank; equity never moves", async () => {
    const generated = await formPost(vatPage.action, "/admin/vat-returns", { intent: "generate", month: MONTH_BEFORE });
    expect(generated.toast).toMatchObject({ title: "VAT Return generated" });
    const vatReturn = returnOf(MONTH_BEFORE);
    expect(vatReturn).toMatchObject({ box1VatDue: 4_000, box4VatReclaimed: 2_000, box5NetVat: 2_000, isFiled: false });

    const before = await books();
    const filed = await formPost(vatPage.action, "/admin/vat-returns", { intent: "file", id: vatReturn.id });
    expect(filed.toast).toMatchObject({ title: "VAT Return filed" });
    const afterFiling = await books();
    expectMoved(before, afterFiling, { vatOnSales: -4_000, vatOnPurchases: 2_000, liabilityToHmrc: 2_000 });

    // the screen's Record payment to HMRC, leaving the amount blank: all of it
    const paid = await formPost(vatPage.action, "/admin/vat-returns", { intent: "hmrc-payment", id: vatReturn.id, financialAccountId: bankId, amount: "", reference: "HMRC VAT" });
    expect(paid.toast).toMatchObject({ title: "Payment to HMRC recorded" });
    const afterPaying = await books();
    expectMoved(afterFiling, afterPaying, { liabilityToHmrc: -2_000, bank: -2_000 });
  });

  it("through the API: the same, the liability paid in two parts", async () => {
    const generated = await api(apiVatGenerate.action, "/api/admin/vat-returns/generate", "POST", { periodStart: `${LAST_MONTH}-01`, periodEnd: returnPeriodEnd(LAST_MONTH) });
    expect(generated.status).toBe(201);
    const { id } = (await readJson(generated)).vatReturn;
    expect(returnOf(LAST_MONTH)).toMatchObject({ id, box1VatDue: 6_000, box4VatReclaimed: 1_000, box5NetVat: 5_000 });

    const before = await books();
    const filed = await api(apiVatFile.action, `/api/admin/vat-returns/${id}/file`, "POST", undefined, { id: String(id) });
    expect(filed.status).toBe(200);
    const afterFiling = await books();
    expectMoved(before, afterFiling, { vatOnSales: -6_000, vatOnPurchases: 1_000, liabilityToHmrc: 5_000 });

    const pay = (body: Record<string, unknown>) => api(apiVatPayments.action, `/api/admin/vat-returns/${id}/payments`, "POST", { financialAccountId: bankId, ...body }, { id: String(id) });
    // money cannot go to HMRC for a liability before the period it belongs to has ended; nothing moves
    const early = await pay({ amount: "30.00", paymentDate: `${LAST_MONTH}-01` });
    expect(early.status).toBe(400);
    expect(await readJson(early)).toMatchObject({ field: "paymentDate" });
    expectMoved(afterFiling, await books(), {});
    const part = await pay({ amount: "30.00" });
    expect(part.status).toBe(201);
    expect(await readJson(part)).toMatchObject({ payment: { amount: "30.00", direction: "paid_to_hmrc" }, vatReturn: { owed: "50.00", settled: "30.00", remaining: "20.00" } });
    const rest = await pay({});
    expect(await readJson(rest)).toMatchObject({ payment: { amount: "20.00" }, vatReturn: { remaining: "0.00" } });
    const afterPaying = await books();
    expectMoved(afterFiling, afterPaying, { liabilityToHmrc: -5_000, bank: -5_000 });
    expect(afterPaying.liabilityToHmrc).toBe(0);
  });
});

function returnPeriodEnd(month: string) {
  const [year, number] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(year!, number!, 0)).getUTCDate()).padStart(2, "0")}`;
}

describe("(c) a refund of £59.00 completed", () => {
  // £49.17 + 20% VAT (£9.834 → £9.83) = £59.00
  const NET = 4_917;
  const VAT = 983;
  const GROSS = 5_900;
  let descaler: ReturnType<typeof createProduct>;

  beforeAll(() => {
    descaler = createProduct({ name: "Urn Descaler 5L", salesPrice: NET, vatRate: 2000, stockLevel: 50 });
  });

  /** A delivered order of one descaler, its invoice, and an approved refund return of it. */
  async function approvedRefund() {
    const placed = await placeOrder(db(), buyer, {
      shippingName: "Goods In",
      shippingEmail: "orders@harbour-cafe.co.uk",
      shippingAddress: "4 Quay Street",
      shippingCity: "Whitby",
      shippingPostcode: "YO21 3PR",
      idempotencyKey: null,
      voucherCode: null,
      lines: [{ productId: descaler.id, quantity: 1 }],
    });
    if (!placed.ok) throw new Error(placed.message);
    if (placed.value.kind !== "placed") throw new Error("The order was sent for approval");
    const orderId = placed.value.orderId;
    for (const status of ["processing", "shipped", "delivered"] as const) expect((await updateOrderStatus(db(), admin, orderId, status)).ok).toBe(true);
    const invoice = db().select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId)).get()!;
    expect(invoice.total).toBe(GROSS);
    const line = db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).get()!;
    const requested = requestReturn(db(), buyer, returnRequestSchema.parse({ orderId, items: [{ orderItemId: line.id, quantity: 1 }], returnType: "refund", reason: "Damaged in transit", customerNotes: "" }));
    if (!requested.ok) throw new Error(requested.message);
    expect((await updateReturnStatus(db(), admin, requested.value.id, { status: "approved", adminNotes: null })).ok).toBe(true);
    return { returnId: requested.value.id, invoice };
  }

  /** The invoice as GET /api/admin/invoices/sales shows it. */
  async function invoiceJson(invoiceNumber: string) {
    const rows = await readJson(await api(apiSalesInvoices.loader, `/api/admin/invoices/sales?q=${invoiceNumber}`, "GET"));
    expect(rows).toHaveLength(1);
    return rows[0] as { outstanding: string; amountPaid: string; status: string };
  }

  async function payInvoice(invoiceId: number, amount: string) {
    const response = await api(apiSalesPayments.action, `/api/admin/invoices/sales/${invoiceId}/payments`, "POST", { amount, paymentMethod: "bank_transfer", financialAccountId: bankId }, { id: String(invoiceId) });
    expect(response.status).toBe(201);
  }

  it("on an unpaid invoice, through the screen: set against what it owes; equity falls by the £49.17 net, as profit does", async () => {
    const { returnId, invoice } = await approvedRefund();
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "59.00" });
    const before = await books();

    const done = await formPost(returnsPage.action, "/admin/returns", { intent: "complete", id: returnId });
    expect(done.toast).toMatchObject({ title: "Return completed" });
    const after = await books();
    expectMoved(before, after, { equity: -NET, profit: -NET, yearProfit: -NET, vatOnSales: -VAT, receivables: -GROSS });
    expect(after.suspense).toBe(before.suspense);
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "0.00", amountPaid: "0.00" });
  });

  it("on a paid invoice, through the API naming the bank: the £59.00 goes out of the bank, nothing is owed either way", async () => {
    const { returnId, invoice } = await approvedRefund();
    await payInvoice(invoice.id, "59.00");
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "0.00", amountPaid: "59.00" });
    const before = await books();

    const response = await api(apiComplete.action, `/api/admin/returns/${returnId}/complete`, "POST", { financialAccountId: bankId }, { id: String(returnId) });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ status: "completed", refundAmount: "59.00" });
    const after = await books();
    expectMoved(before, after, { equity: -NET, profit: -NET, yearProfit: -NET, vatOnSales: -VAT, bank: -GROSS });
    expect(after.suspense).toBe(before.suspense);
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "0.00", amountPaid: "59.00" });
  });

  it("on a part-paid invoice, through the screen naming the bank: £39.00 off what it owes, £20.00 back out of the bank", async () => {
    const { returnId, invoice } = await approvedRefund();
    await payInvoice(invoice.id, "20.00");
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "39.00" });
    const before = await books();

    const done = await formPost(returnsPage.action, "/admin/returns", { intent: "complete", id: returnId, financialAccountId: bankId });
    expect(done.toast).toMatchObject({ title: "Return completed" });
    const after = await books();
    expectMoved(before, after, { equity: -NET, profit: -NET, yearProfit: -NET, vatOnSales: -VAT, receivables: -3_900, bank: -2_000 });
    expect(after.suspense).toBe(before.suspense);
    expect(await invoiceJson(invoice.invoiceNumber)).toMatchObject({ outstanding: "0.00", amountPaid: "20.00" });
  });

  it("with no account named, pays what the invoice no longer owed back through Suspense", async () => {
    const { returnId, invoice } = await approvedRefund();
    await payInvoice(invoice.id, "59.00");
    const before = await books();
    const response = await api(apiComplete.action, `/api/admin/returns/${returnId}/complete`, "POST", undefined, { id: String(returnId) });
    expect(response.status).toBe(200);
    const after = await books();
    expectMoved(before, after, { equity: -NET, profit: -NET, yearProfit: -NET, vatOnSales: -VAT });
    expect(pence(after.suspense) - pence(before.suspense)).toBe(-GROSS);
  });
});
