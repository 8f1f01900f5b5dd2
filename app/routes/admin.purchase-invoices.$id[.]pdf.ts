import { purchaseInvoicePdf } from "~/domain/invoices/purchase-invoice-document.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "~/domain/invoices/purchase-invoice.schema";
import { invoicePrintLoader } from "~/utils/invoice-api.server";

/** GET /admin/purchase-invoices/{id}.pdf: the back office's Print, the purchase invoice as a PDF, opened in the browser. */
export const loader = invoicePrintLoader({ area: "purchaseInvoices", notFound: PURCHASE_INVOICE_NOT_FOUND, render: (db, id) => purchaseInvoicePdf(db, id) });
