import type { LoaderFunctionArgs } from "@remix-run/node";
import { INVOICE_NOT_FOUND } from "~/domain/invoices/customer-invoices.schema";
import { getCustomerInvoice } from "~/domain/invoices/customer-invoices.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse, pdfRefusal, renderSalesInvoicePdf } from "~/utils/invoice-pdf.server";

/**
 * GET /account/invoices/{id}.pdf: the signed-in customer downloads one of their invoices (signed-out
 * visitors sign in first). Another customer's invoice is a 404, like one that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const invoice = id > 0 ? getCustomerInvoice(getDb(), user.id, id) : null;
  if (!invoice) {
    throw pdfRefusal(INVOICE_NOT_FOUND);
  }
  const pdf = await renderSalesInvoicePdf(invoice, getCompanySettings());
  return pdfDownloadResponse(pdf, `${invoice.invoiceNumber}.pdf`);
}
