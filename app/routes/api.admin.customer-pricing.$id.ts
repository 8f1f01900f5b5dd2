import { CUSTOMER_PRICING_DELETED, customerPriceSchema } from "~/domain/pricing/pricing-rules.schema";
import {
  CUSTOMER_PRICE_NOT_FOUND,
  customerPriceJson,
  deleteCustomerPrice,
  getCustomerPrice,
  updateCustomerPrice,
} from "~/domain/pricing/customer-prices.server";
import { apiRecord } from "~/utils/api-resource.server";

/**
 * GET /api/admin/customer-pricing/{id}: one custom price.
 * PUT /api/admin/customer-pricing/{id} {userId, productId, customPrice}: replaces the rule (400 invalid;
 * 409 when that customer and product already have another rule).
 * DELETE /api/admin/customer-pricing/{id}: 200 {message, id}.
 * 404 unknown rule; 401/403 without an admin session; 405 other methods.
 */
const price = apiRecord({
  area: "pricing",
  notFound: CUSTOMER_PRICE_NOT_FOUND,
  get: getCustomerPrice,
  toJson: customerPriceJson,
  schema: customerPriceSchema,
  update: updateCustomerPrice,
  remove: deleteCustomerPrice,
  deletedJson: ({ id }) => ({ message: CUSTOMER_PRICING_DELETED, id }),
});

export const loader = price.loader;
export const action = price.action;
