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

/**
 * What was still owed at the end of `day` on non-void sales invoices issued by then, and their VAT: today's
 * outstanding (total − amount paid) plus what payments dated after the day have paid since. One pass over
 * the invoices by issue date, and only the later payments read, so a day near today is quick.
 */
function salesAt(db: DB, day: string) {
  const invoices = db
    .select({ outstanding: total(sql`${salesInvoices.total} - ${salesInvoices.amountPaid}`), vat: total(salesInvoices.vatAmount) })
    .from(salesInvoices)
    .where(and(lte(salesInvoices.issueDate, day), ne(salesInvoices.status, "void")))
    .get()!;
  const paidLater = db
    .select({ amount: total(payments.amount) })
    .from(payments)
    .innerJoin(salesInvoices, eq(salesInvoices.id, payments.salesInvoiceId))
    .where(and(gt(payments.paymentDate, day), lte(salesInvoices.issueDate, day), ne(salesInvoices.status, "void")))
    .get()!.amount;
  return { receivables: invoices.outstanding + paidLater, outputVat: invoices.vat };
}

/** The same for non-void purchase invoices dated by `day`: what the business owed, and their VAT. */
function purchasesAt(db: DB, day: string) {
  const invoices = db
    .select({
      outstanding: total(sql`${purchaseInvoices.total} - ${purchaseInvoices.amountPaid}`),
      vat: total(purchaseInvoices.vatAmount),
    })
    .from(purchaseInvoices)
    .where(and(lte(purchaseInvoices.invoiceDate, day), ne(purchaseInvoices.status, "void")))
    .get()!;
  const paidLater = db
    .select({ amount: total(purchasePayments.amount) })
    .from(purchasePayments)
    .innerJoin(purchaseInvoices, eq(purchaseInvoices.id, purchasePayments.purchaseInvoiceId))
    .where(and(gt(purchasePayments.paymentDate, day), lte(purchaseInvoices.invoiceDate, day), ne(purchaseInvoices.status, "void")))
    .get()!.amount;
  return { payables: invoices.outstanding + paidLater, inputVat: invoices.vat };
}

/** Box 5 of the VAT returns filed by the end of `day`: net VAT settled with HMRC. */
function filedNetVat(db: DB, day: string) {
  return db
    .select({ amount: total(vatReturns.box5NetVat) })
    .from(vatReturns)
    .where(and(eq(vatReturns.isFiled, true), lte(vatReturns.filedAt, londonDayEnd(day)!)))
    .get()!.amount;
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
  const sales = salesAt(db, day);
  const purchases = purchasesAt(db, day);
  return {
    asAt: day,
    accounts,
    receivables: sales.receivables,
    payables: purchases.payables,
    vat: {
      output: sales.outputVat,
      input: purchases.inputVat,
      refunds: creditNotes(refundLines(db, null, day)).vat,
      filed: filedNetVat(db, day),
    },
  };
}
