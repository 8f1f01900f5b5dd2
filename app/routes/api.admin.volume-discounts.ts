import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ruleListQuerySchema, volumeDiscountSchema } from "~/domain/pricing/pricing-rules.schema";
import { createVolumeDiscount, listVolumeDiscounts, volumeDiscountJson } from "~/domain/pricing/pricing-rules.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";

const API_PAGE_SIZE_MAX = 100;
const listQuerySchema = ruleListQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_MAX),
  productId: z.coerce
    .number({ invalid_type_error: "productId must be a number" })
    .int("productId must be a whole number")
    .positive("productId must be a positive number")
    .optional(),
});

/**
 * GET /api/admin/volume-discounts: rules by product name then minimum quantity, each
 * {id, productId, minQuantity, discountPercentage: "10.00", product: {name, salesPrice}, createdAt}.
 * Filters `productId` and `q` (product name); paging by `page` and `pageSize` (1 to 100, default 100), with
 * X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const query = parseQuery(request, listQuerySchema);
  const result = listVolumeDiscounts(getDb(), query, query.pageSize);
  return json(result.items.map(volumeDiscountJson), {
    headers: {
      "X-Total-Count": String(result.total),
      "X-Page": String(result.page),
      "X-Page-Size": String(result.pageSize),
      "X-Page-Count": String(result.pageCount),
    },
  });
});

/**
 * POST /api/admin/volume-discounts {productId, minQuantity, discountPercentage} → 201 rule.
 * 400 invalid or an unknown product (field productId); 409 field minQuantity when the product already has a
 * rule at that minimum quantity.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, volumeDiscountSchema);
  const result = createVolumeDiscount(getDb(), admin, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(volumeDiscountJson(result.value), { status: 201 });
});
