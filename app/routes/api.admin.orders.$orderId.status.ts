import { json, type ActionFunctionArgs } from "@remix-run/node";
import { orderStatusSchema } from "~/domain/orders/order-fulfilment.schema";
import { adminOrderJson, getAdminOrder, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { updateOrderStatus } from "~/domain/orders/order-fulfilment.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * PATCH /api/admin/orders/{orderId}/status {status: pending | processing | shipped | delivered | cancelled}
 * → 200 the order. Cancelled returns the stock, voids the invoice and reverses the points. 400 for any other
 * status, 404 for an unknown order, 409 for a cancelled order ("A cancelled order cannot be reopened ..."), for an
 * order on credit hold moved anywhere but cancelled (POST …/release-hold releases it), and for a pro forma order
 * moved to shipped or delivered before its invoice is paid (docs/decisions/0071).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "fulfilment");
  if (request.method !== "PATCH" && request.method !== "PUT") return methodNotAllowed(["PATCH"]);
  const id = requireIntParam(params.orderId, ORDER_NOT_FOUND_MESSAGE);
  const { status } = await parseJsonBody(request, orderStatusSchema);
  const db = getDb();
  const result = await updateOrderStatus(db, admin, id, status, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(adminOrderJson(getAdminOrder(db, id)!));
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["PATCH"]);
});
