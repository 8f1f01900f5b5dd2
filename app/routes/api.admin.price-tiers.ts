import { priceTierSchema } from "~/domain/pricing/pricing-rules.schema";
import { createPriceTier, listPriceTiers, priceTierJson } from "~/domain/pricing/price-tiers.server";
import { apiCollection } from "~/utils/api-resource.server";

/**
 * GET /api/admin/price-tiers: every tier by name, with discountPercentage as a 2-decimal string ("10.00")
 * and userCount (users on the tier).
 * POST /api/admin/price-tiers {name, description, discountPercentage} → 201 tier. discountPercentage is
 * 0 to 100 with at most two decimals ("12.50" or 12.5). 400 invalid (with field), 409 field name when the
 * name is taken (ignoring case). 401/403 without an admin session; 405 other methods.
 */
const tiers = apiCollection({
  area: "pricing",
  list: { all: listPriceTiers },
  toJson: priceTierJson,
  schema: priceTierSchema,
  create: createPriceTier,
});

export const loader = tiers.loader;
export const action = tiers.action;
