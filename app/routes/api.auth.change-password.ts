import { json, type ActionFunctionArgs } from "@remix-run/node";
import { signInSourceOf } from "~/utils/device-cookie.server";
import { changePasswordSchema } from "~/domain/users/account.schema";
import { changePassword } from "~/domain/users/user-accounts.server";
import { requireApiUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { getSession } from "~/utils/session.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/auth/change-password {currentPassword, newPassword, confirmPassword?}: 200 {message: "Password
 * changed"}; 400 {message, field} for each rule and for a wrong current password; 401 when signed out;
 * 429 with Retry-After while guessing holds the account (the sign-in limits, this client's device cookie
 * included).
 * The caller's session stays signed in; the user's other sessions end. A repeat with the same
 * `Idempotency-Key` after a change answers as the first request did (200), changing nothing more.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, changePasswordSchema);
  const session = await getSession(request);
  const result = await changePassword(getDb(), user.id, input, {
    keepSessionId: session.id || undefined,
    idempotencyKey: apiIdempotencyKey(request),
    ...(await signInSourceOf(request)),
  });
  if (!result.ok) return failureResponse(result);
  return json({ message: result.value.message });
});

export const loader = () => methodNotAllowed(["POST"]);
