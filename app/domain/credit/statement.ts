/**
 * A company's statement of account from its documents: every invoice, payment, credit note, refund and void
 * dated up to the statement's date, split into what came before its period (the opening balance) and the period's
 * lines, each with the running balance. Amounts in pence, VAT included; positive is owed to us. Browser-safe.
 */
import type { BucketAmounts } from "~/domain/ledger/aged-balances";
import { isWorkingDay } from "~/domain/ordering/delivery-date";
import { addDays } from "~/utils/uk-time";

export const STATEMENT_LINE_KINDS = ["invoice", "credit_note", "refund", "payment", "void"] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export const STATEMENT_KIND_LABELS: Record<StatementLineKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  refund: "Refund paid to you",
  payment: "Payment received",
  void: "Invoice cancelled",
};

/** One document's effect on the balance: an invoice adds; a payment, a credit note or a void takes off; a refund paid out adds back. */
export type StatementEvent = {
  date: string;
  kind: StatementLineKind;
  /** the document's number (the invoice's for a payment or a void) */
  reference: string;
  /** signed pence */
  amount: number;
  /** the invoice's due date, for invoice lines */
  dueDate?: string | null;
  /** for a stable order of one day's lines */
  sourceId: number;
};

export type StatementLine = StatementEvent & { balance: number };

export type Statement = {
  from: string;
  to: string;
  openingBalance: number;
  lines: StatementLine[];
  closingBalance: number;
};

export type StatementWithAged = Statement & { aged: BucketAmounts };

const KIND_ORDER: Record<StatementLineKind, number> = { invoice: 0, credit_note: 1, refund: 2, void: 3, payment: 4 };

/** The statement from `from` to `to` (both UK days, included) of `events`; events after `to` are left out. */
export function buildStatement(events: readonly StatementEvent[], from: string, to: string): Statement {
  let openingBalance = 0;
  const inPeriod: StatementEvent[] = [];
  for (const event of events) {
    if (event.amount === 0 || event.date > to) continue;
    if (event.date < from) openingBalance += event.amount;
    else inPeriod.push(event);
  }
  inPeriod.sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.sourceId - b.sourceId);
  let balance = openingBalance;
  const lines = inPeriod.map((event) => {
    balance += event.amount;
    return { ...event, balance };
  });
  return { from, to, openingBalance, lines, closingBalance: balance };
}

/** The first day of the month of a UK day: a statement "as at" a day covers its month so far. */
export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** The first working day (England and Wales: no weekend, no bank holiday) of the month of `date`. */
export function firstWorkingDayOfMonth(date: string): string {
  let day = monthStart(date);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}
