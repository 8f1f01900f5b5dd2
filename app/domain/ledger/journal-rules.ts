/**
 * What the ledger screens say about a journal: its number, what posted it, and whether it may be reversed
 * by hand. Browser-safe.
 *
 * Only the journals an admin typed in (manual, capital, opening balances) are reversed from the ledger. A
 * document's journal follows its document: voiding the invoice, a credit note or a filed return's own
 * correction reverses it, so the document and the books never disagree.
 */
import type { JournalSource } from "~db/schema";

/** 123 → "JNL-000123" */
export function journalNumber(id: number) {
  return `JNL-${String(id).padStart(6, "0")}`;
}

export const JOURNAL_SOURCE_LABELS: Record<JournalSource, string> = {
  sales_invoice: "Sales invoice",
  sales_invoice_void: "Sales invoice voided",
  payment: "Payment received",
  purchase_invoice: "Purchase invoice",
  purchase_payment: "Payment to supplier",
  credit_note: "Credit note",
  refund_payment: "Refund paid",
  vat_return: "VAT return",
  vat_payment: "VAT payment",
  opening_balance: "Opening balance",
  capital: "Capital introduced",
  account_correction: "Account correction",
  manual: "Manual journal",
  reversal: "Reversal",
};

export const REVERSIBLE_SOURCES: readonly JournalSource[] = ["manual", "capital", "opening_balance"];

export type ReversalFacts = {
  id: number;
  sourceType: JournalSource;
  /** set when a document posted it (a financial account's own opening balance); null for one typed by hand */
  sourceId: number | null;
  reversesId: number | null;
  reversedById: number | null;
};

/** Why this journal cannot be reversed by hand, or null when it can. */
export function reversalRefusal(journal: ReversalFacts): string | null {
  if (journal.reversedById !== null) {
    return `${journalNumber(journal.id)} has already been reversed by ${journalNumber(journal.reversedById)}`;
  }
  if (journal.sourceType === "reversal") {
    const original = journal.reversesId === null ? "another journal" : journalNumber(journal.reversesId);
    return `${journalNumber(journal.id)} is the reversal of ${original}: to put that entry back, post it again as a new journal`;
  }
  if (!REVERSIBLE_SOURCES.includes(journal.sourceType) || journal.sourceId !== null) {
    return `${journalNumber(journal.id)} was posted by its document (${JOURNAL_SOURCE_LABELS[journal.sourceType].toLowerCase()}): the document's own event reverses it (a void, a credit note, a correction), never a reversal by hand`;
  }
  return null;
}
