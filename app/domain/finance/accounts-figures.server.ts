/**
 * The sums the Accounts screen is built from, read from the ledger (../ledger/balances.server): a period's
 * movement on each account for the P&L, every account's balance at a day for the balance sheet, and the
 * profit before and within the day's year for equity. Each is a sum over the (account, date) index. The
 * documents are counted apart (how many invoices and credit notes made a period's figures), by their dates.
 */
import { and, count, gte, lte, ne, sql } from "drizzle-orm";
import { creditNotes, salesInvoiceDayCounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { keptWhileUnchanged } from "~/utils/table-changes.server";
import { balancesSplitAt, movementsBetween } from "~/domain/ledger/balances.server";
import type { Period } from "./accounts-period";
import { PURCHASES, SALES, type Books } from "./books.server";
import { balanceSheet, profitOf, type BalanceSheet, type PeriodFigures } from "./accounts";

/**
 * Count of the non-void invoices of one side of the books dated in the period. Sales invoices are many (one an
 * order): their count is summed from the day counts their triggers keep (sales_invoice_day_counts, one row a
 * day); purchase invoices are few enough to count.
 */
function invoicedIn(db: DB, books: Books, period: Pick<Period, "from" | "to">) {
  if (books === SALES) {
    return db
      .select({ n: sql<number>`coalesce(sum(${salesInvoiceDayCounts.invoices}), 0)` })
      .from(salesInvoiceDayCounts)
      .where(and(gte(salesInvoiceDayCounts.issueDate, period.from), lte(salesInvoiceDayCounts.issueDate, period.to)))
      .get()!.n;
  }
  return db
    .select({ n: count() })
    .from(books.invoices)
    .where(and(gte(books.invoiceDate, period.from), lte(books.invoiceDate, period.to), ne(books.invoices.status, "void")))
    .get()!.n;
}

function creditNotesIn(db: DB, period: Pick<Period, "from" | "to">) {
  return db
    .select({ n: count() })
    .from(creditNotes)
    .where(and(gte(creditNotes.issueDate, period.from), lte(creditNotes.issueDate, period.to)))
    .get()!.n;
}

/**
 * Each account's movement in the period and the documents behind them. A period's figures depend on its days
 * alone, so they are kept while no journal line or invoice is written (../../utils/table-changes.server).
 */
export function periodFigures(db: DB, period: Pick<Period, "from" | "to">): PeriodFigures {
  return keptWhileUnchanged(
    db,
    { name: `period-figures ${period.from} ${period.to}`, key: "", tables: ["journal_lines", "sales_invoices", "purchase_invoices"] },
    () => ({
      value: {
        movements: movementsBetween(db, period.from, period.to),
        counts: { sales: invoicedIn(db, SALES, period), refunds: creditNotesIn(db, period), purchases: invoicedIn(db, PURCHASES, period) },
      },
    }),
  );
}

/**
 * The balance sheet at the end of `day`; the financial year is the calendar year, as the period picker's "This
 * year". One pass over the ledger's lines, kept while none is written (a year of a large install is half a
 * million lines).
 */
export function balanceSheetAt(db: DB, day: string): BalanceSheet {
  return keptWhileUnchanged(db, { name: "balance-sheet", key: day, tables: ["journal_lines", "ledger_accounts"] }, () => {
    const accounts = balancesSplitAt(db, day, `${day.slice(0, 4)}-01-01`);
    const balances = accounts.map((account) => ({ ...account, balance: account.before + account.since }));
    const movements = (part: "before" | "since") => accounts.map((account) => ({ type: account.type, balance: account[part] }));
    return { value: balanceSheet(day, balances, { beforeThisYear: profitOf(movements("before")), thisYear: profitOf(movements("since")) }) };
  });
}
