/**
 * Credit notes: what a completed refund return gives back. It is set against its order's invoice while that
 * still has something owing (the invoice's outstanding falls); the rest is paid back to the customer out of
 * the financial account named on completion (Suspense when none was named, which the screen says). Both
 * post through the ledger in the caller's transaction.
 */
import { asc, eq, sql } from "drizzle-orm";
import { creditNotes, salesInvoices } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { nextSequenceValue } from "~/domain/shared/numbering.server";
import { postCreditNote } from "~/domain/ledger/postings.server";
import { invoiceOutstanding } from "./invoice-status";
import { orderInvoiceRow } from "./order-invoice.server";

/** CN-000001 */
export function formatCreditNoteNumber(n: number) {
  return `CN-${String(n).padStart(6, "0")}`;
}

export type CreditNoteInput = {
  returnId: number;
  returnNumber: string | null;
  orderId: number;
  customerId: string | null;
  /** the returned lines' value by the refund rule: ex VAT and inc VAT, pence */
  net: number;
  gross: number;
  issueDate: string;
  refundAccountId: number | null;
  createdBy?: string | null;
  /** when it was recorded (the history migration keeps the return's own instant) */
  at?: Date;
};

export type IssuedCreditNote = { id: number; creditNoteNumber: string; invoiceNumber: string | null; appliedAmount: number; refundedAmount: number };

/**
 * How a refund of `gross` splits: set against what the order's invoice still owes (applied), the rest paid
 * back (refunded). An order with no live invoice has nothing owing.
 */
export function creditNoteSplit(tx: DB, orderId: number, gross: number) {
  const invoice = orderInvoiceRow(tx, orderId);
  const owed = invoice && invoice.status !== "void" ? invoiceOutstanding(invoice) : 0;
  const appliedAmount = Math.min(owed, Math.max(0, gross));
  return { invoice: invoice ?? null, owed, appliedAmount, refundedAmount: Math.max(0, gross) - appliedAmount };
}

/** The numbers of the credit notes issued against a sales invoice, oldest first. */
export function creditNotesAgainst(tx: DB, salesInvoiceId: number): string[] {
  return tx
    .select({ creditNoteNumber: creditNotes.creditNoteNumber })
    .from(creditNotes)
    .where(eq(creditNotes.salesInvoiceId, salesInvoiceId))
    .orderBy(asc(creditNotes.id))
    .all()
    .map((row) => row.creditNoteNumber);
}

/** "credit note CN-000001 is set against", "credit notes CN-000001 and CN-000002 are set against" */
export function creditNotesSetAgainst(numbers: string[]) {
  if (numbers.length === 1) return `credit note ${numbers[0]} is set against`;
  return `credit notes ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]} are set against`;
}

export function issueCreditNote(tx: DB, input: CreditNoteInput): IssuedCreditNote | null {
  if (input.gross <= 0) return null;
  const { invoice, appliedAmount, refundedAmount } = creditNoteSplit(tx, input.orderId, input.gross);
  const creditNoteNumber = formatCreditNoteNumber(nextSequenceValue(tx, "credit-note"));
  const row = tx
    .insert(creditNotes)
    .values({
      creditNoteNumber,
      returnId: input.returnId,
      salesInvoiceId: invoice?.id ?? null,
      customerId: input.customerId,
      issueDate: input.issueDate,
      subtotal: input.net,
      vatAmount: input.gross - input.net,
      total: input.gross,
      appliedAmount,
      refundedAmount,
      refundAccountId: refundedAmount > 0 ? input.refundAccountId : null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: creditNotes.id })
    .get();
  if (invoice && appliedAmount > 0) {
    tx.update(salesInvoices)
      .set({ creditedAmount: sql`${salesInvoices.creditedAmount} + ${appliedAmount}` })
      .where(eq(salesInvoices.id, invoice.id))
      .run();
  }
  const against = invoice ? ` against ${invoice.invoiceNumber}` : "";
  postCreditNote(
    tx,
    {
      id: row.id,
      creditNoteNumber,
      issueDate: input.issueDate,
      subtotal: input.net,
      vatAmount: input.gross - input.net,
      total: input.gross,
      refundedAmount,
      refundAccountId: refundedAmount > 0 ? input.refundAccountId : null,
      reference: `${input.returnNumber ?? `return ${input.returnId}`}${against}`,
    },
    { createdBy: input.createdBy },
  );
  return { id: row.id, creditNoteNumber, invoiceNumber: invoice?.invoiceNumber ?? null, appliedAmount, refundedAmount };
}
