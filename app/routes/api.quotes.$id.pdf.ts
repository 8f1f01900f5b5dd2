import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { buyerQuotePdf } from "~/domain/quotes/quote-pdf.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

/**
 * GET /api/quotes/{id}/pdf: a version of a quote the caller may see, as a PDF download (application/pdf,
 * "QT-00012-v2.pdf"). 401 signed out; 403 for a role without quotes; 404 for a quote the caller may not see;
 * 409 {message} while it has not been sent yet.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "quotes");
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const result = await buyerQuotePdf(getDb(), user, id);
  return result.ok ? pdfDownloadResponse(result.value.pdf, result.value.filename) : failureResponse(result);
});

export const action = () => methodNotAllowed(["GET"]);
