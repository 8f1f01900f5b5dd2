import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { buyerQuotePdf } from "~/domain/quotes/quote-pdf.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse, pdfRefusal } from "~/utils/invoice-pdf.server";

/**
 * GET /account/quotes/{id}.pdf: a version of one of the company's quotes as a PDF download, as the quote page
 * shows it (a buyer their own, approvers and company admins the company's; viewers are refused). Another
 * company's quote, or one this person may not see, is 404 as if unknown; one not yet sent, 409.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const id = quoteIdParam(params);
  const result = id === null ? null : await buyerQuotePdf(getDb(), user, id);
  if (!result?.ok) {
    throw pdfRefusal(result?.message ?? QUOTE_NOT_FOUND, result?.status);
  }
  return pdfDownloadResponse(result.value.pdf, result.value.filename);
}
