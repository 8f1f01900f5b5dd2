import { json, type ActionFunctionArgs } from "@remix-run/node";
import { autoGeneratePurchaseOrders } from "~/domain/purchasing/auto-generate.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/purchase-orders/auto-generate (empty body) → 200 {message, created: [{id, orderNumber,
 * total, lines}], products, skipped: {alreadyOnOpenOrder, noSupplier}}: one draft purchase order per
 * preferred supplier for the products the stock forecast says to reorder. When nothing needs ordering,
 * `created` is empty and the message says why (still 200). Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "purchasing");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = autoGeneratePurchaseOrders(getDb(), admin, apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = onlyMethods(["POST"]);
