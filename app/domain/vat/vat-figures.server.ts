/**
 * What a VAT return counts, read from the books "as of" an instant: the return's own month's entries recorded
 * before it, plus the late entries the rule in vat-boxes.ts sends to it. A return that is not filed is read as
 * of now; a filed one as of the moment it was filed, which gives back exactly the figures that were filed.
 *
 * - Sales: sales invoices dated (issueDate) in the month, unless void by then. An invoice voided after the
 *   return that counted it was filed is not taken out of that return: its cancellation is a late entry (a
 *   negative line) of the next one.
 * - Refund credit notes: completed refund returns, dated the UK day of completedAt, valued with the refund rule
 *   (returnValue), taken off boxes 1 and 6.
 * - Purchases: purchase invoices dated (invoiceDate) in the month that are not void.
 * Sums run in SQL over the date indexes; only the month's refunds are valued one by one.
 */
import { and, asc, between, eq, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { companies, orders, returns, salesInvoices, purchaseInvoices, users, vatReturns } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import { itemRows, returnedLine } from "~/domain/returns/return-processing.server";
import { returnValue } from "~/domain/returns/return-refund";
import type { DB } from "~/utils/db.server";
import { lateWindows, vatBoxes, type FiledMonth, type LateWindow, type VatBoxes } from "./vat-boxes";
import { periodInstants, periodOfMonth, ukDateOf, type VatPeriod } from "./vat-period";

/** The books of one month as of one instant, with the late-entry windows that apply. */
export type VatScope = { period: VatPeriod; asOf: Date; windows: (LateWindow & VatPeriod)[] };

export function filedMonths(db: DB): FiledMonth[] {
  return db
    .select({ month: vatReturns.quarter, filedAt: vatReturns.filedAt })
    .from(vatReturns)
    .where(eq(vatReturns.isFiled, true))
    .all()
    .flatMap((row) => (row.filedAt ? [{ month: row.month, filedAt: row.filedAt.getTime() }] : []));
}

export function vatScope(db: DB, month: string, asOf: Date): VatScope {
  const windows = lateWindows(month, filedMonths(db))
    // a window opening after `asOf` holds nothing
    .filter((window) => window.recordedFrom < asOf.getTime())
    .map((window) => ({ ...window, ...periodOfMonth(window.month) }));
  return { period: periodOfMonth(month), asOf, windows };
}

// ─── Sales invoices ─────────────────────────────────────────────────────────

/** Not void as of `asOf`: never voided, or voided only afterwards. */
const liveSale = (asOf: Date) => or(ne(salesInvoices.status, "void"), gte(salesInvoices.voidedAt, asOf))!;

/** Sales invoices the return charges: its month's, and late ones from the windows, live as of `asOf`. */
function salesCharged({ period, asOf, windows }: VatScope): SQL {
  return or(
    and(between(salesInvoices.issueDate, period.start, period.end), lt(salesInvoices.createdAt, asOf), liveSale(asOf)),
    ...windows.map((w) =>
      and(
        between(salesInvoices.issueDate, w.start, w.end),
        gte(salesInvoices.createdAt, new Date(w.recordedFrom)),
        lt(salesInvoices.createdAt, asOf),
        liveSale(asOf),
      ),
    ),
  )!;
}

/**
 * Invoices counted by an earlier, filed return and voided since: their cancellation comes off this one. None
 * without a late-entry window (null, not a constant false: an `OR 0` would stop SQLite reading the month's
 * invoices through the issue-date index and make it read every invoice ever issued).
 */
function salesCancelled({ asOf, windows }: VatScope): SQL | null {
  if (windows.length === 0) return null;
  return or(
    ...windows.map((w) =>
      and(
        between(salesInvoices.issueDate, w.start, w.end),
        eq(salesInvoices.status, "void"),
        lt(salesInvoices.createdAt, new Date(w.recordedFrom)),
        gte(salesInvoices.voidedAt, new Date(w.recordedFrom)),
        lt(salesInvoices.voidedAt, asOf),
      ),
    ),
  )!;
}

function salesCondition(scope: VatScope) {
  const cancelled = salesCancelled(scope);
  if (!cancelled) return { where: salesCharged(scope), sign: sql<number>`1` };
  const sign = sql<number>`case when ${cancelled} then -1 else 1 end`;
  return { where: or(salesCharged(scope), cancelled)!, sign };
}

// ─── Purchase invoices ──────────────────────────────────────────────────────

function purchasesCounted({ period, asOf, windows }: VatScope): SQL {
  const live = ne(purchaseInvoices.status, "void");
  return or(
    and(between(purchaseInvoices.invoiceDate, period.start, period.end), lt(purchaseInvoices.createdAt, asOf), live),
    ...windows.map((w) =>
      and(
        between(purchaseInvoices.invoiceDate, w.start, w.end),
        gte(purchaseInvoices.createdAt, new Date(w.recordedFrom)),
        lt(purchaseInvoices.createdAt, asOf),
        live,
      ),
    ),
  )!;
}

// ─── Refund credit notes ────────────────────────────────────────────────────

export type RefundCreditNote = {
  returnId: number;
  returnNumber: string | null;
  orderId: number;
  orderNumber: string | null;
  /** the UK day it was completed: the credit note's date */
  date: string;
  recordedAt: Date;
  net: number;
  vat: number;
  late: boolean;
};

/** Completed refunds the return takes off sales: completed in its month, or late from a window. */
export function refundCreditNotes(db: DB, scope: VatScope): RefundCreditNote[] {
  const { period, asOf, windows } = scope;
  const earliest = windows.length > 0 ? windows[windows.length - 1] : period;
  const from = periodInstants(earliest).from;
  const rows = db
    .select({
      id: returns.id,
      returnNumber: returns.returnNumber,
      orderId: returns.orderId,
      orderNumber: orders.orderNumber,
      completedAt: returns.completedAt,
    })
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .where(
      and(
        eq(returns.status, "completed"),
        eq(returns.returnType, "refund"),
        gte(returns.completedAt, new Date(from)),
        lt(returns.completedAt, new Date(Math.min(asOf.getTime(), periodInstants(period).to))),
      ),
    )
    .orderBy(asc(returns.completedAt), asc(returns.id))
    .all();
  const counted = rows.flatMap((row) => {
    if (!row.completedAt) return [];
    const date = ukDateOf(row.completedAt.getTime());
    const own = date >= period.start && date <= period.end;
    const late = windows.some((w) => date >= w.start && date <= w.end && row.completedAt!.getTime() >= w.recordedFrom);
    return own || late ? [{ ...row, completedAt: row.completedAt, date, late: !own }] : [];
  });
  const items = itemRows(db, counted.map((row) => row.id));
  return counted.map((row) => {
    const value = returnValue("refund", items.filter((item) => item.returnId === row.id).map(returnedLine));
    return {
      returnId: row.id,
      returnNumber: row.returnNumber,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      date: row.date,
      recordedAt: row.completedAt,
      net: value.net,
      vat: value.gross - value.net,
      late: row.late,
    };
  });
}

// ─── The figures ────────────────────────────────────────────────────────────

export type VatFigures = {
  period: VatPeriod;
  asOf: Date;
  boxes: VatBoxes;
  sales: { net: number; vat: number; count: number; late: number };
  refunds: { net: number; vat: number; count: number; late: number };
  purchases: { net: number; vat: number; count: number; late: number };
};

type Sums = { net: number; vat: number; count: number; late: number };

export function computeVatFigures(db: DB, month: string, asOf: Date): VatFigures {
  const scope = vatScope(db, month, asOf);
  const { period } = scope;
  const sales = salesCondition(scope);
  const salesSums = db
    .select({
      net: sql<number>`coalesce(sum(${sales.sign} * ${salesInvoices.subtotal}), 0)`,
      vat: sql<number>`coalesce(sum(${sales.sign} * ${salesInvoices.vatAmount}), 0)`,
      count: sql<number>`count(*)`,
      late: sql<number>`coalesce(sum(${salesInvoices.issueDate} < ${period.start}), 0)`,
    })
    .from(salesInvoices)
    .where(sales.where)
    .get() as Sums;
  const purchaseSums = db
    .select({
      net: sql<number>`coalesce(sum(${purchaseInvoices.subtotal}), 0)`,
      vat: sql<number>`coalesce(sum(${purchaseInvoices.vatAmount}), 0)`,
      count: sql<number>`count(*)`,
      late: sql<number>`coalesce(sum(${purchaseInvoices.invoiceDate} < ${period.start}), 0)`,
    })
    .from(purchaseInvoices)
    .where(purchasesCounted(scope))
    .get() as Sums;
  const credits = refundCreditNotes(db, scope);
  const refunds = credits.reduce(
    (sum, note) => ({ net: sum.net + note.net, vat: sum.vat + note.vat, count: sum.count + 1, late: sum.late + (note.late ? 1 : 0) }),
    { net: 0, vat: 0, count: 0, late: 0 },
  );
  const boxes = vatBoxes({
    salesNet: salesSums.net - refunds.net,
    salesVat: salesSums.vat - refunds.vat,
    purchasesNet: purchaseSums.net,
    purchasesVat: purchaseSums.vat,
  });
  return { period, asOf, boxes, sales: salesSums, refunds, purchases: purchaseSums };
}

// ─── The lines behind the boxes ─────────────────────────────────────────────

export type SalesLine = {
  invoiceId: number;
  invoiceNumber: string;
  date: string;
  recordedAt: Date;
  customer: string | null;
  /** a cancellation of an invoice an earlier, filed return counted: negative amounts */
  cancelled: boolean;
  net: number;
  vat: number;
  late: boolean;
};

export type PurchaseLine = {
  invoiceId: number;
  invoiceNumber: string;
  date: string;
  recordedAt: Date;
  supplier: string | null;
  net: number;
  vat: number;
  late: boolean;
};

type Slice = { limit: number; offset: number };

const partyName = sql<string | null>`coalesce(nullif(${accountName}, ''), ${users.email})`;

export function salesLines(db: DB, scope: VatScope, slice: Slice | null): SalesLine[] {
  const sales = salesCondition(scope);
  const query = db
    .select({
      invoiceId: salesInvoices.id,
      invoiceNumber: salesInvoices.invoiceNumber,
      date: salesInvoices.issueDate,
      createdAt: salesInvoices.createdAt,
      voidedAt: salesInvoices.voidedAt,
      customer: partyName,
      sign: sales.sign,
      net: salesInvoices.subtotal,
      vat: salesInvoices.vatAmount,
    })
    .from(salesInvoices)
    .leftJoin(users, eq(users.id, salesInvoices.customerId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sales.where)
    .orderBy(asc(salesInvoices.issueDate), asc(salesInvoices.id));
  const rows = slice ? query.limit(slice.limit).offset(slice.offset).all() : query.all();
  return rows.map((row) => {
    const cancelled = Number(row.sign) < 0;
    return {
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      date: row.date,
      recordedAt: cancelled && row.voidedAt ? row.voidedAt : row.createdAt,
      customer: row.customer,
      cancelled,
      net: cancelled ? -row.net : row.net,
      vat: cancelled ? -row.vat : row.vat,
      late: row.date < scope.period.start,
    };
  });
}

export function purchaseLines(db: DB, scope: VatScope, slice: Slice | null): PurchaseLine[] {
  const query = db
    .select({
      invoiceId: purchaseInvoices.id,
      invoiceNumber: purchaseInvoices.invoiceNumber,
      date: purchaseInvoices.invoiceDate,
      recordedAt: purchaseInvoices.createdAt,
      supplier: partyName,
      net: purchaseInvoices.subtotal,
      vat: purchaseInvoices.vatAmount,
    })
    .from(purchaseInvoices)
    .leftJoin(users, eq(users.id, purchaseInvoices.supplierId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(purchasesCounted(scope))
    .orderBy(asc(purchaseInvoices.invoiceDate), asc(purchaseInvoices.id));
  const rows = slice ? query.limit(slice.limit).offset(slice.offset).all() : query.all();
  return rows.map((row) => ({ ...row, late: row.date < scope.period.start }));
}
