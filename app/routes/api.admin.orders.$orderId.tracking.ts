import { json, type ActionFunctionArgs } from "@remix-run/node";
import { trackingSchema } from "~/domain/orders/order-fulfilment.schema";
import { adminOrderJson, getAdminOrder, ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { updateTracking } from "~/domain/orders/order-fulfilment.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";

/**
 * PATCH /api/admin/orders/{orderId}/tracking {trackingNumber, carrier, trackingUrl, estimatedDelivery}
 * → 200 the order. Only the fields sent change; null or "" clears one. Tracking number and carrier up to
 * 100 characters, the URL http(s) only, the estimated delivery a date YYYY-MM-DD (400 with the field).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "fulfilment");
  if (request.method !== "PATCH" && request.method !== "PUT") return methodNotAllowed(["PATCH"]);
  const id = requireIntParam(params.orderId, ORDER_NOT_FOUND_MESSAGE);
  const input = await parseJsonBody(request, trackingSchema);
  const db = getDb();
  const result = await updateTracking(db, admin, id, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(adminOrderJson(getAdminOrder(db, id)!));
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["PATCH"]);
});
