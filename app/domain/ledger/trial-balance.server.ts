/** The trial balance at the end of a day, from the ledger's balances (balances.server.ts does the sums). */
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { balancesAsAt } from "./balances.server";
import { trialBalanceRows } from "./trial-balance";

/**
 * As JSON: the accounts with a balance at `date` in code order, each with its debit or its credit ("12.50",
 * the other "0.00"), the two totals, and their difference (always "0.00" while every journal balances).
 */
export function trialBalanceJson(db: DB, date: string) {
  const { rows, totals, difference } = trialBalanceRows(balancesAsAt(db, date));
  return {
    date,
    accounts: rows.map((row) => ({ code: row.code, name: row.name, type: row.type, debit: toDecimalString(row.debit), credit: toDecimalString(row.credit) })),
    totals: { debit: toDecimalString(totals.debit), credit: toDecimalString(totals.credit) },
    difference: toDecimalString(difference),
    balanced: difference === 0,
  };
}
export type TrialBalanceJson = ReturnType<typeof trialBalanceJson>;
