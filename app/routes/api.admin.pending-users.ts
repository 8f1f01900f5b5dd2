import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { adminUserJson, listPendingUsers } from "~/domain/users/users.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute } from "~/utils/http.server";

/** GET /api/admin/pending-users: registrations waiting for approval (approvedAt null), oldest first. */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json(listPendingUsers(getDb()).map(adminUserJson));
});
