/**
 * The Accounts overview as both doors show it (/admin/accounts and GET /api/admin/accounts): profit & loss
 * for a period, the balance sheet at its end (or today), and the payments in and out, newest first, a page
 * at a time. Money is "12.50" in JSON.
 */
import { and, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { financialAccounts, payments, purchasePayments, users } from "~db/schema";
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
type PagedKey = { kind: Direction; id: number };

/**
 * The page's payments (which table, which id), newest first: by payment date, then latest recorded. The two
 * tables are merged in payment-date order (each read backwards along its payment-date index), and only the
 * payments of one day are sorted by when they were recorded, so the first pages never sort the whole period.
 */
function transactionKeys(db: DB, period: Period, limit: number, offset: number): PagedKey[] {
  return db.all<PagedKey>(sql`
    select 'in' as kind, id, payment_date, created_at from ${payments} where payment_date between ${period.from} and ${period.to}
    union all
    select 'out' as kind, id, payment_date, created_at from ${purchasePayments} where payment_date between ${period.from} and ${period.to}
    order by payment_date desc, created_at desc, id desc, kind
    limit ${limit} offset ${offset}`);
}

function transactionCount(db: DB, period: Period) {
  const within = (books: Books) =>
    db
      .select({ n: count() })
      .from(books.payments)
      .where(and(gte(books.payments.paymentDate, period.from), lte(books.payments.paymentDate, period.to)))
      .get()!.n;
  return within(SALES) + within(PURCHASES);
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

type Detail = ReturnType<typeof paymentDetails>[number];

function transactionJson(type: Direction, row: Detail) {
  const party = row.email === null ? null : customerDisplayName({ ...row, email: row.email });
  return {
    id: `${type}-${row.id}`,
    date: row.date,
    description: party ? `${row.invoiceNumber} · ${party}` : row.invoiceNumber,
    type,
    amount: money(row.amount),
    paymentId: row.id,
    invoice: { id: row.invoiceId, invoiceNumber: row.invoiceNumber, kind: type === "in" ? ("sales" as const) : ("purchase" as const) },
    party,
    account: row.accountId === null ? null : { id: row.accountId, name: row.accountName! },
    paymentMethod: row.paymentMethod,
    reference: row.reference,
  };
}
export type TransactionJson = ReturnType<typeof transactionJson>;

/** Payments in (sales) and out (purchases) dated in the period, merged and newest first, one page at a time. */
export function listTransactions(db: DB, period: Period, requested = 1, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const total = transactionCount(db, period);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  const keys = transactionKeys(db, period, pageSize, (page - 1) * pageSize);
  const ids = (kind: Direction) => keys.filter((key) => key.kind === kind).map((key) => key.id);
  const sales = new Map(paymentDetails(db, SALES, ids("in")).map((row) => [row.id, row]));
  const purchases = new Map(paymentDetails(db, PURCHASES, ids("out")).map((row) => [row.id, row]));
  const items = keys.flatMap((key) => {
    const row = (key.kind === "in" ? sales : purchases).get(key.id);
    return row ? [transactionJson(key.kind, row)] : [];
  });
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
