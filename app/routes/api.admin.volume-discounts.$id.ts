import { VOLUME_DISCOUNT_DELETED, volumeDiscountSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  deleteVolumeDiscount,
  getVolumeDiscount,
  updateVolumeDiscount,
  VOLUME_DISCOUNT_NOT_FOUND,
  volumeDiscountJson,
} from "~/domain/pricing/volume-discounts.server";
import { apiRecord } from "~/utils/api-resource.server";

/**
 * GET /api/admin/volume-discounts/{id}: one rule.
 * PUT /api/admin/volume-discounts/{id} {productId, minQuantity, discountPercentage}: replaces the rule
 * (400 invalid or an unknown product; 409 field minQuantity when another rule has that minimum quantity).
 * DELETE /api/admin/volume-discounts/{id}: 200 {message, id}.
 * 404 unknown rule; 401/403 without an admin session; 405 other methods.
 */
const rule = apiRecord({
  area: "pricing",
  notFound: VOLUME_DISCOUNT_NOT_FOUND,
  get: getVolumeDiscount,
  toJson: volumeDiscountJson,
  schema: volumeDiscountSchema,
  update: updateVolumeDiscount,
  remove: deleteVolumeDiscount,
  deletedJson: ({ id }) => ({ message: VOLUME_DISCOUNT_DELETED, id }),
});

export const loader = rule.loader;
export const action = rule.action;
