import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { staffQuotePdf } from "~/domain/quotes/quote-pdf.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

/**
 * GET /api/admin/quotes/{id}/pdf: any version of a quote as a PDF download ("QT-00012-v2.pdf"; a priced draft
 * says DRAFT). Sales and full admins. 401, 403, 404; 409 {message} while a line has no price.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "quotes");
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const result = await staffQuotePdf(getDb(), id);
  return result.ok ? pdfDownloadResponse(result.value.pdf, result.value.filename) : failureResponse(result);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "quotes");
  return methodNotAllowed(["GET"]);
});
