import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { customerRewardJson, listAvailableRewards } from "~/domain/loyalty/loyalty-account.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/loyalty/rewards: the rewards that can be redeemed now (active, started, not ended), cheapest first,
 * each {id, name, description, pointsCost, rewardType, rewardValue ("10.00": percent or pounds; null for the
 * other types), productId, isActive, validFrom, validUntil (ISO), product: {name} | null}. 401 signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiCompanyRole(request, "loyalty");
  return json(listAvailableRewards(getDb()).map(customerRewardJson), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const action = () => methodNotAllowed(["GET"]);
