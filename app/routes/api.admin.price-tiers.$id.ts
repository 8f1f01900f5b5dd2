import { PRICE_TIER_DELETED, priceTierSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  deletePriceTier,
  getPriceTier,
  priceTierJson,
  TIER_NOT_FOUND,
  updatePriceTier,
} from "~/domain/pricing/price-tiers.server";
import { apiRecord } from "~/utils/api-resource.server";

/**
 * GET /api/admin/price-tiers/{id}: one tier.
 * PUT /api/admin/price-tiers/{id} {name, description, discountPercentage}: replaces the tier's fields.
 * 400 invalid (with field); 409 field name when another tier has the name.
 * DELETE /api/admin/price-tiers/{id}: 200 {message, id, usersMoved}; the tier's users move to no tier.
 * 404 unknown tier; 401/403 without an admin session; 405 other methods.
 */
const tier = apiRecord({
  area: "pricing",
  notFound: TIER_NOT_FOUND,
  get: getPriceTier,
  toJson: priceTierJson,
  schema: priceTierSchema,
  update: updatePriceTier,
  remove: deletePriceTier,
  deletedJson: ({ id, usersMoved }) => ({ message: PRICE_TIER_DELETED, id, usersMoved }),
});

export const loader = tier.loader;
export const action = tier.action;
