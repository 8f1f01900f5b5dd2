import { json, type ActionFunctionArgs } from "@remix-run/node";
import { approveUser } from "~/domain/users/user-approval.server";
import { adminUserJson } from "~/domain/users/users.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/** POST /api/admin/approve-user/{id} (empty body): sets approvedAt. 404 unknown, 409 already approved. */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "customers");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = approveUser(getDb(), admin, params.id ?? "", idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json({ message: "User approved", user: adminUserJson(result.value) });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "customers");
  return methodNotAllowed(["POST"]);
});
