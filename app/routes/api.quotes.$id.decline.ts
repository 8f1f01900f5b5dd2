import { json, type ActionFunctionArgs } from "@remix-run/node";
import { declineQuoteSchema, QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { declineQuote, getMyQuote, quotesRefusal } from "~/domain/quotes/quotes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/quotes/{id}/decline {reason}: declines a sent quote with the reason: 200 {quote}. 400 without a reason (field reason); 409 when it is not sent (or has expired, or was accepted or declined already); 404 for a quote the caller may not see. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "quotes");
  const refused = quotesRefusal(user);
  if (refused) return failureResponse(refused);
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, declineQuoteSchema);
  const db = getDb();
  const result = declineQuote(db, user, id, input, key);
  if (!result.ok) return failureResponse(result);
  const quote = getMyQuote(db, user, result.value.quoteId);
  return quote.ok ? json({ quote: quote.value }, { headers: { "Cache-Control": "no-store" } }) : failureResponse(quote);
});

export const loader = () => methodNotAllowed(["POST"]);
