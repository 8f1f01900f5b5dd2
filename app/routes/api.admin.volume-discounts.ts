import { volumeDiscountListApiQuerySchema, volumeDiscountSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  createVolumeDiscount,
  listVolumeDiscounts,
  volumeDiscountJson,
} from "~/domain/pricing/volume-discounts.server";
import { apiCollection } from "~/utils/api-resource.server";

/**
 * GET /api/admin/volume-discounts: rules by product name then minimum quantity, each
 * {id, productId, minQuantity, discountPercentage: "10.00", product: {name, salesPrice}, createdAt}.
 * Filters `productId` and `q` (product name); paging by `page` and `pageSize` (1 to 100, default 100), with
 * X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers. 400 when productId is not a positive number.
 * POST /api/admin/volume-discounts {productId, minQuantity, discountPercentage} → 201 rule.
 * 400 invalid or an unknown product (field productId); 409 field minQuantity when the product already has a
 * rule at that minimum quantity. 401/403 without an admin session; 405 other methods.
 */
const rules = apiCollection({
  area: "pricing",
  list: { query: volumeDiscountListApiQuerySchema, page: (db, query) => listVolumeDiscounts(db, query, query.pageSize) },
  toJson: volumeDiscountJson,
  schema: volumeDiscountSchema,
  create: createVolumeDiscount,
});

export const loader = rules.loader;
export const action = rules.action;
