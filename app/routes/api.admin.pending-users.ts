import type { LoaderFunctionArgs } from "@remix-run/node";
import { heldSignUpCounts, listHeldSignUps } from "~/domain/users/held-sign-ups.server";
import { pendingUsersQuerySchema } from "~/domain/users/held-sign-ups.schema";
import { adminUserJson, listPendingUsers } from "~/domain/users/users.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, pagedJsonResponse, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/pending-users: the approval queue, registrations waiting for approval (approvedAt null),
 * oldest first, all on one page (X-Total-Count says how many). Sign-ups held back as likely automated (beyond
 * the day's share of the queue) are not in it: X-Held-Count says how many wait apart (X-Held-Today: held
 * today), and `?held=true` lists them instead, newest first, 25 a `page` (each has `signUpHeldAt`).
 * 401 signed out; 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "customers");
  const db = getDb();
  const query = parseQuery(request, pendingUsersQuerySchema);
  const counts = heldSignUpCounts(db);
  const headers = { "X-Held-Count": String(counts.total), "X-Held-Today": String(counts.today) };
  if (query.held) return pagedJsonResponse(listHeldSignUps(db, query.page), adminUserJson, headers);
  const pending = listPendingUsers(db);
  return pagedJsonResponse(
    { items: pending, total: pending.length, page: 1, pageSize: Math.max(1, pending.length), pageCount: 1 },
    adminUserJson,
    headers,
  );
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
