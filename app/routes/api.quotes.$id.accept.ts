import { json, type ActionFunctionArgs } from "@remix-run/node";
import { APPROVAL_NOT_FOUND_MESSAGE, getApproval, SENT_FOR_APPROVAL_MESSAGE } from "~/domain/companies/approvals.server";
import { findOrderJson } from "~/domain/orders/order-history.server";
import { acceptQuoteSchema } from "~/domain/quotes/quote.schema";
import { buyerQuotePost } from "~/domain/quotes/quote-api.server";
import { acceptQuote } from "~/domain/quotes/quote-accept.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * POST /api/quotes/{id}/accept {addressId?, poReference?} with an optional Idempotency-Key header: accepts a sent
 *   quote in one step: 201 {order} (GET /api/orders' order shape) placed at the quoted prices, stock checked and
 *   taken now, delivered to `addressId` (one of the company's addresses), else the company's default address,
 *   else where the caller's last order went (409 on addressId when there is none). The same key again: 200 with
 *   the same order, nothing new. An order over the caller's spending limit is sent to the company's approvers:
 *   202 {approval, message}, placed at the quoted prices once approved. 409 when the quote is not sent, has
 *   expired (after its valid-until day, UK time) or was accepted already, or a line is short of stock (nothing
 *   written); 404 for a quote the caller may not see; 403 for viewers and accounts that cannot order.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const asked = await buyerQuotePost(request, params);
  if (asked instanceof Response) return asked;
  const { user, id, key } = asked;
  const input = await parseJsonBody(request, acceptQuoteSchema);
  const db = getDb();
  const result = await acceptQuote(db, user, id, input, key, "api");
  if (!result.ok) return failureResponse(result);
  const status = result.value.replayed ? 200 : undefined;
  if (result.value.kind === "sent_for_approval") {
    const sent = getApproval(db, user, result.value.approvalId);
    if (!sent) return jsonError(404, APPROVAL_NOT_FOUND_MESSAGE);
    return json({ approval: sent.approval, message: SENT_FOR_APPROVAL_MESSAGE }, { status: status ?? 202, headers: { "Cache-Control": "no-store" } });
  }
  const order = findOrderJson(db, result.value.orderId, user.id);
  if (!order) return jsonError(404, "Order not found");
  return json({ order }, { status: status ?? 201, headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
