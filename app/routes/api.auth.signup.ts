import { json, type ActionFunctionArgs } from "@remix-run/node";
import { registerCustomer } from "~/domain/users/sign-up.server";
import { signupSchema } from "~/domain/users/auth.schema";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { clientAddressOf } from "~/utils/sign-in-limits.server";

/**
 * POST /api/auth/signup: applies for a trade account.
 * 202 `{ message, email, firstName }` whether or not the email already has an account (a new email gets a
 * customer pending approval and a mail saying so; a taken one gets a mail to its owner and nothing else), and
 * no session: the applicant signs in with the password they chose. 400 (field) invalid input; 413 too large;
 * 429 with Retry-After when this client, or everyone together, has made too many sign-ups in the last hour;
 * 422 an `Idempotency-Key` first used with another body. A repeat with the same key answers the same 202 and
 * makes nothing twice.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, signupSchema);
  const result = await registerCustomer(getDb(), input, {
    idempotencyKey: apiIdempotencyKey(request),
    client: clientAddressOf(request),
  });
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 202 });
});

export const loader = () => methodNotAllowed(["POST"]);
