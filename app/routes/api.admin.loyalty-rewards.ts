import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { loyaltyRewardSchema } from "~/domain/loyalty/reward.schema";
import { createLoyaltyReward, listLoyaltyRewards, loyaltyRewardJson } from "~/domain/loyalty/rewards.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";

const API_PAGE_SIZE_MAX = 100;
const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).catch(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_MAX),
});

/**
 * GET /api/admin/loyalty-rewards: every reward (active first, then by points cost), each {id, name,
 * description, pointsCost, rewardType, rewardValue ("10.00": percent or pounds; null for the other types),
 * productId, isActive, validFrom, validUntil, product: {name} | null, createdAt}. Paging by `page` and
 * `pageSize` (1 to 100, default 100) with X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const query = parseQuery(request, listQuerySchema);
  const result = listLoyaltyRewards(getDb(), { page: query.page }, query.pageSize);
  return json(result.items.map(loyaltyRewardJson), {
    headers: {
      "X-Total-Count": String(result.total),
      "X-Page": String(result.page),
      "X-Page-Size": String(result.pageSize),
      "X-Page-Count": String(result.pageCount),
    },
  });
});

/**
 * POST /api/admin/loyalty-rewards {name, description, pointsCost, rewardType, rewardValue, productId,
 * isActive, validFrom, validUntil} → 201 reward. pointsCost defaults to 100, rewardType to
 * discount_percentage, isActive to true; rewardValue is required for the discount types, productId for
 * free_product; dates are "YYYY-MM-DD" (UK days) or ISO date-times, validUntil after validFrom.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, loyaltyRewardSchema);
  const result = createLoyaltyReward(getDb(), admin, input, idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json(loyaltyRewardJson(result.value), { status: 201 });
});
