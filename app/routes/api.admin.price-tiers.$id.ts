import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PRICE_TIER_DELETED, priceTierSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  deletePriceTier,
  getPriceTier,
  priceTierJson,
  TIER_NOT_FOUND,
  updatePriceTier,
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

/** GET /api/admin/price-tiers/{id}: one tier. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const tier = getPriceTier(getDb(), requireIntParam(params.id, TIER_NOT_FOUND));
  return tier ? json(priceTierJson(tier)) : jsonError(404, TIER_NOT_FOUND);
});

/**
 * PUT /api/admin/price-tiers/{id} {name, description, discountPercentage}: replaces the tier's fields.
 * 409 field name when another tier has the name.
 * DELETE /api/admin/price-tiers/{id}: 200 {message, id, usersMoved}; the tier's users move to no tier.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  const id = requireIntParam(params.id, TIER_NOT_FOUND);
  const db = getDb();
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, priceTierSchema);
    const result = updatePriceTier(db, admin, id, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(priceTierJson(result.value));
  }
  if (request.method === "DELETE") {
    const result = deletePriceTier(db, admin, id, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json({ message: PRICE_TIER_DELETED, id: result.value.id, usersMoved: result.value.usersMoved });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
