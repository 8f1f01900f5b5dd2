import { customerPriceListApiQuerySchema, customerPriceSchema } from "~/domain/pricing/pricing-rules.schema";
import { createCustomerPrice, customerPriceJson, listCustomerPrices } from "~/domain/pricing/customer-prices.server";
import { apiCollection } from "~/utils/api-resource.server";

/**
 * GET /api/admin/customer-pricing: custom prices by customer email then product name, each
 * {id, userId, productId, customPrice: "16.50", user: {email, firstName, lastName}, product: {name,
 * salesPrice}, createdAt}. Filters `userId`, `productId` and `q` (email, name, product); paging by `page` and
 * `pageSize` (1 to 100, default 100) with X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 * 400 when productId is not a positive number.
 * POST /api/admin/customer-pricing {userId, productId, customPrice} → 201 rule. 400 invalid, a user who is
 * not a customer (field userId) or an unknown product (field productId); 409 field productId when the
 * customer already has a price for the product (PUT that rule instead). 401/403 without an admin session;
 * 405 other methods.
 */
const prices = apiCollection({
  area: "pricing",
  list: { query: customerPriceListApiQuerySchema, page: (db, query) => listCustomerPrices(db, query, query.pageSize) },
  toJson: customerPriceJson,
  schema: customerPriceSchema,
  create: createCustomerPrice,
});

export const loader = prices.loader;
export const action = prices.action;
