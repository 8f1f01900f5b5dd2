/**
 * An account's ledger as a reader checks it: a balance brought forward, then each entry with the balance
 * after it, in the account's natural sign (an asset's debit balance and a liability's credit balance are
 * both shown positive). Browser-safe.
 *
 * The ledger is paged on the server, so a page starts from its own opening: the balance brought forward at
 * the range's start plus every entry of the range before the page. Page 3's first balance is then exactly
 * the one page 2 ended on.
 */
import type { LedgerAccountType } from "~db/schema";
import { isDebitNatured } from "./chart";

/** A signed balance (debit positive) as the account's type reads it. */
export function naturalBalance(type: LedgerAccountType, signed: number) {
  return isDebitNatured(type) ? signed : -signed;
}

/** The opening of one page: brought forward plus the range's entries before the page (signed pence). */
export function pageOpening(broughtForward: number, earlierInRange: number) {
  return broughtForward + earlierInRange;
}

/** Each entry's balance after it (signed pence), starting from `opening`. */
export function runningBalances(opening: number, amounts: readonly number[]): number[] {
  let balance = opening;
  return amounts.map((amount) => (balance += amount));
}

function monthEnd(date: string) {
  const [year, month] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
}

/**
 * The days an account's ledger covers: as asked, a missing end taken from the month of the other (a lone
 * `from` runs to its month's end), and this month when neither is given.
 */
export function ledgerRange(query: { from?: string; to?: string }, today: string) {
  const from = query.from ?? `${(query.to ?? today).slice(0, 7)}-01`;
  const to = query.to ?? monthEnd(query.from ?? today);
  return { from, to };
}
