import { salesInvoicePdf } from "~/domain/invoices/invoice-document.server";
import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { invoicePdfApi } from "~/utils/invoice-api.server";

/** GET /api/admin/invoices/sales/{id}/pdf: any sales invoice as a PDF (application/pdf). 401, 403, 404. */
export const { loader, action } = invoicePdfApi({ area: "invoices", notFound: SALES_INVOICE_NOT_FOUND, render: salesInvoicePdf });
