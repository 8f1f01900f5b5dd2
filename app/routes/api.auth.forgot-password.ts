import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/domain/users/password-reset.server";
import { forgotPasswordSchema } from "~/domain/users/password-reset.schema";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { clientAddressOf } from "~/utils/sign-in-limits.server";

/**
 * POST /api/auth/forgot-password {email}: asks for a password reset link.
 * 202 {message} whether or not the email has an account (only an active account is sent a link, valid for one
 * hour); 400 {message, field} invalid email; 413 too large; 415 not JSON; 429 with Retry-After when this client
 * or this email address has asked too often in the last hour; 422 an `Idempotency-Key` first used with
 * another body. A repeat with the same key answers the same 202 and sends nothing more.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, forgotPasswordSchema);
  const result = requestPasswordReset(getDb(), input, {
    idempotencyKey: apiIdempotencyKey(request),
    client: clientAddressOf(request),
  });
  if (!result.ok) return failureResponse(result);
  return json({ message: result.value.message }, { status: 202 });
});

export const loader = () => methodNotAllowed(["POST"]);
