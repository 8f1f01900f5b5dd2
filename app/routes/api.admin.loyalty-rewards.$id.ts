import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { loyaltyRewardSchema, REWARD_DELETED } from "~/domain/loyalty/reward.schema";
import {
  deleteLoyaltyReward,
  getLoyaltyReward,
  loyaltyRewardJson,
  REWARD_NOT_FOUND,
  updateLoyaltyReward,
} from "~/domain/loyalty/rewards.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import {
  apiRoute,
  failureResponse,
  jsonError,
  methodNotAllowed,
  parseJsonBody,
  requireIntParam,
} from "~/utils/http.server";

/** GET /api/admin/loyalty-rewards/{id}: one reward. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const reward = getLoyaltyReward(getDb(), requireIntParam(params.id, REWARD_NOT_FOUND));
  return reward ? json(loyaltyRewardJson(reward)) : jsonError(404, REWARD_NOT_FOUND);
});

/**
 * PUT /api/admin/loyalty-rewards/{id}: the same fields as POST; replaces the reward. A blank validFrom
 * means valid since the reward was created.
 * DELETE /api/admin/loyalty-rewards/{id}: 200 {message, id}; vouchers already issued stay usable.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  const id = requireIntParam(params.id, REWARD_NOT_FOUND);
  const db = getDb();
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, loyaltyRewardSchema);
    const result = updateLoyaltyReward(db, admin, id, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(loyaltyRewardJson(result.value));
  }
  if (request.method === "DELETE") {
    const result = deleteLoyaltyReward(db, admin, id, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json({ message: REWARD_DELETED, id: result.value.id });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
