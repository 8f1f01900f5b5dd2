import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { staffQuotePdf } from "~/domain/quotes/quote-pdf.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse, pdfRefusal } from "~/utils/invoice-pdf.server";

/**
 * GET /admin/quotes/{id}.pdf: a version of a quote as a PDF download, for the staff of the quotes area (sales
 * and full admins): what the buyer is (or will be) sent; a priced draft says DRAFT. 404 unknown; 409 while a
 * line has no price.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "quotes");
  const id = quoteIdParam(params);
  const result = id === null ? null : await staffQuotePdf(getDb(), id);
  if (!result?.ok) {
    throw pdfRefusal(result?.message ?? QUOTE_NOT_FOUND, result?.status);
  }
  return pdfDownloadResponse(result.value.pdf, result.value.filename);
}
