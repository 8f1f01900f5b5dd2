import { json, type ActionFunctionArgs } from "@remix-run/node";
import { registerCustomer, userJson } from "~/domain/users/user-accounts.server";
import { signupSchema } from "~/domain/users/auth.schema";
import { startUserSession } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/auth/signup: registers a customer pending approval and signs them in.
 * 201 with the user; 409 (field email) when the email is taken. With an `Idempotency-Key`, a repeat with
 * the same key and password answers 201 with the account the first request made (and signs it in).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, signupSchema);
  const result = await registerCustomer(getDb(), input, apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  const cookie = await startUserSession(request, result.value);
  return json(userJson(result.value), { status: 201, headers: { "Set-Cookie": cookie } });
});

export const loader = () => methodNotAllowed(["POST"]);
