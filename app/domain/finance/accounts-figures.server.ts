/**
 * The sums the Accounts screen is built from, each one SQL aggregate over indexed dates (invoices by issue /
 * invoice date, payments by payment date), never the invoices themselves. Refund returns are the exception:
 * their lines are read and valued by the refund rule (there are few of them), so a credit note is worth
 * exactly what was refunded. The arithmetic on these figures is in ./accounts.ts.
 */
import { and, asc, eq, gt, gte, isNotNull, lte, ne, sql } from "drizzle-orm";
import {
  financialAccounts,
  orderItems,
  payments,
  purchaseInvoices,
  purchasePayments,
  returnItems,
  returns,
  salesInvoices,
  vatReturns,
} from "~db/schema";
import type { DB } from "~/utils/db.server";
import { londonDayEnd, londonDayStart } from "~/domain/loyalty/reward.schema";
import { returnedLine } from "~/domain/returns/return-processing.server";
import type { Period } from "./accounts-period";
import { balanceAsAt, creditNotes, type BalanceSheetFigures, type PeriodFigures, type RefundLine } from "./accounts";

const total = (column: Parameters<typeof sql>[1]) => sql<number>`coalesce(sum(${column}), 0)`;
const rows = sql<number>`count(*)`;

/** The lines of refund returns completed between two UK days (both included), valued as the refund was. */
function refundLines(db: DB, from: string | null, to: string): RefundLine[] {
  const start = from === null ? null : londonDayStart(from);
  const end = londonDayEnd(to)!;
  return db
    .select({
      returnId: returns.id,
      quantity: returnItems.quantity,
      unitPrice: returnItems.unitPrice,
      vatRate: returnItems.vatRate,
      orderedQuantity: orderItems.quantity,
      orderedTotal: orderItems.total,
    })
    .from(returns)
    .innerJoin(returnItems, eq(returnItems.returnId, returns.id))
    .leftJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(
      and(
        eq(returns.status, "completed"),
        eq(returns.returnType, "refund"),
        start ? gte(returns.completedAt, start) : undefined,
        lte(returns.completedAt, end),
      ),
    )
    .orderBy(asc(returns.id), asc(returnItems.id))
    .all()
    .map((row) => ({ returnId: row.returnId, ...returnedLine(row) }));
}

/** Sales, refund credit notes and purchases dated in the period. */
export function periodFigures(db: DB, period: Pick<Period, "from" | "to">): PeriodFigures {
  const sales = db
    .select({ count: rows, subtotal: total(salesInvoices.subtotal) })
    .from(salesInvoices)
    .where(and(gte(salesInvoices.issueDate, period.from), lte(salesInvoices.issueDate, period.to), ne(salesInvoices.status, "void")))
    .get()!;
  const purchases = db
    .select({ count: rows, subtotal: total(purchaseInvoices.subtotal) })
    .from(purchaseInvoices)
    .where(
      and(
        gte(purchaseInvoices.invoiceDate, period.from),
        lte(purchaseInvoices.invoiceDate, period.to),
        ne(purchaseInvoices.status, "void"),
      ),
    )
    .get()!;
  return { sales, refunds: creditNotes(refundLines(db, period.from, period.to)), purchases };
}

/** Money in and out of each account by payments dated after `day`. */
function laterMovements(db: DB, day: string) {
  const moved = new Map<number, { moneyIn: number; moneyOut: number }>();
  const add = (id: number | null, amount: number, side: "moneyIn" | "moneyOut") => {
    if (id === null) return;
    const entry = moved.get(id) ?? { moneyIn: 0, moneyOut: 0 };
    entry[side] += amount;
    moved.set(id, entry);
  };
  for (const row of db
    .select({ id: payments.financialAccountId, amount: total(payments.amount) })
    .from(payments)
    .where(and(gt(payments.paymentDate, day), isNotNull(payments.financialAccountId)))
    .groupBy(payments.financialAccountId)
    .all()) {
    add(row.id, row.amount, "moneyIn");
  }
  for (const row of db
    .select({ id: purchasePayments.financialAccountId, amount: total(purchasePayments.amount) })
    .from(purchasePayments)
    .where(and(gt(purchasePayments.paymentDate, day), isNotNull(purchasePayments.financialAccountId)))
    .groupBy(purchasePayments.financialAccountId)
    .all()) {
    add(row.id, row.amount, "moneyOut");
  }
  return moved;
}

/** What non-void sales invoices issued by `day` still had to be paid at its end. */
function receivablesAt(db: DB, day: string) {
  const invoiced = db
    .select({ amount: total(salesInvoices.total) })
    .from(salesInvoices)
    .where(and(lte(salesInvoices.issueDate, day), ne(salesInvoices.status, "void")))
    .get()!.amount;
  const paid = db
    .select({ amount: total(payments.amount) })
    .from(payments)
    .innerJoin(salesInvoices, eq(salesInvoices.id, payments.salesInvoiceId))
    .where(and(lte(payments.paymentDate, day), lte(salesInvoices.issueDate, day), ne(salesInvoices.status, "void")))
    .get()!.amount;
  return invoiced - paid;
}

/** What the business owed on non-void purchase invoices dated by `day` at its end. */
function payablesAt(db: DB, day: string) {
  const invoiced = db
    .select({ amount: total(purchaseInvoices.total) })
    .from(purchaseInvoices)
    .where(and(lte(purchaseInvoices.invoiceDate, day), ne(purchaseInvoices.status, "void")))
    .get()!.amount;
  const paid = db
    .select({ amount: total(purchasePayments.amount) })
    .from(purchasePayments)
    .innerJoin(purchaseInvoices, eq(purchaseInvoices.id, purchasePayments.purchaseInvoiceId))
    .where(and(lte(purchasePayments.paymentDate, day), lte(purchaseInvoices.invoiceDate, day), ne(purchaseInvoices.status, "void")))
    .get()!.amount;
  return invoiced - paid;
}

function vatAt(db: DB, day: string) {
  const output = db
    .select({ amount: total(salesInvoices.vatAmount) })
    .from(salesInvoices)
    .where(and(lte(salesInvoices.issueDate, day), ne(salesInvoices.status, "void")))
    .get()!.amount;
  const input = db
    .select({ amount: total(purchaseInvoices.vatAmount) })
    .from(purchaseInvoices)
    .where(and(lte(purchaseInvoices.invoiceDate, day), ne(purchaseInvoices.status, "void")))
    .get()!.amount;
  const filed = db
    .select({ amount: total(vatReturns.box5NetVat) })
    .from(vatReturns)
    .where(and(eq(vatReturns.isFiled, true), lte(vatReturns.filedAt, londonDayEnd(day)!)))
    .get()!.amount;
  return { output, input, refunds: creditNotes(refundLines(db, null, day)).vat, filed };
}

/** Everything the balance sheet at the end of `day` is drawn from. */
export function balanceSheetFigures(db: DB, day: string): BalanceSheetFigures {
  const moved = laterMovements(db, day);
  const accounts = db
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type, balance: financialAccounts.balance })
    .from(financialAccounts)
    .orderBy(asc(financialAccounts.name), asc(financialAccounts.id))
    .all()
    .map((account) => ({ ...account, balance: balanceAsAt(account, moved.get(account.id) ?? { moneyIn: 0, moneyOut: 0 }) }));
  return { asAt: day, accounts, receivables: receivablesAt(db, day), payables: payablesAt(db, day), vat: vatAt(db, day) };
}
