/**
 * The one rule of double entry, as plain functions: a journal's lines sum to zero (debits positive, credits
 * negative), every line moves something, and a reversal is the same lines with their signs turned.
 * Browser-safe.
 */

export type Line = { code: string; amount: number };

export class UnbalancedJournalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnbalancedJournalError";
  }
}

/**
 * The lines as they will be written: zero lines dropped, lines to one account merged. Throws when what is
 * left does not sum to zero, has fewer than two lines, or holds anything but whole pence — the books refuse
 * a one-sided entry rather than store it.
 */
export function balancedLines(lines: readonly Line[]): Line[] {
  const byCode = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new UnbalancedJournalError(`A journal line must be whole pence (${line.code}: ${line.amount})`);
    byCode.set(line.code, (byCode.get(line.code) ?? 0) + line.amount);
  }
  const kept = [...byCode].filter(([, amount]) => amount !== 0).map(([code, amount]) => ({ code, amount }));
  const total = kept.reduce((sum, line) => sum + line.amount, 0);
  if (total !== 0) throw new UnbalancedJournalError(`A journal's lines must sum to zero; these sum to ${total}p`);
  if (kept.length === 1) throw new UnbalancedJournalError("A journal needs at least two lines");
  return kept;
}

export function reversedLines(lines: readonly Line[]): Line[] {
  return lines.map((line) => ({ code: line.code, amount: -line.amount }));
}

export const debit = (code: string, amount: number): Line => ({ code, amount });
export const credit = (code: string, amount: number): Line => ({ code, amount: -amount });

/** Debit and credit columns of a signed amount, as a trial balance and the accountant's files show them. */
export function debitCredit(amount: number): { debit: number; credit: number } {
  return amount >= 0 ? { debit: amount, credit: 0 } : { debit: 0, credit: -amount };
}
