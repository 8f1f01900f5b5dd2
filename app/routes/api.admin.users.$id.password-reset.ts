import { json, type ActionFunctionArgs } from "@remix-run/node";
import { sendPasswordResetLink } from "~/domain/users/password-reset.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/admin/users/{id}/password-reset (no body): emails the user a link to choose a new password,
 * valid for one hour; their password is unchanged until they use it. 200 {message, email}; 401 signed out;
 * 403 not an admin; 404 unknown user; 409 a deactivated account; 502 {message} when the mail could not be
 * sent. Honours an Idempotency-Key header (a repeat answers the first result and sends nothing more).
 */
export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "customers");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await sendPasswordResetLink(getDb(), admin, params.id ?? "", { idempotencyKey: apiIdempotencyKey(request) });
  if (!result.ok) return result.status === 502 ? jsonError(502, result.message) : failureResponse(result);
  return json(result.value);
});

export const loader = () => methodNotAllowed(["POST"]);
