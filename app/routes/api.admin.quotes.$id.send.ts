import { json, type ActionFunctionArgs } from "@remix-run/node";
import { QUOTE_NOT_FOUND } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { getStaffQuote, sendQuote } from "~/domain/quotes/quote-admin.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/quotes/{id}/send: sends a priced quote to the person who asked for it, as a PDF by mail (the
 *   outbox when no SMTP server is set): 200 {quote, sent: {to, mailed, mailError}}. The quote is sent even when
 *   the mail fails (mailed false, mailError says why): the buyer sees it in their account. 409 when a line is
 *   unpriced (field items), the valid-until date is missing or past (field validUntil), or it is not requested
 *   or draft; 404 unknown. Sales and full admins only. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiStaff(request, "quotes");
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  const db = getDb();
  const sent = await sendQuote(db, user, id, apiIdempotencyKey(request));
  if (!sent.ok) return failureResponse(sent);
  const { to, mailed, mailError } = sent.value;
  return json({ quote: getStaffQuote(db, id), sent: { to, mailed, mailError } }, { headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
