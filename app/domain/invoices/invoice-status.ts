/**
 * A sales invoice's status as customers and the back office see it. Only "unpaid" and "void" are stored;
 * paid, partially paid and overdue follow from the amounts and the due date, so a payment or the passing of
 * the due date never needs a write to keep the status right. Browser-safe (no server imports).
 */

export const INVOICE_STATUSES = ["void", "paid", "partially_paid", "overdue", "unpaid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export type InvoiceStatusInput = {
  /** the stored status: "unpaid" or "void" */
  status: string;
  /** pence, VAT included */
  total: number;
  /** pence paid so far */
  amountPaid: number;
  /** pence settled by credit notes (sales invoices; a purchase invoice has none: 0) */
  creditedAmount: number;
  /** YYYY-MM-DD; a purchase invoice may have none, and is then never overdue */
  dueDate: string | null;
};

/**
 * void when the invoice was voided (its order was cancelled); paid once the payments cover the total;
 * overdue when the due date has passed (`today` is after it) and something is still owed; partially_paid
 * when some of it is paid and it is not yet overdue; otherwise unpaid. `today` is a UK calendar date,
 * YYYY-MM-DD, so the comparison is a plain string comparison.
 */
export function deriveInvoiceStatus(invoice: InvoiceStatusInput, today: string): InvoiceStatus {
  if (invoice.status === "void") return "void";
  if (invoice.amountPaid + invoice.creditedAmount >= invoice.total) return "paid";
  if (invoice.dueDate !== null && invoice.dueDate < today) return "overdue";
  if (invoice.amountPaid + invoice.creditedAmount > 0) return "partially_paid";
  return "unpaid";
}

/** What is still owed, in pence: total − amount paid − credit notes set against it, never below 0, and 0 for a void invoice. */
export function invoiceOutstanding(invoice: Pick<InvoiceStatusInput, "status" | "total" | "amountPaid" | "creditedAmount">): number {
  if (invoice.status === "void") return 0;
  return Math.max(0, invoice.total - invoice.amountPaid - invoice.creditedAmount);
}

const LABELS: Record<InvoiceStatus, string> = {
  void: "Void",
  paid: "Paid",
  partially_paid: "Partially Paid",
  overdue: "Overdue",
  unpaid: "Unpaid",
};

/** "partially_paid" → "Partially Paid". */
export function invoiceStatusLabel(status: InvoiceStatus): string {
  return LABELS[status];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });

/** An invoice's calendar date in UK form: "2026-03-05" → "05 Mar 2026". Anything else is shown as it is. */
export function formatInvoiceDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}
