/**
 * What the ledger holds, summed: every account's balance at the end of a day, and what moved on each
 * account between two days. Balances are signed pence as the lines are (debit positive); the statements
 * turn them into the figures a reader expects (a credit balance on Sales is revenue). Each sum reads the
 * day totals (ledger_day_totals: one row per account and day, written with each line by its trigger), so a
 * year costs a few thousand rows however many lines it holds.
 */
import { asc } from "drizzle-orm";
import { ledgerAccounts, type LedgerAccountType } from "~db/schema";
import type { DB } from "~/utils/db.server";

export type LedgerAccountRow = {
  id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  isSystem: boolean;
  financialAccountId: number | null;
};

export type AccountBalance = LedgerAccountRow & { balance: number };

export function listLedgerAccounts(db: DB): LedgerAccountRow[] {
  return db
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      name: ledgerAccounts.name,
      type: ledgerAccounts.type,
      isSystem: ledgerAccounts.isSystem,
      financialAccountId: ledgerAccounts.financialAccountId,
    })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.code))
    .all();
}

/** Sum of each account's lines dated from `from` (inclusive; null = the beginning) to `to` (inclusive). */
function sums(db: DB, from: string | null, to: string): Map<number, number> {
  const rows = db.$client
    .prepare(
      `select ledger_account_id as id, sum(debits - credits) as total from ledger_day_totals
       where date <= ? ${from ? "and date >= ?" : ""} group by ledger_account_id`,
    )
    .all(...(from ? [to, from] : [to])) as { id: number; total: number }[];
  return new Map(rows.map((row) => [row.id, row.total]));
}

/** Every account of the chart with its balance at the end of `date` (YYYY-MM-DD), in code order. */
export function balancesAsAt(db: DB, date: string): AccountBalance[] {
  const totals = sums(db, null, date);
  return listLedgerAccounts(db).map((account) => ({ ...account, balance: totals.get(account.id) ?? 0 }));
}

/**
 * Every account's balance at the end of `date`, split at `splitDay`: what its lines came to before that day and
 * from it on. One pass over the day totals, for the balance sheet (the years before this one, and this year).
 */
export function balancesSplitAt(db: DB, date: string, splitDay: string) {
  const rows = db.$client
    .prepare(
      `select ledger_account_id as id, sum(case when date < ? then amount else 0 end) as before,
              sum(case when date >= ? then amount else 0 end) as since
       from (select ledger_account_id, date, debits - credits as amount from ledger_day_totals where date <= ?)
       group by ledger_account_id`,
    )
    .all(splitDay, splitDay, date) as { id: number; before: number; since: number }[];
  const sums = new Map(rows.map((row) => [row.id, row]));
  return listLedgerAccounts(db).map((account) => {
    const row = sums.get(account.id);
    return { ...account, before: row?.before ?? 0, since: row?.since ?? 0 };
  });
}

/** Every account of the chart with what moved on it from `from` to `to`, both days included. */
export function movementsBetween(db: DB, from: string, to: string): AccountBalance[] {
  const totals = sums(db, from, to);
  return listLedgerAccounts(db).map((account) => ({ ...account, balance: totals.get(account.id) ?? 0 }));
}

/** One account's balance at the end of `date`: a sum over that account's days (the day totals' key). */
export function accountBalanceAsAt(db: DB, ledgerAccountId: number, date: string): number {
  const row = db.$client
    .prepare("select coalesce(sum(debits - credits), 0) as total from ledger_day_totals where ledger_account_id = ? and date <= ?")
    .get(ledgerAccountId, date) as { total: number };
  return row.total;
}
