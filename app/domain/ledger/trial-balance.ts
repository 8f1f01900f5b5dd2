/**
 * The trial balance's rule: every account with a balance at the day, in a debit or a credit column, and the
 * two columns' totals, which double entry keeps equal. Browser-safe.
 */
import type { LedgerAccountType } from "~db/schema";
import { debitCredit } from "./journal";

export type TrialBalanceRow = { code: string; name: string; type: LedgerAccountType; debit: number; credit: number };

/**
 * The accounts with a balance (signed pence, debit positive) in code order, each in its column; an account
 * with nothing on it, or whose entries cancel out, has no line.
 */
export function trialBalanceRows(balances: readonly { code: string; name: string; type: LedgerAccountType; balance: number }[]) {
  const rows: TrialBalanceRow[] = balances
    .filter((account) => account.balance !== 0)
    .map((account) => ({ code: account.code, name: account.name, type: account.type, ...debitCredit(account.balance) }));
  const totals = rows.reduce((sum, row) => ({ debit: sum.debit + row.debit, credit: sum.credit + row.credit }), { debit: 0, credit: 0 });
  return { rows, totals, difference: totals.debit - totals.credit };
}
