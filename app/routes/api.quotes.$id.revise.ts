import { json, type ActionFunctionArgs } from "@remix-run/node";
import { reviseQuoteSchema, QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { reviseQuote, getMyQuote, quotesRefusal } from "~/domain/quotes/quotes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/quotes/{id}/revise {notes}: asks for a revision of a sent or expired quote: this version is kept, marked revision_requested, and a new version of the same number is made for the wholesaler to price: 200 {quote} (the new version). 400 without notes (field notes); 409 from any other state; 404 for a quote the caller may not see. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "quotes");
  const refused = quotesRefusal(user);
  if (refused) return failureResponse(refused);
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, reviseQuoteSchema);
  const db = getDb();
  const result = reviseQuote(db, user, id, input, key);
  if (!result.ok) return failureResponse(result);
  const quote = getMyQuote(db, user, result.value.quoteId);
  return quote.ok ? json({ quote: quote.value }, { headers: { "Cache-Control": "no-store" } }) : failureResponse(quote);
});

export const loader = () => methodNotAllowed(["POST"]);
