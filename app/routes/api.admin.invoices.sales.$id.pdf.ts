import type { LoaderFunctionArgs } from "@remix-run/node";
import { SALES_INVOICE_NOT_FOUND } from "~/domain/invoices/sales-invoice.schema";
import { getAdminSalesInvoice } from "~/domain/invoices/sales-invoice-list.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, methodNotAllowed, requireIntParam } from "~/utils/http.server";
import { pdfDownloadResponse, renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";

/** GET /api/admin/invoices/sales/{id}/pdf: any sales invoice as a PDF (application/pdf). */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const invoice = getAdminSalesInvoice(getDb(), requireIntParam(params.id, SALES_INVOICE_NOT_FOUND));
  if (!invoice) return jsonError(404, SALES_INVOICE_NOT_FOUND);
  const pdf = await renderSalesInvoicePdf(invoice.document, getCompanySettings());
  return pdfDownloadResponse(pdf, `${invoice.document.invoiceNumber}.pdf`);
});

export const action = () => methodNotAllowed(["GET"]);
