import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { QUOTE_NOT_FOUND, saveQuoteSchema } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { getStaffQuote, saveQuote } from "~/domain/quotes/quote-admin.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/admin/quotes/{id}: {quote} (GET /api/quotes/{id}'s shape; each line also has buyerPrice (the buyer's own
 *   price when last priced), costPrice, discountPercent, margin and marginPercent, and packRule (the product's pack
 *   rule now, "Case of 6 · min 12", or null); the quote its margin and marginPercent, all ex VAT).
 * PUT /api/admin/quotes/{id} {items: [{productId, quantity, selectedVariants?, unitPrice? ("12.50" ex VAT) |
 *   discountPercent? (off the buyer's own price)}], validUntil (YYYY-MM-DD, today or later), notes?,
 *   deliveryTerms?, overridePackRules?, packOverrideReason?}: prices a requested or draft quote (its lines
 *   replaced by these); it becomes a draft: 200 {quote}. 400 {message, field} for bad input (a quantity outside
 *   its product's pack rule: field quantity, naming the rule and the nearest quantity allowed, unless
 *   overridePackRules is true with a packOverrideReason, which is logged; without one: field packOverrideReason); 409 once it has been sent (the buyer asks for a revision
 *   instead); 404 unknown. Sales and full admins only. Honours an Idempotency-Key header.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "quotes");
  const id = quoteIdParam(params);
  const quote = id === null ? null : getStaffQuote(getDb(), id);
  return quote ? json({ quote }, { headers: { "Cache-Control": "private, no-store" } }) : jsonError(404, QUOTE_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireApiStaff(request, "quotes");
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, saveQuoteSchema);
  const db = getDb();
  const saved = saveQuote(db, user, id, input, key);
  if (!saved.ok) return failureResponse(saved);
  return json({ quote: getStaffQuote(db, id) }, { headers: { "Cache-Control": "no-store" } });
});
