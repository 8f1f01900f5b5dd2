import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requestQuoteSchema } from "~/domain/quotes/quote.schema";
import { quoteListQuery } from "~/domain/quotes/quote-api.server";
import { getMyQuote, listMyQuotes, quotesRefusal, requestQuote } from "~/domain/quotes/quotes.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/quotes?status=&page=: the caller's quotes (a buyer's own; an approver's or company admin's the
 *   company's), newest first, 20 a page: {items: [{id, quoteNumber, version, label, status, statusLabel, company,
 *   placedBy, wantedBy, validUntil, sentAt, acceptedAt, order, approvalRequestId, createdAt, subtotal, vatAmount,
 *   total, lineCount}], total, page, pageSize, pageCount}. `status` is requested (being priced: drafts too),
 *   draft, sent, accepted, declined, revision_requested or expired (400 otherwise). Prices and totals are null
 *   until the quote has been sent (a draft's are the wholesaler's work in progress). 401 signed out; 403 for viewers, staff and suppliers.
 * POST /api/quotes {items: [{productId, quantity, selectedVariants?}], notes?, wantedBy? (YYYY-MM-DD, not past)}:
 *   asks for a quote: 201 {quote} (GET /api/quotes/{id}'s shape, lines not yet priced). 400 {message, field} for
 *   bad input (an unknown product or options: field items; a quantity outside the product's pack rule: field
 *   quantity, the message naming the rule and the nearest quantity allowed). Honours an Idempotency-Key header (200 on a repeat).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "quotes");
  const query = quoteListQuery(request.url);
  if (!query.ok) return failureResponse(query);
  const list = listMyQuotes(getDb(), user, query.value);
  return list.ok ? json(list.value, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(list);
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyRole(request, "quotes");
  const refused = quotesRefusal(user);
  if (refused) return failureResponse(refused);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, requestQuoteSchema);
  const db = getDb();
  const written = requestQuote(db, user, input, { from: "items", key });
  if (!written.ok) return failureResponse(written);
  const quote = getMyQuote(db, user, written.value.quoteId);
  if (!quote.ok) return failureResponse(quote);
  return json({ quote: quote.value }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
