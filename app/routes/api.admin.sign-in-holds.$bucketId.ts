import { json, type ActionFunctionArgs } from "@remix-run/node";
import { clearSignInHold } from "~/domain/users/sign-in-holds.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * DELETE /api/admin/sign-in-holds/{id} (the `id` of GET /api/admin/sign-in-holds): lifts that hold, audited,
 * with an optional `Idempotency-Key`. 200 with the hold as it was; 404 when it is not held (ended, cleared,
 * or no such id); 401 signed out, 403 not an admin, 405 other methods.
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(request);
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const result = clearSignInHold(getDb(), admin, params.bucketId ?? "", apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  return json(result.value);
});

export const loader = onlyMethods(["DELETE"]);
