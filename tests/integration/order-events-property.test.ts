/**
 * Random sequences of what happens to orders in a real business — place (with or without a voucher), pay
 * (sometimes too much, into the bank or with no account named), approve, reject, move on, cancel, return and
 * complete (a refund paid back from the bank or from nowhere named), redeem points, receive a purchase order,
 * a supplier's invoice (dated today or last month) and paying it, a manual sales invoice, last month's VAT
 * return generated and filed, and paying HMRC — each through its real use case. After every step the stock,
 * money, points and ledger rules of tests/support/invariants.ts must hold, the VAT accounts must hold what the
 * returns not yet filed would declare, and the balance sheet's equity must have moved by the profit alone,
 * whichever steps were refused on the way. A company's buyer with spending limits (changed now and then by the
 * company admin) sends orders over them for approval, which its approver approves (at today's prices when
 * asked to), rejects, or the buyer withdraws: a request is placed at most once, as one order, and takes stock
 * only then. A company with a credit limit orders over it and its orders go on credit hold, which accounts release
 * (or a held order is cancelled); a pro forma company's orders are shipped only once paid: no order leaves hold
 * without a release (or a cancel), a held order has no invoice, and no pro forma order ships unpaid.
 */
import fc from "fast-check";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  approvalRequests,
  creditNotes,
  loyaltyRewards,
  orderItems,
  orders,
  purchaseInvoices,
  returns,
  salesInvoices,
  vatReturns,
  vouchers,
} from "~db/schema";
import { updateCompanyLimits, withdrawApproval } from "~/domain/companies/approvals.server";
import { companyLimitsSchema } from "~/domain/companies/approvals.schema";
import { decideOrderApproval } from "~/domain/orders/company-approval.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { recordPurchasePayment } from "~/domain/invoices/purchase-invoice-payments.server";
import { purchaseInvoiceSchema } from "~/domain/invoices/purchase-invoice.schema";
import { createPurchaseInvoice } from "~/domain/invoices/purchase-invoices.server";
import { manualInvoiceSchema } from "~/domain/invoices/sales-invoice.schema";
import { balanceSheetAt } from "~/domain/finance/accounts-figures.server";
import { createFinancialAccount } from "~/domain/finance/financial-accounts.server";
import { financialAccountSchema } from "~/domain/finance/financial-account.schema";
import { computeVatFigures } from "~/domain/vat/vat-figures.server";
import { addMonths, monthOfDate } from "~/domain/vat/vat-period";
import { fileVatReturn, generateVatReturn, regenerateVatReturn } from "~/domain/vat/vat-return-changes.server";
import { recordVatPayment, vatSettlement } from "~/domain/vat/vat-payments.server";
import { redeemReward } from "~/domain/loyalty/loyalty-account.server";
import { approveOrder, rejectOrder } from "~/domain/orders/order-approvals.server";
import { releaseCreditHold } from "~/domain/credit/credit-holds.server";
import { updateOrderStatus } from "~/domain/orders/order-fulfilment.server";
import { placeOrder } from "~/domain/orders/orders.server";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-create.server";
import { updatePurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status.server";
import { completeReturn } from "~/domain/returns/return-completion.server";
import { updateReturnStatus } from "~/domain/returns/return-processing.server";
import { returnRequestSchema } from "~/domain/returns/return.schema";
import { requestReturn } from "~/domain/returns/returns.server";
import { createPurchaseOrderSchema } from "~/domain/purchasing/purchase-order.schema";
import { recordOpeningStock } from "~/domain/catalog/stock-movements.server";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { getDb } from "~/utils/db.server";
import { allProblems, ledgerProblems, stockBaseline, type StockBaseline } from "../support/invariants";
import { companyIdOf, createProduct, createUser, updateCompanyOf } from "./factories";

const SHIPPING = {
  shippingName: "Goods In",
  shippingEmail: "goods-in@example.com",
  shippingAddress: "Unit 4, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};
const RUNS = 80;
const MAX_STEPS = 40;

const db = () => getDb();
let admin: SessionUser;
let customers: SessionUser[];
/** a company with limits: its admin sets them, its buyer orders, its approver decides */
let limited: { owner: SessionUser; buyer: SessionUser; approver: SessionUser };
/** a merchant with a £100.00 credit limit, and a company on pro forma terms */
let credit: SessionUser[];
let supplierId: string;
let productIds: number[];
let rewardIds: number[];
let baseline: StockBaseline;
let bankId: number;
let purchaseCount = 0;
const TODAY = ukToday();
const THIS_MONTH = monthOfDate(TODAY);
const LAST_MONTH = addMonths(THIS_MONTH, -1);
/** A day of last month for documents dated then (the 15th is in every month). */
const LAST_MONTH_DAY = `${LAST_MONTH}-15`;

beforeAll(async () => {
  admin = findSessionUser(db(), (await createUser({ email: "admin@example.com", role: "admin" })).id)!;
  customers = [
    await createUser({ email: "cafe@example.com" }),
    await createUser({ email: "hotel@example.com" }),
    await createUser({ email: "school@example.com", requiresApproval: true }),
  ].map((user) => findSessionUser(db(), user.id)!);
  supplierId = (await createUser({ email: "supplier@example.com", role: "supplier" })).id;
  const owner = await createUser({ email: "owner@builders.example.com", businessName: "Builders Ltd" });
  const companyId = companyIdOf(owner.id);
  limited = {
    owner: findSessionUser(db(), owner.id)!,
    buyer: findSessionUser(db(), (await createUser({ email: "site@builders.example.com", companyId, companyRole: "buyer" })).id)!,
    approver: findSessionUser(db(), (await createUser({ email: "qs@builders.example.com", companyId, companyRole: "approver" })).id)!,
  };
  const merchant = await createUser({ email: "accounts@merchant.example.com", businessName: "Merchant Ltd" });
  updateCompanyOf(merchant.id, { creditLimitPence: 10_000 });
  const cashFirst = await createUser({ email: "buyer@cash-first.example.com", businessName: "Cash First Ltd" });
  updateCompanyOf(cashFirst.id, { paymentTerms: "pro_forma" });
  credit = [findSessionUser(db(), merchant.id)!, findSessionUser(db(), cashFirst.id)!];
  productIds = [
    { name: "Bleach 5L", salesPrice: 600, vatRate: 2000 },
    { name: "Paper Cups", salesPrice: 250, vatRate: 0 },
    { name: "Fuel Pellets", salesPrice: 1299, vatRate: 500 },
    { name: "Mop Heads", salesPrice: 333, vatRate: 2000 },
  ].map((values, index) => {
    const opening = [25, 60, 12, 8][index]!;
    const product = createProduct({ ...values, stockLevel: opening, costPrice: Math.floor(values.salesPrice / 2) });
    recordOpeningStock(db(), product.id, opening);
    return product.id;
  });
  rewardIds = [
    { name: "£5 off", pointsCost: 10, rewardType: "discount_fixed" as const, rewardValue: 500 },
    { name: "10% off", pointsCost: 25, rewardType: "discount_percentage" as const, rewardValue: 1000 },
  ].map((values) => db().insert(loyaltyRewards).values(values).returning().get().id);
  const bank = createFinancialAccount(db(), admin, financialAccountSchema.parse({ name: "Business Current", type: "bank", balance: "5000.00" }));
  if (!bank.ok) throw new Error(bank.message);
  bankId = bank.value.id;
  baseline = stockBaseline(db().$client);
});

/**
 * Box 5 of every month with no filed return, worked out now by the return's own rule: each month from the
 * first document's to this one (a month with nothing of its own still takes the late entries of a filed
 * month before it).
 */
function unfiledNetVat(): number {
  // a second ahead: the return counts what was recorded before its instant, and the step just run may share this millisecond
  const now = new Date(Date.now() + 1000);
  const first = db().$client
    .prepare(
      `select min(d) as d from (select min(issue_date) as d from sales_invoices union all select min(invoice_date) from purchase_invoices
         union all select min(issue_date) from credit_notes)`,
    )
    .get() as { d: string | null };
  if (!first.d) return 0;
  const filed = new Set(db().select({ month: vatReturns.quarter }).from(vatReturns).where(eq(vatReturns.isFiled, true)).all().map((r) => r.month));
  let total = 0;
  for (let month = monthOfDate(first.d); month <= THIS_MONTH; month = addMonths(month, 1)) {
    if (!filed.has(month)) total += computeVatFigures(db(), month, now).boxes.box5NetVat;
  }
  return total;
}

/** The balance sheet today as the Accounts screen draws it: equity's parts, and its two sides. */
function equityNow() {
  const sheet = balanceSheetAt(db(), TODAY);
  return {
    capital: sheet.equity.capital,
    profit: sheet.equity.retainedEarnings + sheet.equity.currentYearProfit,
    total: sheet.equity.total,
    netAssets: sheet.assets.total - sheet.liabilities.total,
  };
}
type Equity = ReturnType<typeof equityNow>;

/** Equity moved by exactly the profit's change (no step puts capital in or takes it out), and the sheet balances. */
function equityProblems(before: Equity, after: Equity): string[] {
  const problems: string[] = [];
  if (after.capital !== before.capital) problems.push(`capital moved from ${before.capital} to ${after.capital}`);
  if (after.total - before.total !== after.profit - before.profit) {
    problems.push(`equity moved by ${after.total - before.total}, profit by ${after.profit - before.profit}`);
  }
  if (after.netAssets !== after.total) problems.push(`balance sheet: assets − liabilities ${after.netAssets} ≠ equity ${after.total}`);
  return problems;
}

/** Picks the n-th of what is there (the arbitraries give plain numbers; the state decides what they mean). */
const pick = <T,>(items: readonly T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);

const ordersWith = (...statuses: string[]) =>
  db().select().from(orders).all().filter((o) => statuses.includes(o.status) && o.channel !== "exchange");

type Step =
  | { kind: "place"; customer: number; lines: { product: number; quantity: number }[]; voucher: boolean }
  | { kind: "pay"; invoice: number; share: number; over: boolean; bank: boolean }
  | { kind: "approve" | "reject" | "advance" | "cancel"; order: number }
  | { kind: "return"; order: number; share: number; exchange: boolean; complete: boolean; bank: boolean }
  | { kind: "redeem"; customer: number; reward: number }
  | { kind: "receive"; product: number; quantity: number }
  | { kind: "purchase"; lastMonth: boolean; pence: number; vat: "20" | "5" | "0" }
  | { kind: "payPurchase"; invoice: number; share: number; bank: boolean }
  | { kind: "manualSale"; customer: number; lastMonth: boolean; pence: number }
  | { kind: "fileVat" }
  | { kind: "payVat"; share: number }
  | { kind: "setLimits"; orderLimit: number | null; periodLimit: number | null; period: "daily" | "weekly" | "monthly" | "yearly" }
  | { kind: "placeLimited"; lines: { product: number; quantity: number }[] }
  | { kind: "decide"; request: number; approve: boolean; confirm: boolean }
  | { kind: "withdraw"; request: number }
  | { kind: "placeCredit"; customer: number; lines: { product: number; quantity: number }[] }
  | { kind: "release"; order: number };

const n = fc.nat({ max: 1000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("place" as const), customer: n, voucher: fc.boolean(), lines: fc.array(fc.record({ product: n, quantity: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 3 }) }) },
  // half the payments settle the whole invoice, so a refund later has money to pay back
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("pay" as const), invoice: n, share: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })), over: fc.boolean(), bank: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("approve" as const, "reject" as const), order: n }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), order: n }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), order: n }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("return" as const), order: n, share: fc.integer({ min: 1, max: 100 }), exchange: fc.boolean(), complete: fc.boolean(), bank: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("redeem" as const), customer: n, reward: n }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("receive" as const), product: n, quantity: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("purchase" as const), lastMonth: fc.boolean(), pence: fc.integer({ min: 1, max: 50_000 }), vat: fc.constantFrom("20" as const, "5" as const, "0" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("payPurchase" as const), invoice: n, share: fc.integer({ min: 1, max: 100 }), bank: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("manualSale" as const), customer: n, lastMonth: fc.boolean(), pence: fc.integer({ min: 1, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("fileVat" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("payVat" as const), share: fc.integer({ min: 1, max: 100 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("setLimits" as const),
      orderLimit: fc.option(fc.integer({ min: 100, max: 10_000 })),
      periodLimit: fc.option(fc.integer({ min: 500, max: 30_000 })),
      period: fc.constantFrom("daily" as const, "weekly" as const, "monthly" as const, "yearly" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("placeLimited" as const), lines: fc.array(fc.record({ product: n, quantity: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("decide" as const), request: n, approve: fc.boolean(), confirm: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), request: n }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("placeCredit" as const), customer: n, lines: fc.array(fc.record({ product: n, quantity: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("release" as const), order: n }) },
);

/**
 * Credit holds: an order that was ever held (it keeps its hold reason) has left hold only by a release (audited,
 * dated) or a cancel; while held it has no invoice; a pro forma order is shipped only once its invoice is paid.
 */
function creditProblems(): string[] {
  const problems: string[] = [];
  const released = new Set(
    (db().$client.prepare("select entity_id as id from audit_logs where action = 'order.hold_released'").all() as { id: string }[]).map((row) => Number(row.id)),
  );
  for (const order of db().select().from(orders).all()) {
    const invoice = db().select().from(salesInvoices).where(eq(salesInvoices.orderId, order.id)).get();
    if (order.status === "on_hold" && invoice) problems.push(`held order ${order.orderNumber} has invoice ${invoice.invoiceNumber}`);
    if (order.holdReason !== null && order.status !== "on_hold" && order.status !== "cancelled" && (!released.has(order.id) || order.holdReleasedAt === null)) {
      problems.push(`order ${order.orderNumber} left credit hold (now ${order.status}) without a release`);
    }
    if ((order.status === "shipped" || order.status === "delivered") && invoice?.paymentTerms === "pro_forma" && invoice.amountPaid + invoice.creditedAmount < invoice.total) {
      problems.push(`pro forma order ${order.orderNumber} is ${order.status} with invoice ${invoice.invoiceNumber} unpaid`);
    }
  }
  return problems;
}

const waitingRequests = () => db().select().from(approvalRequests).where(eq(approvalRequests.status, "waiting")).all();

/** A request is placed once, as one order of the person who sent it; one that is not placed has no order. */
function approvalProblems(): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const request of db().select().from(approvalRequests).all()) {
    if ((request.status === "placed") !== (request.orderId !== null)) problems.push(`request ${request.id} is ${request.status} with order ${request.orderId}`);
    if (request.orderId === null) continue;
    if (seen.has(request.orderId)) problems.push(`order ${request.orderId} placed by two requests`);
    seen.add(request.orderId);
    const order = db().select().from(orders).where(eq(orders.id, request.orderId)).get();
    if (!order || order.userId !== request.userId) problems.push(`request ${request.id}'s order ${request.orderId} is not its sender's`);
  }
  return problems;
}

const pounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;

const NEXT_STATUS: Record<string, "processing" | "shipped" | "delivered"> = {
  // refused: a held order moves on only by a release
  on_hold: "processing",
  pending: "processing",
  processing: "shipped",
  shipped: "delivered",
};

/** Runs one step through the use cases; a refusal is a normal outcome, only the invariants judge. */
async function run(s: Step): Promise<string> {
  switch (s.kind) {
    case "place": {
      const customer = pick(customers, s.customer)!;
      const voucher = s.voucher
        ? db().select().from(vouchers).where(and(eq(vouchers.userId, customer.id), isNull(vouchers.usedAt))).get()
        : undefined;
      const lines = [...new Map(s.lines.map((l) => [pick(productIds, l.product)!, l.quantity])).entries()].map(([productId, quantity]) => ({ productId, quantity }));
      const placed = await placeOrder(db(), customer, { ...SHIPPING, idempotencyKey: null, lines, voucherCode: voucher?.code ?? null });
      return placed.ok ? "placed" : `place refused ${placed.status}`;
    }
    case "pay": {
      const open = db().select().from(salesInvoices).all().filter((i) => i.status !== "void" && i.amountPaid < i.total);
      const invoice = pick(open, s.invoice);
      if (!invoice) return "nothing to pay";
      const outstanding = invoice.total - invoice.amountPaid;
      const amount = s.over ? outstanding + 1 : Math.max(1, Math.floor((outstanding * s.share) / 100));
      const financialAccountId = s.bank ? bankId : undefined;
      const paid = recordPayment(db(), admin, invoice.id, { amount, paymentMethod: "bank_transfer", reference: null, notes: null, paymentDate: undefined, financialAccountId } as never);
      return paid.ok ? (s.bank ? "paid" : "paid to suspense") : `pay refused ${paid.status}`;
    }
    case "approve":
    case "reject": {
      const order = pick(ordersWith("pending_approval"), s.order);
      if (!order) return "nothing to approve";
      const done = s.kind === "approve" ? await approveOrder(db(), admin, order.id) : await rejectOrder(db(), admin, order.id);
      return done.ok ? s.kind : `${s.kind} refused ${done.status}`;
    }
    case "advance": {
      const order = pick(ordersWith("pending", "processing", "shipped", "on_hold"), s.order);
      if (!order) return "nothing to move";
      const moved = await updateOrderStatus(db(), admin, order.id, NEXT_STATUS[order.status]!);
      return moved.ok ? `to ${NEXT_STATUS[order.status]}` : `move refused ${moved.status}`;
    }
    case "cancel": {
      const order = pick(ordersWith("pending", "pending_approval", "on_hold", "processing", "shipped", "delivered"), s.order);
      if (!order) return "nothing to cancel";
      const cancelled = await updateOrderStatus(db(), admin, order.id, "cancelled");
      return cancelled.ok ? "cancelled" : `cancel refused ${cancelled.status}`;
    }
    case "return": {
      const order = pick(ordersWith("delivered"), s.order);
      if (!order) return "nothing to return";
      const line = db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).get()!;
      const parsed = returnRequestSchema.safeParse({
        orderId: order.id,
        items: [{ orderItemId: line.id, quantity: Math.max(1, Math.floor((line.quantity * s.share) / 100)) }],
        returnType: s.exchange ? "exchange" : "refund",
        reason: "Damaged in transit",
        customerNotes: "",
      });
      if (!parsed.success) return "return form refused";
      const customer = [...customers, limited.buyer, ...credit].find((c) => c.id === order.userId)!;
      const requested = requestReturn(db(), customer, parsed.data);
      if (!requested.ok) return `return refused ${requested.status}`;
      const approved = await updateReturnStatus(db(), admin, requested.value.id, { status: "approved", adminNotes: null });
      if (!approved.ok || !s.complete) return "return approved";
      // the order may have moved on in between in a real shop; here the completion comes straight after
      const completed = await completeReturn(db(), admin, requested.value.id, null, s.bank ? { financialAccountId: bankId } : {});
      if (!completed.ok) return `complete refused ${completed.status}`;
      if (s.exchange) return "exchange completed";
      const note = db().select().from(creditNotes).where(eq(creditNotes.returnId, requested.value.id)).get();
      if (!note || note.refundedAmount === 0) return "refund credited to the invoice";
      return s.bank ? "refund paid back from the bank" : "refund paid back from suspense";
    }
    case "redeem": {
      const customer = pick(customers, s.customer)!;
      const redeemed = redeemReward(db(), customer, pick(rewardIds, s.reward)!, null);
      return redeemed.ok ? "redeemed" : `redeem refused ${redeemed.status}`;
    }
    case "receive": {
      const input = createPurchaseOrderSchema.parse({ supplierId, items: [{ productId: pick(productIds, s.product)!, quantity: s.quantity }] });
      const created = createPurchaseOrder(db(), admin, input);
      if (!created.ok) return `PO refused ${created.status}`;
      for (const status of ["sent", "received"] as const) {
        const moved = await updatePurchaseOrderStatus(db(), admin, created.value.id, { status });
        if (!moved.ok) return `PO ${status} refused`;
      }
      return "received";
    }
    case "purchase": {
      purchaseCount += 1;
      const input = purchaseInvoiceSchema.parse({
        supplierId,
        invoiceNumber: `PROP-${purchaseCount}`,
        invoiceDate: s.lastMonth ? LAST_MONTH_DAY : TODAY,
        items: [{ description: "Cleaning supplies", quantity: 1, unitPrice: pounds(s.pence), vatRate: s.vat }],
      });
      const created = createPurchaseInvoice(db(), admin, input);
      return created.ok ? (s.lastMonth ? "purchase last month" : "purchase") : `purchase refused ${created.status}`;
    }
    case "payPurchase": {
      const open = db().select().from(purchaseInvoices).all().filter((i) => i.status !== "void" && i.amountPaid < i.total);
      const invoice = pick(open, s.invoice);
      if (!invoice) return "no purchase to pay";
      const amount = Math.max(1, Math.floor(((invoice.total - invoice.amountPaid) * s.share) / 100));
      const paid = recordPurchasePayment(db(), admin, invoice.id, {
        amount,
        paymentMethod: "bank_transfer",
        paymentDate: null,
        reference: null,
        notes: null,
        financialAccountId: s.bank ? bankId : undefined,
      });
      return paid.ok ? (s.bank ? "supplier paid" : "supplier paid from suspense") : `supplier payment refused ${paid.status}`;
    }
    case "manualSale": {
      const input = manualInvoiceSchema.parse({
        customerId: pick(customers, s.customer)!.id,
        issueDate: s.lastMonth ? LAST_MONTH_DAY : TODAY,
        items: [{ description: "Deep clean", quantity: 1, unitPrice: pounds(s.pence), vatRate: "20" }],
      });
      const created = createManualInvoice(db(), admin, input);
      return created.ok ? (s.lastMonth ? "manual invoice last month" : "manual invoice") : `manual invoice refused ${created.status}`;
    }
    case "fileVat": {
      const existing = db().select().from(vatReturns).where(eq(vatReturns.quarter, LAST_MONTH)).get();
      if (existing?.isFiled) return "last month already filed";
      // file once last month has some business in it, so there is VAT to pay (or reclaim) afterwards
      const { documents } = db().$client
        .prepare(
          `select (select count(*) from sales_invoices where issue_date like @month) + (select count(*) from purchase_invoices where invoice_date like @month) as documents`,
        )
        .get({ month: `${LAST_MONTH}-%` }) as { documents: number };
      if (documents < 3) return "last month not ready to file";
      const generated = existing ? regenerateVatReturn(db(), admin, existing.id) : generateVatReturn(db(), admin, { month: LAST_MONTH });
      if (!generated.ok) return `generate refused ${generated.status}`;
      const filed = fileVatReturn(db(), admin, generated.value.vatReturn.id);
      return filed.ok ? "VAT filed" : `file refused ${filed.status}`;
    }
    case "setLimits": {
      const input = companyLimitsSchema.parse({
        people: [
          {
            id: limited.buyer.id,
            orderLimit: s.orderLimit === null ? null : pounds(s.orderLimit),
            periodLimit: s.periodLimit === null ? null : pounds(s.periodLimit),
            limitPeriod: s.periodLimit === null ? "none" : s.period,
          },
        ],
      });
      const set = updateCompanyLimits(db(), limited.owner, input);
      return set.ok ? "limits set" : `limits refused ${set.status}`;
    }
    case "placeLimited": {
      const lines = [...new Map(s.lines.map((l) => [pick(productIds, l.product)!, l.quantity])).entries()].map(([productId, quantity]) => ({ productId, quantity }));
      const placed = await placeOrder(db(), limited.buyer, { ...SHIPPING, idempotencyKey: null, lines });
      if (!placed.ok) return `place refused ${placed.status}`;
      return placed.value.kind === "placed" ? "placed within limits" : "sent for approval";
    }
    case "decide": {
      const request = pick(waitingRequests(), s.request);
      if (!request) return "nothing to decide";
      const decided = await decideOrderApproval(db(), limited.approver, request.id, {
        decision: s.approve ? "approve" : "reject",
        reason: s.approve ? null : "Over budget",
        confirmPriceChanges: s.confirm,
      });
      if (!decided.ok) return `${s.approve ? "approval" : "rejection"} refused ${decided.status}`;
      return s.approve ? "approved and placed" : "request rejected";
    }
    case "withdraw": {
      const request = pick(waitingRequests(), s.request);
      if (!request) return "nothing to withdraw";
      const withdrawn = withdrawApproval(db(), limited.buyer, request.id);
      return withdrawn.ok ? "request withdrawn" : `withdraw refused ${withdrawn.status}`;
    }
    case "placeCredit": {
      const customer = pick(credit, s.customer)!;
      const lines = [...new Map(s.lines.map((l) => [pick(productIds, l.product)!, l.quantity])).entries()].map(([productId, quantity]) => ({ productId, quantity }));
      const placed = await placeOrder(db(), customer, { ...SHIPPING, idempotencyKey: null, lines });
      if (!placed.ok) return `place refused ${placed.status}`;
      return placed.value.kind === "placed" && placed.value.status === "on_hold" ? "placed on hold" : "placed within credit";
    }
    case "release": {
      const order = pick(ordersWith("on_hold"), s.order);
      if (!order) return "nothing to release";
      const released = await releaseCreditHold(db(), admin, order.id, { note: "Paid by BACS" });
      return released.ok ? "hold released" : `release refused ${released.status}`;
    }
    case "payVat": {
      const row = db().select().from(vatReturns).where(and(eq(vatReturns.quarter, LAST_MONTH), eq(vatReturns.isFiled, true))).get();
      if (!row) return "no VAT return to pay";
      const { remaining } = vatSettlement(db(), row);
      if (remaining === 0) return row.box5NetVat === 0 ? "VAT nil" : "VAT settled";
      const amount = s.share >= 50 ? undefined : Math.max(1, Math.floor((remaining * s.share) / 50));
      const paid = recordVatPayment(db(), admin, row.id, { amount, financialAccountId: bankId, paymentDate: null, reference: null });
      return paid.ok ? (row.box5NetVat > 0 ? "VAT paid" : "VAT repaid") : `VAT payment refused ${paid.status}`;
    }
  }
}

describe("whatever order events come in", () => {
  it(`stock, invoices, points and the books stay consistent over ${RUNS} random sequences of up to ${MAX_STEPS} steps`, async () => {
    let steps = 0;
    const outcomes = new Map<string, number>();
    let equity = equityNow();
    expect(ledgerProblems(db().$client, { unfiledNetVat: unfiledNetVat() })).toEqual([]);
    await fc.assert(
      // "medium": sequences long enough for an order to be delivered, paid, returned and refunded in one run
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: MAX_STEPS, size: "medium" }), async (sequence) => {
        const log: string[] = [];
        for (const s of sequence) {
          const outcome = await run(s);
          steps++;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          log.push(`${JSON.stringify(s)} → ${outcome}`);
          const after = equityNow();
          const problems = [
            ...allProblems(db().$client, baseline),
            ...ledgerProblems(db().$client, { unfiledNetVat: unfiledNetVat() }),
            ...equityProblems(equity, after),
            ...approvalProblems(),
            ...creditProblems(),
          ];
          equity = after;
          if (problems.length) throw new Error(`${problems.join("\n")}\nafter:\n${log.join("\n")}`);
        }
      }),
      // the database is shared between runs (state carries over, which only widens what is tried), so
      // shrinking would replay on a different state: report the first failure as it happened
      { numRuns: RUNS, endOnFailure: true, seed: Number(process.env.PROPERTY_SEED ?? 20261125) },
    );
    const counts = Object.fromEntries([...outcomes.entries()].sort());
    console.log(`${steps} steps over ${RUNS} runs:`, counts);
    // the sequences reached the interesting places, not only refusals
    for (const reached of [
      "placed",
      "paid",
      "paid to suspense",
      "cancelled",
      "exchange completed",
      "refund credited to the invoice",
      "refund paid back from the bank",
      "refund paid back from suspense",
      "redeemed",
      "received",
      "to delivered",
      "purchase",
      "purchase last month",
      "supplier paid",
      "supplier paid from suspense",
      "manual invoice last month",
      "VAT filed",
      "limits set",
      "sent for approval",
      "approved and placed",
      "request rejected",
      "placed on hold",
      "hold released",
    ]) {
      expect(outcomes.get(reached) ?? 0, reached).toBeGreaterThan(0);
    }
    expect((outcomes.get("VAT paid") ?? 0) + (outcomes.get("VAT repaid") ?? 0), "VAT paid or repaid").toBeGreaterThan(0);
    expect(db().select().from(returns).all().length).toBeGreaterThan(0);
    // about 1,300 steps, each checked against the whole database: about 20 s of one core, far more on a busy
    // machine, so the limit is only there to end a run that hangs
  }, 240_000);

  it("the ledger's checks catch a document written without its journal, and a one-sided entry", () => {
    expect(ledgerProblems(db().$client, { unfiledNetVat: unfiledNetVat() })).toEqual([]);
    class RolledBack extends Error {
      constructor(public problems: string[]) {
        super("rolled back");
      }
    }
    const problemsIf = (write: () => void) => {
      try {
        db().$client.transaction(() => {
          write();
          throw new RolledBack(ledgerProblems(db().$client, { unfiledNetVat: unfiledNetVat() }));
        })();
      } catch (error) {
        if (error instanceof RolledBack) return error.problems;
        throw error;
      }
      return [];
    };
    // £100.00 + £20.00 VAT owed to a supplier, straight into the table
    const unposted = problemsIf(() =>
      db().insert(purchaseInvoices).values({ supplierId, invoiceNumber: "NO-JOURNAL", invoiceDate: TODAY, subtotal: 10_000, vatAmount: 2_000, total: 12_000 }).run(),
    );
    expect(unposted).toEqual([
      expect.stringMatching(/^2100 Trade creditors is -?\d+; purchase invoices owe \d+$/),
      expect.stringMatching(/^2200 VAT on sales -?\d+ \+ 2201 VAT on purchases -?\d+ ≠ −\(box 5 of the months not filed, -?\d+\)$/),
    ]);
    // one line to Suspense with nothing against it
    const oneSided = problemsIf(() => {
      const journal = db().$client.prepare("insert into journals (date, description, source_type) values (?, 'Lost half', 'manual')").run(TODAY);
      db().$client
        .prepare("insert into journal_lines (journal_id, ledger_account_id, amount, date) values (?, (select id from ledger_accounts where code = '9999'), 500, ?)")
        .run(journal.lastInsertRowid, TODAY);
    });
    expect(oneSided).toEqual(expect.arrayContaining([expect.stringMatching(/^journal \d+ \(Lost half\) sums to 500p$/), expect.stringMatching(/^trial balance/)]));
    expect(ledgerProblems(db().$client, { unfiledNetVat: unfiledNetVat() })).toEqual([]);
  });
});
