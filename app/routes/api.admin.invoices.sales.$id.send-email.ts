import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { sendInvoiceEmail } from "~/domain/invoices/invoice-email.server";
import { invoiceEmailApi } from "~/utils/invoice-api.server";

/**
 * POST /api/admin/invoices/sales/{id}/send-email → {message: 'Invoice sent via email successfully', to}.
 * Emails the invoice with its PDF attached to the customer. 401 signed out; 403 not an admin; 404 unknown
 * invoice; 409 void or no address; 502 {message} with the mail server's message when it could not be sent.
 * Honours an Idempotency-Key header.
 */
export const { loader, action } = invoiceEmailApi({ area: "invoices", notFound: SALES_INVOICE_NOT_FOUND, send: sendInvoiceEmail });
