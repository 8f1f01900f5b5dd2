import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { orderListQuerySchema } from "~/domain/orders/order-history.schema";
import { returnRequestSchema } from "~/domain/returns/return.schema";
import { customerReturnsSlice, requestReturn } from "~/domain/returns/returns.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import {
  apiRoute,
  failureResponse,
  methodNotAllowed,
  pagedJsonResponse,
  parseJsonBody,
  parseQuery,
} from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/**
 * GET /api/returns?limit=&offset=: the signed-in customer's own returns, newest first (limit 1–100, 20 when
 * absent; `X-Total-Count` says how many in all, with X-Page, X-Page-Size and X-Page-Count). 400 for a bad
 * limit or offset, 401 when signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  const query = parseQuery(request, orderListQuerySchema);
  return pagedJsonResponse(customerReturnsSlice(getDb(), user.id, query));
});

/**
 * POST /api/returns {orderId, items: [{orderItemId, quantity}], returnType, reason, customerNotes}:
 * 201 with the return; 400 with the field; 404 when the order is not the customer's; 409 when it is not
 * delivered. An `Idempotency-Key` header makes a retry return the first result.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiCompanyRole(request, "history");
  const input = await parseJsonBody(request, returnRequestSchema);
  const result = requestReturn(getDb(), user, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});
