import type { LoaderFunctionArgs } from "@remix-run/node";
import { INVOICE_NOT_FOUND } from "~/domain/invoices/customer-invoices.schema";
import { getCustomerInvoice } from "~/domain/invoices/customer-invoices.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, methodNotAllowed, requireIntParam } from "~/utils/http.server";
import { pdfDownloadResponse, renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";

/**
 * GET /api/invoices/{id}/pdf: one of the signed-in customer's invoices as a PDF download. 401 when signed
 * out; 404 when there is no such invoice of theirs (another customer's included).
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  const id = requireIntParam(params.id, INVOICE_NOT_FOUND);
  const invoice = getCustomerInvoice(getDb(), user.id, id);
  if (!invoice) return jsonError(404, INVOICE_NOT_FOUND);
  const pdf = await renderSalesInvoicePdf(invoice, getCompanySettings());
  return pdfDownloadResponse(pdf, `${invoice.invoiceNumber}.pdf`);
});

export const action = () => methodNotAllowed(["GET"]);
