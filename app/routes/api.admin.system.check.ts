import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { runDataCheck } from "~/domain/system/data-checks.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";

/**
 * POST /api/admin/system/check (no body): runs the data checks (SQLite's integrity check, stock = movements,
 * journals balanced, search index) and answers {id, ranAt, ok, checks: [{key, label, ok, summary, problems,
 * problemCount, durationMs}]}; the same results are at /admin/system?check={id}. 401 signed out, 403 not an
 * admin. Running it again only runs the checks again.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  return json(runDataCheck(getDb(), admin), { headers: { "Cache-Control": "private, no-store" } });
});

export const loader = onlyMethods(["POST"]);
