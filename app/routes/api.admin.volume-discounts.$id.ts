import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { VOLUME_DISCOUNT_DELETED, volumeDiscountSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  deleteVolumeDiscount,
  getVolumeDiscount,
  updateVolumeDiscount,
  VOLUME_DISCOUNT_NOT_FOUND,
  volumeDiscountJson,
} from "~/domain/pricing/pricing-rules.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import {
  apiRoute,
  failureResponse,
  jsonError,
  methodNotAllowed,
  parseJsonBody,
  requireIntParam,
} from "~/utils/http.server";

/** GET /api/admin/volume-discounts/{id}: one rule. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const rule = getVolumeDiscount(getDb(), requireIntParam(params.id, VOLUME_DISCOUNT_NOT_FOUND));
  return rule ? json(volumeDiscountJson(rule)) : jsonError(404, VOLUME_DISCOUNT_NOT_FOUND);
});

/**
 * PUT /api/admin/volume-discounts/{id} {productId, minQuantity, discountPercentage}: replaces the rule.
 * DELETE /api/admin/volume-discounts/{id}: 200 {message, id}.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  const id = requireIntParam(params.id, VOLUME_DISCOUNT_NOT_FOUND);
  const db = getDb();
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, volumeDiscountSchema);
    const result = updateVolumeDiscount(db, admin, id, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(volumeDiscountJson(result.value));
  }
  if (request.method === "DELETE") {
    const result = deleteVolumeDiscount(db, admin, id, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json({ message: VOLUME_DISCOUNT_DELETED, id: result.value.id });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
