import { json, type ActionFunctionArgs } from "@remix-run/node";
import { releaseHoldSchema } from "~/domain/credit/credit-holds.schema";
import { ORDER_NOT_FOUND, releaseCreditHold } from "~/domain/credit/credit-holds.server";
import { adminOrderJson, getAdminOrder } from "~/domain/orders/order-list.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * POST /api/admin/orders/{id}/release-hold {note} → 200 {message, status, invoiceNumber, pointsEarned, order}: the
 * order leaves credit hold and goes on as usual (pending with its invoice and points, or pending_approval when the
 * company's orders wait for approval). 400 without a note; 403 for anyone but accounts and full admins; 404
 * unknown order; 409 when it is not on hold. Honours Idempotency-Key.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const staff = await requireApiStaff(request, "credit");
  const id = requireIntParam(params.orderId, ORDER_NOT_FOUND);
  const input = await parseJsonBody(request, releaseHoldSchema);
  const db = getDb();
  const result = await releaseCreditHold(db, staff, id, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json({
    message: `Order ${result.value.orderNumber} released from credit hold`,
    status: result.value.status,
    invoiceNumber: result.value.invoiceNumber,
    pointsEarned: result.value.pointsEarned,
    order: adminOrderJson(getAdminOrder(db, id)!),
  });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "credit");
  return methodNotAllowed(["POST"]);
});
