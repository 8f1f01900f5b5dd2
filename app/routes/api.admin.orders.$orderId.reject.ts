import { json, type ActionFunctionArgs } from "@remix-run/node";
import { adminOrderJson, getAdminOrder, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { rejectOrder } from "~/domain/orders/order-approvals.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/admin/orders/{id}/reject (empty body) → 200 {message, unitsRestocked, order}: the order is
 * cancelled and its stock returned. 404 unknown, 409 when the order is not awaiting approval.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "orders");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const id = requireIntParam(params.orderId, ORDER_NOT_FOUND_MESSAGE);
  const db = getDb();
  const result = await rejectOrder(db, admin, id, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json({
    message: "Order rejected",
    unitsRestocked: result.value.unitsRestocked,
    order: adminOrderJson(getAdminOrder(db, id)!),
  });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "orders");
  return methodNotAllowed(["POST"]);
});
