/**
 * Pro forma terms: pay before dispatch (docs/decisions/0071). An order whose invoice was issued on pro forma terms
 * (or, not yet invoiced, of a company on pro forma terms now) is not shipped until that invoice is paid in full.
 */
import { eq } from "drizzle-orm";
import { companies, orders, salesInvoices } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

type OrderRef = Pick<typeof orders.$inferSelect, "id" | "orderNumber" | "companyId">;

export type ProFormaState = { proForma: boolean; invoiceNumber: string | null; outstanding: number };

/** Whether the order is on pro forma terms, and what is still to pay on its invoice. */
export function proFormaState(db: DB, order: OrderRef): ProFormaState {
  const invoice = db
    .select({
      invoiceNumber: salesInvoices.invoiceNumber,
      paymentTerms: salesInvoices.paymentTerms,
      status: salesInvoices.status,
      total: salesInvoices.total,
      amountPaid: salesInvoices.amountPaid,
      creditedAmount: salesInvoices.creditedAmount,
    })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, order.id))
    .get();
  if (invoice) {
    const outstanding = invoice.status === "void" ? 0 : Math.max(0, invoice.total - invoice.amountPaid - invoice.creditedAmount);
    return { proForma: invoice.paymentTerms === "pro_forma", invoiceNumber: invoice.invoiceNumber, outstanding };
  }
  if (order.companyId === null) return { proForma: false, invoiceNumber: null, outstanding: 0 };
  const company = db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, order.companyId)).get();
  return { proForma: company?.terms === "pro_forma", invoiceNumber: null, outstanding: 0 };
}

/** The 409 message when a pro forma order waits for payment, or null when it may ship. */
export function proFormaUnpaid(db: DB, order: OrderRef): string | null {
  const state = proFormaState(db, order);
  if (!state.proForma) return null;
  if (state.invoiceNumber === null) {
    return `Order ${order.orderNumber} is on pro forma terms: it is shipped once its invoice is issued and paid.`;
  }
  if (state.outstanding <= 0) return null;
  return `Order ${order.orderNumber} is on pro forma terms: invoice ${state.invoiceNumber} (${formatMoney(state.outstanding)} to pay, inc VAT) must be paid before it is shipped.`;
}
