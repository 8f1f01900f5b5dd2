import { json, type ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/domain/users/password-reset.server";
import { resetPasswordApiSchema } from "~/domain/users/password-reset.schema";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/auth/reset-password {token, password}: sets a new password with the token of a reset link.
 * 200 {message}: the link and every other link of the account are void, every session of the account has
 * ended (no session is started: sign in with the new password) and the owner is told by mail.
 * 400 {message, field} for the password rules (field password) and for a link that has expired, was used or
 * was never sent (field token); 413 too large; 415 not JSON; 422 an `Idempotency-Key` first used with another
 * body. A repeat with the same key after a change answers as the first request did.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, resetPasswordApiSchema);
  const result = await resetPassword(
    getDb(),
    { token: input.token, newPassword: input.password },
    { idempotencyKey: apiIdempotencyKey(request) },
  );
  if (!result.ok) return failureResponse(result);
  return json({ message: result.value.message });
});

export const loader = () => methodNotAllowed(["POST"]);
