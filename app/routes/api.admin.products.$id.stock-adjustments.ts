import { json, type ActionFunctionArgs } from "@remix-run/node";
import { PRODUCT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { stockAdjustmentBodySchema } from "~/domain/catalog/stock-movement.schema";
import { adjustStock } from "~/domain/catalog/stock-movements.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/**
 * POST /api/admin/products/{id}/stock-adjustments {change, note} → 201 {productId, stockLevel}: units in
 * (change > 0) or out (change < 0) with the reason in `note`, recorded as an Adjustment in the product's
 * movement history. 400 (field change or note) for bad input, 404, 409 (field change) when it would take
 * the stock below zero (nothing is written). Honours an Idempotency-Key header.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "stock");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const productId = requireIntParam(params.id, PRODUCT_NOT_FOUND);
  const body = await parseJsonBody(request, stockAdjustmentBodySchema);
  const result = adjustStock(getDb(), admin, { ...body, productId }, { idempotencyKey: idempotencyKeyFrom(request) });
  return result.ok ? json(result.value, { status: 201 }) : failureResponse(result);
});

export const loader = onlyMethods(["POST"]);
