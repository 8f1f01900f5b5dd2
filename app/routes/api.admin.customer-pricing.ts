import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { customerPriceSchema, ruleListQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { createCustomerPrice, customerPriceJson, listCustomerPrices } from "~/domain/pricing/pricing-rules.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";

const API_PAGE_SIZE_MAX = 100;
const listQuerySchema = ruleListQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_MAX),
  userId: z.string().trim().min(1).max(64).optional(),
  productId: z.coerce
    .number({ invalid_type_error: "productId must be a number" })
    .int("productId must be a whole number")
    .positive("productId must be a positive number")
    .optional(),
});

/**
 * GET /api/admin/customer-pricing: custom prices by customer email then product name, each
 * {id, userId, productId, customPrice: "16.50", user: {email, firstName, lastName}, product: {name,
 * salesPrice}, createdAt}. Filters `userId`, `productId` and `q` (email, name, product); paging by `page` and
 * `pageSize` (1 to 100, default 100) with X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const query = parseQuery(request, listQuerySchema);
  const result = listCustomerPrices(getDb(), query, query.pageSize);
  return json(result.items.map(customerPriceJson), {
    headers: {
      "X-Total-Count": String(result.total),
      "X-Page": String(result.page),
      "X-Page-Size": String(result.pageSize),
      "X-Page-Count": String(result.pageCount),
    },
  });
});

/**
 * POST /api/admin/customer-pricing {userId, productId, customPrice} → 201 rule. 400 invalid, a user who is
 * not a customer (field userId) or an unknown product (field productId); 409 field productId when the
 * customer already has a price for the product (PUT that rule instead).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, customerPriceSchema);
  const result = createCustomerPrice(getDb(), admin, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(customerPriceJson(result.value), { status: 201 });
});
