import { json, type ActionFunctionArgs } from "@remix-run/node";
import { rejectUser } from "~/domain/users/user-approval.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * DELETE /api/admin/reject-user/{id}: removes a registration that is still pending approval.
 * 404 unknown, 409 when the user is already approved (use DELETE /api/admin/users/{id} for those).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "customers");
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const result = rejectUser(getDb(), admin, params.id ?? "", idempotencyKeyFrom(request));
  if (!result.ok) return failureResponse(result);
  return json({ message: "User rejected", id: result.value.id });
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "customers");
  return methodNotAllowed(["DELETE"]);
});
