import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { getMyQuote } from "~/domain/quotes/quotes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/quotes/{id}: {quote: {id, quoteNumber, version, label, status (the state now: a sent quote past the
 *   end of its valid-until day, UK time, is "expired"), statusLabel, company, placedBy, requestNotes, notes,
 *   wantedBy, validUntil, deliveryTerms, sentAt, acceptedAt, order: {id, orderNumber} | null, approvalRequestId,
 *   declineReason, createdAt, subtotal, vatAmount, total (null until every line is priced), lines: [{id,
 *   productId, productName, sku, selectedVariants, quantity, unitPrice, vatRate, lineTotal, vatAmount}],
 *   versions: [{id, version, label, status, statusLabel}]}}. 404 for a quote the caller may not see.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "quotes");
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const quote = getMyQuote(getDb(), user, id);
  return quote.ok ? json({ quote: quote.value }, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(quote);
});

export const action = () => methodNotAllowed(["GET"]);
