import { declineQuoteSchema } from "~/domain/quotes/quote.schema";
import { buyerQuoteMoveAction } from "~/domain/quotes/quote-api.server";
import { declineQuote } from "~/domain/quotes/quotes.server";
import { methodNotAllowed } from "~/utils/http.server";

/**
 * POST /api/quotes/{id}/decline {reason}: declines a sent quote with the reason: 200 {quote}. 400 without a reason
 *   (field reason); 409 when it is not sent (or has expired, or was accepted or declined already); 404 for a quote
 *   the caller may not see. Honours an Idempotency-Key header.
 */
export const action = buyerQuoteMoveAction(declineQuoteSchema, declineQuote);

export const loader = () => methodNotAllowed(["POST"]);
