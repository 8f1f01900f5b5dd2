import { json } from "@remix-run/node";
import { getAdminStats } from "~/domain/reports/dashboard.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/** GET /api/admin/stats: admin only. Money as a 2-decimal string. */
export const loader = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  const stats = getAdminStats(getDb());
  return json({ ...stats, totalRevenue: toDecimalString(stats.totalRevenue) });
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
