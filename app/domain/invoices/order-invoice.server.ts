/**
 * An order's sales invoice as every screen and API shows it beside the order: its number and its status as
 * derived (paid, partially_paid, overdue, unpaid or void), never the stored "unpaid" a paid invoice still
 * carries. The admin order view, the order APIs and the POS checkout's answer all read it from here.
 */
import { eq } from "drizzle-orm";
import { salesInvoices } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { deriveInvoiceStatus, type InvoiceStatus } from "./invoice-status";
import { ukDay } from "~/utils/uk-time";

export type OrderInvoice = { id: number; invoiceNumber: string; status: InvoiceStatus };

/** The order's invoice row with the figures its status and what it still owes are worked out from; undefined when none. */
export function orderInvoiceRow(db: DB, orderId: number) {
  return db
    .select({
      id: salesInvoices.id,
      invoiceNumber: salesInvoices.invoiceNumber,
      status: salesInvoices.status,
      total: salesInvoices.total,
      amountPaid: salesInvoices.amountPaid,
      creditedAmount: salesInvoices.creditedAmount,
      dueDate: salesInvoices.dueDate,
    })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, orderId))
    .get();
}

/** The order's invoice with its status as of `today` (UK, YYYY-MM-DD); null when the order has none yet. */
export function orderInvoice(db: DB, orderId: number, today: string = ukDay()): OrderInvoice | null {
  const row = orderInvoiceRow(db, orderId);
  return row ? { id: row.id, invoiceNumber: row.invoiceNumber, status: deriveInvoiceStatus(row, today) } : null;
}
