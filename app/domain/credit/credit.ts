/**
 * Credit control rules that need no database: a company's available credit and its overdue amount. Amounts are
 * pence, VAT included, as invoices and orders are. Browser-safe.
 */
import type { BucketAmounts } from "~/domain/ledger/aged-balances";

/**
 * What the company may still run up: its limit less what it owes on invoices and what its placed orders not yet
 * invoiced will add. Null when it has no limit; below zero when it is over its limit.
 */
export function availableCredit(creditLimit: number | null, outstanding: number, uninvoiced: number): number | null {
  if (creditLimit === null) return null;
  return creditLimit - outstanding - uninvoiced;
}

/** Everything past its due date: the aged balance less the current bucket. */
export function overdueOf(aged: BucketAmounts): number {
  return aged.total - aged.current;
}

/** The reference a company quotes when it pays a statement rather than one invoice: "ACC-00012". */
export function accountReference(companyId: number): string {
  return `ACC-${String(companyId).padStart(5, "0")}`;
}
