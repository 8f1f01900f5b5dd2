import { json, type ActionFunctionArgs } from "@remix-run/node";
import { adminOrderJson, getAdminOrder, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { approveOrder } from "~/domain/orders/order-approvals.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/admin/orders/{id}/approve (empty body) → 200 {message, invoiceNumber, pointsEarned, order}: the
 * order moves to processing, its invoice is issued and its points credited. 404 unknown, 409 when the order
 * is not awaiting approval.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "orders");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const id = requireIntParam(params.orderId, ORDER_NOT_FOUND_MESSAGE);
  const db = getDb();
  const result = await approveOrder(db, admin, id, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json({
    message: "Order approved",
    invoiceNumber: result.value.invoiceNumber,
    pointsEarned: result.value.pointsEarned,
    order: adminOrderJson(getAdminOrder(db, id)!),
  });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "orders");
  return methodNotAllowed(["POST"]);
});
