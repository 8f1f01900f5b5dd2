import { reviseQuoteSchema } from "~/domain/quotes/quote.schema";
import { buyerQuoteMoveAction } from "~/domain/quotes/quote-api.server";
import { reviseQuote } from "~/domain/quotes/quotes.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/quotes/{id}/revise {notes}: asks for a revision of a sent or expired quote: this version is kept,
 *   marked revision_requested, and a new version of the same number is made for the wholesaler to price: 200 {quote}
 *   (the new version). 400 without notes (field notes); 409 from any other state; 404 for a quote the caller may not
 *   see. Honours an Idempotency-Key header.
 */
export const action = buyerQuoteMoveAction(reviseQuoteSchema, reviseQuote);

export const loader = () => methodNotAllowed(["POST"]);
