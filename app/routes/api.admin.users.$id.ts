import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { updateUserSchema } from "~/domain/users/user.schema";
import { deleteUser, updateUser } from "~/domain/users/user-changes.server";
import { adminUserJson, getAdminUser, USER_NOT_FOUND_MESSAGE } from "~/domain/users/users.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** GET /api/admin/users/{id}: one user. */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "customers");
  const user = getAdminUser(getDb(), params.id ?? "");
  return user ? json(adminUserJson(user)) : jsonError(404, USER_NOT_FOUND_MESSAGE);
});

/**
 * PATCH /api/admin/users/{id}: changes only the fields given; the password only when one is given.
 * Setting isActive false (or a new password) ends the user's sessions. 409 field email for a taken email.
 * DELETE /api/admin/users/{id}: 200 {message, id}. 409 for your own account or a user with orders or
 * invoices (deactivate them instead).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "customers");
  const id = params.id ?? "";
  const db = getDb();
  if (request.method === "PATCH" || request.method === "PUT") {
    const input = await parseJsonBody(request, updateUserSchema);
    const result = await updateUser(db, admin, id, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json(adminUserJson(result.value));
  }
  if (request.method === "DELETE") {
    const result = deleteUser(db, admin, id, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return json({ message: "User deleted", id: result.value.id });
  }
  return methodNotAllowed(["GET", "PATCH", "DELETE"]);
});
