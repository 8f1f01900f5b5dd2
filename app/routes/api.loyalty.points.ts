import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pointsBalance } from "~/domain/loyalty/loyalty-account.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed } from "~/utils/http.server";

/** GET /api/loyalty/points: {points}, the signed-in user's balance (0 when they have none). 401 signed out. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "loyalty");
  return json({ points: pointsBalance(getDb(), user.id) }, { headers: { "Cache-Control": "private, no-store" } });
});

export const action = () => methodNotAllowed(["GET"]);
