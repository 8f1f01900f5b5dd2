import { loyaltyRewardSchema, rewardListApiQuerySchema } from "~/domain/loyalty/reward.schema";
import { createLoyaltyReward, listLoyaltyRewards, loyaltyRewardJson } from "~/domain/loyalty/rewards.server";
import { apiCollection } from "~/utils/api-resource.server";

/**
 * GET /api/admin/loyalty-rewards: every reward (active first, then by points cost), each {id, name,
 * description, pointsCost, rewardType, rewardValue ("10.00": percent or pounds; null for the other types),
 * productId, isActive, validFrom, validUntil, product: {name} | null, createdAt}. Paging by `page` and
 * `pageSize` (1 to 100, default 100) with X-Total-Count, X-Page, X-Page-Size and X-Page-Count headers.
 * POST /api/admin/loyalty-rewards {name, description, pointsCost, rewardType, rewardValue, productId,
 * isActive, validFrom, validUntil} → 201 reward. pointsCost defaults to 100, rewardType to
 * discount_percentage, isActive to true; rewardValue is required for the discount types, productId for
 * free_product; dates are "YYYY-MM-DD" (UK days) or ISO date-times, validUntil after validFrom.
 * 400 invalid or an unknown free product (with field); 401/403 without an admin session; 405 other methods.
 */
const rewards = apiCollection({
  area: "pricing",
  list: { query: rewardListApiQuerySchema, page: (db, query) => listLoyaltyRewards(db, { page: query.page }, query.pageSize) },
  toJson: loyaltyRewardJson,
  schema: loyaltyRewardSchema,
  create: createLoyaltyReward,
});

export const loader = rewards.loader;
export const action = rewards.action;
