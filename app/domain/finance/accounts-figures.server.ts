/**
 * The sums the Accounts screen is built from, each one SQL aggregate over indexed dates (invoices by issue /
 * invoice date, payments by payment date), never the invoices themselves. Refund returns are the exception:
 * their lines are read and valued by the refund rule (there are few of them), so a credit note is worth
 * exactly what was refunded. The arithmetic on these figures is in ./accounts.ts.
 */
import { and, asc, eq, gt, gte, isNotNull, lte, ne, sql } from "drizzle-orm";
import { financialAccounts, orderItems, returnItems, returns, vatReturns } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { keptWhileUnchanged } from "~/utils/table-changes.server";
import { londonDayEnd, londonDayStart } from "~/domain/loyalty/reward.schema";
import { returnedLine } from "~/domain/returns/return-processing.server";
import type { Period } from "./accounts-period";
import { PURCHASES, SALES, type Books } from "./books.server";
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

/** Count and subtotal of the non-void invoices of one side of the books dated in the period. */
function invoicedIn(db: DB, books: Books, period: Pick<Period, "from" | "to">) {
  return db
    .select({ count: rows, subtotal: total(books.invoices.subtotal) })
    .from(books.invoices)
    .where(and(gte(books.invoiceDate, period.from), lte(books.invoiceDate, period.to), ne(books.invoices.status, "void")))
    .get()!;
}

/**
 * Sales, refund credit notes and purchases dated in the period. A period's figures depend on its days
 * alone, not on the clock, so they are kept while no invoice, return or order line is written
 * (../../utils/table-changes.server): a year's sales are one pass over 100,000 invoices on a busy install.
 */
export function periodFigures(db: DB, period: Pick<Period, "from" | "to">): PeriodFigures {
  return keptWhileUnchanged(
    db,
    { name: `period-figures ${period.from} ${period.to}`, key: "", tables: ["sales_invoices", "purchase_invoices", "returns", "return_items", "order_items"] },
    () => ({
      value: {
        sales: invoicedIn(db, SALES, period),
        refunds: creditNotes(refundLines(db, period.from, period.to)),
        purchases: invoicedIn(db, PURCHASES, period),
      },
    }),
  );
}

/** Money in and out of each account by payments dated after `day`. */
function laterMovements(db: DB, day: string) {
  const moved = new Map<number, { moneyIn: number; moneyOut: number }>();
  const sides = [
    [SALES, "moneyIn"],
    [PURCHASES, "moneyOut"],
  ] as const;
  for (const [books, side] of sides) {
    const paid = books.payments;
    const rows = db
      .select({ id: paid.financialAccountId, amount: total(paid.amount) })
      .from(paid)
      .where(and(gt(paid.paymentDate, day), isNotNull(paid.financialAccountId)))
      .groupBy(paid.financialAccountId)
      .all();
    for (const row of rows) {
      if (row.id === null) continue;
      const entry = moved.get(row.id) ?? { moneyIn: 0, moneyOut: 0 };
      entry[side] += row.amount;
      moved.set(row.id, entry);
    }
  }
  return moved;
}

/**
 * What was still owed at the end of `day` on one side's non-void invoices dated by then, and their VAT:
 * today's outstanding (total − amount paid) plus what payments dated after the day have paid since. One pass
 * over the invoices by date, and only the later payments read, so a day near today is quick.
 */
function owedAt(db: DB, books: Books, day: string) {
  const { invoices } = books;
  const open = and(lte(books.invoiceDate, day), ne(invoices.status, "void"));
  const invoiced = db
    .select({ outstanding: total(sql`${invoices.total} - ${invoices.amountPaid}`), vat: total(invoices.vatAmount) })
    .from(invoices)
    .where(open)
    .get()!;
  const paidLater = db
    .select({ amount: total(books.payments.amount) })
    .from(books.payments)
    .innerJoin(invoices, eq(invoices.id, books.paidInvoice))
    .where(and(gt(books.payments.paymentDate, day), open))
    .get()!.amount;
  return { owed: invoiced.outstanding + paidLater, vat: invoiced.vat };
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
  const sales = owedAt(db, SALES, day);
  const purchases = owedAt(db, PURCHASES, day);
  return {
    asAt: day,
    accounts,
    receivables: sales.owed,
    payables: purchases.owed,
    vat: {
      output: sales.vat,
      input: purchases.vat,
      refunds: creditNotes(refundLines(db, null, day)).vat,
      filed: filedNetVat(db, day),
    },
  };
}
