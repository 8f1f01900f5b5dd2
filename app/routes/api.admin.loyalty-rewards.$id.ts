import { loyaltyRewardSchema, REWARD_DELETED } from "~/domain/loyalty/reward.schema";
import {
  deleteLoyaltyReward,
  getLoyaltyReward,
  loyaltyRewardJson,
  REWARD_NOT_FOUND,
  updateLoyaltyReward,
} from "~/domain/loyalty/rewards.server";
import { apiRecord } from "~/utils/api-resource.server";

/**
 * GET /api/admin/loyalty-rewards/{id}: one reward.
 * PUT /api/admin/loyalty-rewards/{id}: the same fields as POST; replaces the reward. A blank validFrom
 * means valid since the reward was created. 400 invalid (with field).
 * DELETE /api/admin/loyalty-rewards/{id}: 200 {message, id}; vouchers already issued stay usable.
 * 404 unknown reward; 401/403 without an admin session; 405 other methods.
 */
const reward = apiRecord({
  area: "pricing",
  notFound: REWARD_NOT_FOUND,
  get: getLoyaltyReward,
  toJson: loyaltyRewardJson,
  schema: loyaltyRewardSchema,
  update: updateLoyaltyReward,
  remove: deleteLoyaltyReward,
  deletedJson: ({ id }) => ({ message: REWARD_DELETED, id }),
});

export const loader = reward.loader;
export const action = reward.action;
