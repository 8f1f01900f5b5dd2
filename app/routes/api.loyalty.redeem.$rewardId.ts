import { json, type ActionFunctionArgs } from "@remix-run/node";
import { REWARD_UNAVAILABLE } from "~/domain/loyalty/loyalty-account.schema";
import { redeemReward, redemptionJson } from "~/domain/loyalty/loyalty-account.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/loyalty/redeem/{rewardId} (no body): spends the reward's points on a voucher for checkout.
 * 200 {message, voucher: {code, rewardName, rewardType, rewardValue ("5.00" or null)}}. An `Idempotency-Key`
 * header makes a retry return the first result without a second voucher. 401 signed out; 403 for anyone but
 * an approved, active customer; 404 when the reward is unknown or no longer available; 409 when the balance is
 * short (nothing is written).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "loyalty");
  const key = apiIdempotencyKey(request);
  const rewardId = requireIntParam(params.rewardId, REWARD_UNAVAILABLE);
  const result = redeemReward(getDb(), user, rewardId, key);
  if (!result.ok) return failureResponse(result);
  return json(redemptionJson(result.value), { headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
