import { sendPurchaseInvoiceEmail } from "~/domain/invoices/purchase-invoice-email.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "~/domain/invoices/purchase-invoice.schema";
import { invoiceEmailApi } from "~/utils/invoice-api.server";

/**
 * POST /api/admin/invoices/purchase/{id}/send-email (empty body) → 200 {message: 'Invoice sent via email
 * successfully', to}. Emails the invoice as recorded, with its PDF attached, to the supplier's email.
 * 401 signed out; 403 not an admin; 404 unknown invoice; 409 when the supplier has no email address;
 * 502 {message} with the mail server's message (or 'Failed to send invoice') when it could not be sent;
 * 405 for any other method. Honours an Idempotency-Key header (a repeat sends nothing).
 */
export const { loader, action } = invoiceEmailApi({ area: "purchaseInvoices", notFound: PURCHASE_INVOICE_NOT_FOUND, send: sendPurchaseInvoiceEmail });
