import { salesInvoicePdf } from "~/domain/invoices/invoice-document.server";
import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { invoicePrintLoader } from "~/utils/invoice-api.server";

/** GET /admin/sales-invoices/{id}.pdf: the back office's Print Invoice, the invoice as a PDF, opened in the browser. */
export const loader = invoicePrintLoader({ area: "invoices", notFound: SALES_INVOICE_NOT_FOUND, render: (db, id) => salesInvoicePdf(db, id) });
