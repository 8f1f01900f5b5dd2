import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminUserJson, listPendingUsers } from "~/domain/users/users.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, pagedJsonResponse } from "~/utils/http.server";

/**
 * GET /api/admin/pending-users: registrations waiting for approval (approvedAt null), oldest first, all on
 * one page (X-Total-Count says how many).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const pending = listPendingUsers(getDb());
  return pagedJsonResponse(
    { items: pending, total: pending.length, page: 1, pageSize: Math.max(1, pending.length), pageCount: 1 },
    adminUserJson,
  );
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
