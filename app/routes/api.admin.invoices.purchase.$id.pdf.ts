import { purchaseInvoicePdf } from "~/domain/invoices/purchase-invoice-document.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "~/domain/invoices/purchase-invoice.schema";
import { invoicePdfApi } from "~/utils/invoice-api.server";

/**
 * GET /api/admin/invoices/purchase/{id}/pdf: the supplier's invoice as recorded, as a PDF
 * (application/pdf, attachment named after the invoice number). 401 signed out; 403 not an admin; 404
 * unknown invoice; 405 for any other method.
 */
export const { loader, action } = invoicePdfApi({ area: "purchaseInvoices", notFound: PURCHASE_INVOICE_NOT_FOUND, render: (db, id) => purchaseInvoicePdf(db, id) });
