import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { listInvoicePayments } from "~/domain/invoices/sales-invoice-list.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { invoicePaymentsApi } from "~/utils/invoice-api.server";

/**
 * GET /api/admin/invoices/sales/{id}/payments: the invoice's payments, oldest first, each {id,
 * paymentDate, amount ("12.50"), paymentMethod, reference, notes, financialAccountId,
 * financialAccountName, createdAt}.
 *
 * POST /api/admin/invoices/sales/{id}/payments {amount (number or "12.50"), paymentMethod (bank_transfer,
 * cash, credit), paymentDate? (YYYY-MM-DD, default today in the UK), reference?, notes?,
 * financialAccountId?} → 201 {message, payment, invoice: {id, invoiceNumber, status, amountPaid,
 * outstanding}}. 400 'Amount must be greater than 0 and not exceed £…' when the amount is 0 or less or
 * more than is outstanding; 409 for a void invoice. Honours an Idempotency-Key header.
 * Both: 401 signed out; 403 not an admin; 404 unknown invoice.
 */
export const { loader, action } = invoicePaymentsApi({
  area: "invoices",
  notFound: SALES_INVOICE_NOT_FOUND,
  list: listInvoicePayments,
  record: recordPayment,
});
