import { json, type ActionFunctionArgs } from "@remix-run/node";
import { PURCHASE_ORDER_NOT_FOUND, purchaseOrderStatusSchema } from "~/domain/purchasing/purchase-order.schema";
import { updatePurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status.server";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-orders.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, methodNotAllowed, onlyMethods, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * PATCH /api/admin/purchase-orders/{id}/status {status} → 200 {message, ...the purchase order}. Allowed:
 * draft → sent (the supplier is emailed the order as a PDF; 502 with the mail server's message if it cannot
 * be sent, and the order stays a draft), sent → received (each line's quantity is added to its product's
 * stock, once), draft or sent → cancelled. Any other move answers 409 with the reason; 400 for a status
 * that does not exist; 404 for an unknown order. Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "purchasing");
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const id = requireIntParam(params.id, PURCHASE_ORDER_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, purchaseOrderStatusSchema);
  const db = getDb();
  const result = await updatePurchaseOrderStatus(db, admin, id, input, key);
  if (!result.ok) return jsonError(result.status, result.message);
  return json({ message: result.value.description, ...getPurchaseOrder(db, id)! });
});

export const loader = onlyMethods(["PATCH"]);
