/**
 * Each money event's journal (docs/decisions/0038-double-entry-ledger.md has the table). The use case that
 * records the event calls its posting here inside its own transaction; the history migration calls the
 * same functions for documents written before the ledger, so old and new entries are alike.
 */
import type { DB } from "~/utils/db.server";
import { CODES } from "./chart";
import { credit, debit } from "./journal";
import { journalOf, moneyAccountCode, postJournal, reverseJournal } from "./post.server";

type By = { createdBy?: string | null };

export type InvoiceAmounts = { id: number; invoiceNumber: string; subtotal: number; vatAmount: number; total: number };

/**
 * Sales invoice issued: the customer owes the total; sales and output VAT are credited. `deliveryCharge` is
 * the part of the subtotal charged for delivery (ex VAT), credited to its own income account.
 */
export function postSalesInvoice(tx: DB, invoice: InvoiceAmounts & { issueDate: string; deliveryCharge?: number }, by: By = {}) {
  const delivery = invoice.deliveryCharge ?? 0;
  return postJournal(tx, {
    date: invoice.issueDate,
    description: `Sales invoice ${invoice.invoiceNumber}`,
    source: "sales_invoice",
    sourceId: invoice.id,
    createdBy: by.createdBy,
    lines: [
      debit(CODES.tradeDebtors, invoice.total),
      credit(CODES.sales, invoice.subtotal - delivery),
      credit(CODES.deliveryCharges, delivery),
      credit(CODES.vatOnSales, invoice.vatAmount),
    ],
  });
}

/** Sales invoice voided: its journal reversed on the day of the void, never edited. */
export function postSalesInvoiceVoid(tx: DB, invoice: { id: number; invoiceNumber: string }, date: string, by: By = {}) {
  const issued = journalOf(tx, "sales_invoice", invoice.id);
  if (!issued) return null;
  return reverseJournal(tx, issued.id, {
    date,
    description: `Sales invoice ${invoice.invoiceNumber} voided`,
    source: "sales_invoice_void",
    sourceId: invoice.id,
    createdBy: by.createdBy,
  });
}

export type PaymentPosting = {
  id: number;
  invoiceNumber: string;
  amount: number;
  paymentDate: string;
  financialAccountId: number | null;
};

/** A customer's payment: money into the account named (Suspense when none), off what they owe. */
export function postPaymentReceived(tx: DB, payment: PaymentPosting, by: By = {}) {
  const into = moneyAccountCode(tx, payment.financialAccountId);
  return postJournal(tx, {
    date: payment.paymentDate,
    description: `Payment received for ${payment.invoiceNumber}`,
    source: "payment",
    sourceId: payment.id,
    createdBy: by.createdBy,
    lines: [debit(into, payment.amount), credit(CODES.tradeDebtors, payment.amount)],
  });
}

/** Purchase invoice: goods and input VAT debited; we owe the supplier the total. */
export function postPurchaseInvoice(tx: DB, invoice: InvoiceAmounts & { invoiceDate: string }, by: By = {}) {
  return postJournal(tx, {
    date: invoice.invoiceDate,
    description: `Purchase invoice ${invoice.invoiceNumber}`,
    source: "purchase_invoice",
    sourceId: invoice.id,
    createdBy: by.createdBy,
    lines: [debit(CODES.purchases, invoice.subtotal), debit(CODES.vatOnPurchases, invoice.vatAmount), credit(CODES.tradeCreditors, invoice.total)],
  });
}

/** Paying a supplier: off what we owe them, out of the account named (Suspense when none). */
export function postSupplierPayment(tx: DB, payment: PaymentPosting, by: By = {}) {
  const from = moneyAccountCode(tx, payment.financialAccountId);
  return postJournal(tx, {
    date: payment.paymentDate,
    description: `Payment to supplier for ${payment.invoiceNumber}`,
    source: "purchase_payment",
    sourceId: payment.id,
    createdBy: by.createdBy,
    lines: [debit(CODES.tradeCreditors, payment.amount), credit(from, payment.amount)],
  });
}

export type CreditNotePosting = {
  id: number;
  creditNoteNumber: string;
  issueDate: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  refundedAmount: number;
  refundAccountId: number | null;
  /** e.g. "RMA-000001 against INV-2026-00012" */
  reference: string;
};

/**
 * A refund return's credit note: sales returns and the VAT on them debited, the customer credited; then,
 * for what their invoice no longer owed, the refund paid back out of the account named (Suspense when none).
 */
export function postCreditNote(tx: DB, note: CreditNotePosting, by: By = {}) {
  const issued = postJournal(tx, {
    date: note.issueDate,
    description: `Credit note ${note.creditNoteNumber} (${note.reference})`,
    source: "credit_note",
    sourceId: note.id,
    createdBy: by.createdBy,
    lines: [debit(CODES.salesReturns, note.subtotal), debit(CODES.vatOnSales, note.vatAmount), credit(CODES.tradeDebtors, note.total)],
  });
  if (note.refundedAmount <= 0) return issued;
  const from = moneyAccountCode(tx, note.refundAccountId);
  postJournal(tx, {
    date: note.issueDate,
    description: `Refund paid for credit note ${note.creditNoteNumber}`,
    source: "refund_payment",
    sourceId: note.id,
    createdBy: by.createdBy,
    lines: [debit(CODES.tradeDebtors, note.refundedAmount), credit(from, note.refundedAmount)],
  });
  return issued;
}

export type VatReturnPosting = { id: number; quarter: string; endDate: string; box1VatDue: number; box4VatReclaimed: number; box5NetVat: number };

/**
 * A VAT return filed: the VAT on sales and on purchases it declared move to the liability to HMRC, dated the
 * period's last day. Only what the return declared moves, so an entry dated in the period but recorded after
 * it was filed stays in 2200/2201 for the next return, as the return itself counts it.
 */
export function postVatReturnFiled(tx: DB, vatReturn: VatReturnPosting, by: By = {}) {
  return postJournal(tx, {
    date: vatReturn.endDate,
    description: `VAT return ${vatReturn.quarter} filed`,
    source: "vat_return",
    sourceId: vatReturn.id,
    createdBy: by.createdBy,
    lines: [
      debit(CODES.vatOnSales, vatReturn.box1VatDue),
      credit(CODES.vatOnPurchases, vatReturn.box4VatReclaimed),
      credit(CODES.vatLiability, vatReturn.box5NetVat),
    ],
  });
}

/** Paid to HMRC (amount > 0) out of the account named, or repaid by HMRC (amount < 0) into it. */
export function postVatPayment(
  tx: DB,
  payment: { id: number; quarter: string; amount: number; paymentDate: string; financialAccountId: number | null },
  by: By = {},
) {
  const account = moneyAccountCode(tx, payment.financialAccountId);
  const paid = payment.amount > 0;
  return postJournal(tx, {
    date: payment.paymentDate,
    description: paid ? `VAT paid to HMRC for ${payment.quarter}` : `VAT repaid by HMRC for ${payment.quarter}`,
    source: "vat_payment",
    sourceId: payment.id,
    createdBy: by.createdBy,
    lines: [debit(CODES.vatLiability, payment.amount), credit(account, payment.amount)],
  });
}
