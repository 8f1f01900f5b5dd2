/**
 * The Accounts overview as both doors show it (/admin/accounts and GET /api/admin/accounts): profit & loss
 * for a period, the balance sheet at its end (or today), and the payments in and out, newest first, a page
 * at a time. Money is "12.50" in JSON.
 */
import { and, count, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { creditNotes, financialAccounts, payments, purchasePayments, returns, salesInvoices, users, vatPayments, vatReturns } from "~db/schema";
import { monthLabel } from "~/domain/vat/vat-period";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { customerDisplayName } from "~/domain/pos/pos-customers.server";
import { balanceSheetDay, describePeriod, type Period } from "./accounts-period";
import { profitAndLoss, type SheetLine } from "./accounts";
import { balanceSheetAt, periodFigures } from "./accounts-figures.server";
import { CODES } from "~/domain/ledger/chart";
import { PURCHASES, SALES, type Books } from "./books.server";

export const TRANSACTIONS_PAGE_SIZE = 25;

const money = toDecimalString;

export function periodJson(period: Period) {
  return { key: period.key, from: period.from, to: period.to, label: describePeriod(period) };
}

/** Profit & loss for the period, with the counts and parts a reader needs to check it. */
export function profitLossJson(db: DB, period: Period) {
  const figures = periodFigures(db, period);
  const pl = profitAndLoss(figures);
  return {
    totalRevenue: money(pl.totalRevenue),
    totalCosts: money(pl.totalCosts),
    grossProfit: money(pl.grossProfit),
    /** percent to one decimal: 23.4 */
    profitMargin: pl.marginTenths / 10,
    salesSubtotal: money(pl.salesSubtotal),
    salesInvoiceCount: figures.counts.sales,
    refunds: money(pl.refunds),
    refundCount: figures.counts.refunds,
    purchaseInvoiceCount: figures.counts.purchases,
  };
}
export type ProfitLossJson = ReturnType<typeof profitLossJson>;

const lineJson = (line: SheetLine) => ({ code: line.code, name: line.name, financialAccountId: line.financialAccountId, amount: money(line.amount) });
const amountOf = (lines: SheetLine[], code: string) => lines.find((line) => line.code === code)?.amount ?? 0;

/**
 * The balance sheet at the end of the period, or today while the period runs, read from the ledger: every
 * asset and liability account with a balance, equity as capital + retained earnings + this year's profit;
 * and, by name, the parts a reader looks for (money accounts, receivables, payables, cards, VAT).
 */
export function balanceSheetJson(db: DB, period: Period, today: string) {
  const sheet = balanceSheetAt(db, balanceSheetDay(period, today));
  const kinds = new Map(db.select({ id: financialAccounts.id, type: financialAccounts.type }).from(financialAccounts).all().map((a) => [a.id, a.type]));
  const moneyAccount = (line: SheetLine) => ({ id: line.financialAccountId!, name: line.name, type: kinds.get(line.financialAccountId!) ?? "other", balance: money(line.amount) });
  const held = sheet.assets.lines.filter((line) => line.financialAccountId !== null);
  const cards = sheet.liabilities.lines.filter((line) => line.financialAccountId !== null);
  const vat = [CODES.vatOnSales, CODES.vatOnPurchases, CODES.vatLiability].map((code) => amountOf(sheet.liabilities.lines, code));
  return {
    asAt: sheet.asAt,
    assets: money(sheet.assets.total),
    liabilities: money(sheet.liabilities.total),
    equity: money(sheet.equity.total),
    parts: {
      assets: sheet.assets.lines.map(lineJson),
      liabilities: sheet.liabilities.lines.map(lineJson),
      equity: {
        lines: sheet.equity.lines.map(lineJson),
        capital: money(sheet.equity.capital),
        retainedEarnings: money(sheet.equity.retainedEarnings),
        currentYearProfit: money(sheet.equity.currentYearProfit),
      },
      accounts: held.map(moneyAccount),
      receivables: money(amountOf(sheet.assets.lines, CODES.tradeDebtors)),
      suspense: money(amountOf(sheet.assets.lines, CODES.suspense)),
      payables: money(amountOf(sheet.liabilities.lines, CODES.tradeCreditors)),
      creditCards: cards.map(moneyAccount),
      vat: {
        vatOnSales: money(vat[0]),
        vatOnPurchases: money(vat[1]),
        liabilityToHmrc: money(vat[2]),
        unpaidNetVat: money(vat[0] + vat[1] + vat[2]),
      },
    },
  };
}
export type BalanceSheetJson = ReturnType<typeof balanceSheetJson>;

// ─── Transactions ───────────────────────────────────────────────────────────

type Direction = "in" | "out";
/** Where a transaction comes from: a customer's payment, a payment to a supplier, a refund paid back, money with HMRC. */
type Source = "in" | "out" | "refund" | "vat";
type PagedKey = { kind: Source; id: number };

/**
 * The page's money movements (which table, which id), newest first: by date, then latest recorded. The tables
 * are merged in date order (each read backwards along its date index), and only the movements of one day are
 * sorted by when they were recorded, so the first pages never sort the whole period.
 */
function transactionKeys(db: DB, period: Period, limit: number, offset: number): PagedKey[] {
  return db.all<PagedKey>(sql`
    select 'in' as kind, id, payment_date as day, created_at from ${payments} where payment_date between ${period.from} and ${period.to}
    union all
    select 'out' as kind, id, payment_date as day, created_at from ${purchasePayments} where payment_date between ${period.from} and ${period.to}
    union all
    select 'refund' as kind, id, issue_date as day, created_at from ${creditNotes} where refunded_amount > 0 and issue_date between ${period.from} and ${period.to}
    union all
    select 'vat' as kind, id, payment_date as day, created_at from ${vatPayments} where payment_date between ${period.from} and ${period.to}
    order by day desc, created_at desc, id desc, kind
    limit ${limit} offset ${offset}`);
}

function transactionCount(db: DB, period: Period) {
  const within = (books: Books) =>
    db
      .select({ n: count() })
      .from(books.payments)
      .where(and(gte(books.payments.paymentDate, period.from), lte(books.payments.paymentDate, period.to)))
      .get()!.n;
  const refunds = db
    .select({ n: count() })
    .from(creditNotes)
    .where(and(gt(creditNotes.refundedAmount, 0), gte(creditNotes.issueDate, period.from), lte(creditNotes.issueDate, period.to)))
    .get()!.n;
  const vat = db
    .select({ n: count() })
    .from(vatPayments)
    .where(and(gte(vatPayments.paymentDate, period.from), lte(vatPayments.paymentDate, period.to)))
    .get()!.n;
  return within(SALES) + within(PURCHASES) + refunds + vat;
}

/** The payments named, with their invoice, its customer or supplier and the account. */
function paymentDetails(db: DB, books: Books, ids: number[]) {
  if (ids.length === 0) return [];
  const { payments: paid, invoices } = books;
  return db
    .select({
      id: paid.id,
      date: paid.paymentDate,
      amount: paid.amount,
      paymentMethod: paid.paymentMethod,
      reference: paid.reference,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      accountId: financialAccounts.id,
      accountName: financialAccounts.name,
      businessName: users.businessName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(paid)
    .innerJoin(invoices, eq(invoices.id, books.paidInvoice))
    .leftJoin(users, eq(users.id, books.party))
    .leftJoin(financialAccounts, eq(financialAccounts.id, paid.financialAccountId))
    .where(inArray(paid.id, ids))
    .all();
}

/** Refunds paid back to customers: the credit note, its return, invoice and customer, and the account. */
function refundDetails(db: DB, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: creditNotes.id,
      date: creditNotes.issueDate,
      amount: creditNotes.refundedAmount,
      creditNoteNumber: creditNotes.creditNoteNumber,
      returnId: creditNotes.returnId,
      returnNumber: returns.returnNumber,
      invoiceId: salesInvoices.id,
      invoiceNumber: salesInvoices.invoiceNumber,
      accountId: financialAccounts.id,
      accountName: financialAccounts.name,
      businessName: users.businessName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(creditNotes)
    .innerJoin(returns, eq(returns.id, creditNotes.returnId))
    .leftJoin(salesInvoices, eq(salesInvoices.id, creditNotes.salesInvoiceId))
    .leftJoin(users, eq(users.id, creditNotes.customerId))
    .leftJoin(financialAccounts, eq(financialAccounts.id, creditNotes.refundAccountId))
    .where(inArray(creditNotes.id, ids))
    .all();
}

/** Money paid to HMRC (or repaid by it) for a filed VAT return, and the account. */
function vatPaymentDetails(db: DB, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: vatPayments.id,
      date: vatPayments.paymentDate,
      amount: vatPayments.amount,
      reference: vatPayments.reference,
      vatReturnId: vatReturns.id,
      quarter: vatReturns.quarter,
      accountId: financialAccounts.id,
      accountName: financialAccounts.name,
    })
    .from(vatPayments)
    .innerJoin(vatReturns, eq(vatReturns.id, vatPayments.vatReturnId))
    .leftJoin(financialAccounts, eq(financialAccounts.id, vatPayments.financialAccountId))
    .where(inArray(vatPayments.id, ids))
    .all();
}

type Party = { email: string | null; businessName: string | null; firstName: string | null; lastName: string | null };
const partyOf = (row: Party) => (row.email === null ? null : customerDisplayName({ ...row, email: row.email }));
const accountOf = (row: { accountId: number | null; accountName: string | null }) =>
  row.accountId === null ? null : { id: row.accountId, name: row.accountName! };

/** One movement of money as the Transactions tab and the API show it; `link` is the document behind it. */
export type TransactionJson = {
  id: string;
  date: string;
  description: string;
  type: Direction;
  /** what moved it: a customer's payment, a payment to a supplier, a refund, or money with HMRC */
  kind: "payment" | "supplier_payment" | "refund" | "vat";
  amount: string;
  paymentId: number;
  invoice: { id: number; invoiceNumber: string; kind: "sales" | "purchase" } | null;
  party: string | null;
  /** null: no account was named, and the money sits in Suspense */
  account: { id: number; name: string } | null;
  paymentMethod: string | null;
  reference: string | null;
  link: { href: string; label: string };
};

function paymentJson(type: Direction, row: ReturnType<typeof paymentDetails>[number]): TransactionJson {
  const party = partyOf(row);
  const kind = type === "in" ? ("sales" as const) : ("purchase" as const);
  return {
    id: `${type}-${row.id}`,
    date: row.date,
    description: party ? `${row.invoiceNumber} · ${party}` : row.invoiceNumber,
    type,
    kind: type === "in" ? "payment" : "supplier_payment",
    amount: money(row.amount),
    paymentId: row.id,
    invoice: { id: row.invoiceId, invoiceNumber: row.invoiceNumber, kind },
    party,
    account: accountOf(row),
    paymentMethod: row.paymentMethod,
    reference: row.reference,
    link: { href: `/admin/${kind}-invoices?view=${row.invoiceId}`, label: row.invoiceNumber },
  };
}

function refundJson(row: ReturnType<typeof refundDetails>[number]): TransactionJson {
  const party = partyOf(row);
  const what = `Refund ${row.creditNoteNumber}${row.returnNumber ? ` (${row.returnNumber})` : ""}`;
  return {
    id: `refund-${row.id}`,
    date: row.date,
    description: party ? `${what} · ${party}` : what,
    type: "out",
    kind: "refund",
    amount: money(row.amount),
    paymentId: row.id,
    invoice: row.invoiceId === null ? null : { id: row.invoiceId, invoiceNumber: row.invoiceNumber!, kind: "sales" },
    party,
    account: accountOf(row),
    paymentMethod: null,
    reference: row.returnNumber,
    link: { href: `/admin/returns?update=${row.returnId}`, label: row.creditNoteNumber },
  };
}

function vatJson(row: ReturnType<typeof vatPaymentDetails>[number]): TransactionJson {
  const paid = row.amount >= 0;
  const label = `VAT return ${monthLabel(row.quarter)}`;
  return {
    id: `vat-${row.id}`,
    date: row.date,
    description: paid ? `VAT paid to HMRC · ${label}` : `VAT repaid by HMRC · ${label}`,
    type: paid ? "out" : "in",
    kind: "vat",
    amount: money(Math.abs(row.amount)),
    paymentId: row.id,
    invoice: null,
    party: "HMRC",
    account: accountOf(row),
    paymentMethod: null,
    reference: row.reference,
    link: { href: `/admin/vat-returns?view=${row.vatReturnId}`, label },
  };
}

/** Money in and out dated in the period (payments, refunds, VAT), merged and newest first, one page at a time. */
export function listTransactions(db: DB, period: Period, requested = 1, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const total = transactionCount(db, period);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  const keys = transactionKeys(db, period, pageSize, (page - 1) * pageSize);
  const ids = (kind: Source) => keys.filter((key) => key.kind === kind).map((key) => key.id);
  const found = new Map<string, TransactionJson>();
  for (const row of paymentDetails(db, SALES, ids("in"))) found.set(`in-${row.id}`, paymentJson("in", row));
  for (const row of paymentDetails(db, PURCHASES, ids("out"))) found.set(`out-${row.id}`, paymentJson("out", row));
  for (const row of refundDetails(db, ids("refund"))) found.set(`refund-${row.id}`, refundJson(row));
  for (const row of vatPaymentDetails(db, ids("vat"))) found.set(`vat-${row.id}`, vatJson(row));
  const items = keys.flatMap((key) => found.get(`${key.kind}-${key.id}`) ?? []);
  return { items, total, page, pageSize, pageCount };
}

/** GET /api/admin/accounts: the spec's overview shape, plus the parts and the page of transactions. */
export function accountsOverview(db: DB, period: Period, today: string, page = 1, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const transactions = listTransactions(db, period, page, pageSize);
  return {
    period: periodJson(period),
    profitLoss: profitLossJson(db, period),
    balanceSheet: balanceSheetJson(db, period, today),
    transactions: transactions.items,
    transactionsPage: { page: transactions.page, pageSize, total: transactions.total, pageCount: transactions.pageCount },
  };
}
