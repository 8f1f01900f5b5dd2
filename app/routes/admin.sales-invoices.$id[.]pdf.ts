import type { LoaderFunctionArgs } from "@remix-run/node";
import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { getAdminSalesInvoice } from "~/domain/invoices/sales-invoice-list.server";
import { requireAdmin } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse, renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";

/** GET /admin/sales-invoices/{id}.pdf: the back office's Print Invoice, the invoice as a PDF, opened in the browser. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const invoice = id > 0 ? getAdminSalesInvoice(getDb(), id) : null;
  if (!invoice) {
    throw new Response(SALES_INVOICE_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const pdf = await renderSalesInvoicePdf(invoice.document, getCompanySettings());
  const response = pdfDownloadResponse(pdf, `${invoice.document.invoiceNumber}.pdf`);
  // Shown in the browser's PDF viewer (to print), still saved under the invoice's number.
  response.headers.set("Content-Disposition", `inline; filename="${invoice.document.invoiceNumber.replace(/[^\w.-]/g, "_")}.pdf"`);
  return response;
}
