/**
 * The Transactions tab and the API's transactions: money in and out dated in a period, newest first, a page at
 * a time: customers' payments, payments to suppliers, refunds paid back and money with HMRC. Money is "12.50".
 */
import { and, count, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { payments, companies, creditNotes, financialAccounts, returns, salesInvoices, purchasePayments, users, vatPayments, vatReturns } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import { monthLabel } from "~/domain/vat/vat-period";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { customerDisplayName } from "~/domain/pos/pos-customers.server";
import type { Period } from "./accounts-period";
import { PURCHASES, SALES, type Books } from "./books.server";

export const TRANSACTIONS_PAGE_SIZE = 25;

const money = toDecimalString;

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

/** Who paid or was paid (a customer's or supplier's user row) and through which financial account. */
const ACCOUNT_AND_PARTY = {
  accountId: financialAccounts.id,
  accountName: financialAccounts.name,
  businessName: accountName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

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
      ...ACCOUNT_AND_PARTY,
    })
    .from(paid)
    .innerJoin(invoices, eq(invoices.id, books.paidInvoice))
    .leftJoin(users, eq(users.id, books.party))
    .leftJoin(companies, eq(companies.id, users.companyId))
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
      ...ACCOUNT_AND_PARTY,
    })
    .from(creditNotes)
    .innerJoin(returns, eq(returns.id, creditNotes.returnId))
    .leftJoin(salesInvoices, eq(salesInvoices.id, creditNotes.salesInvoiceId))
    .leftJoin(users, eq(users.id, creditNotes.customerId))
    .leftJoin(companies, eq(companies.id, users.companyId))
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

