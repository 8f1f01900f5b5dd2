import { json, type ActionFunctionArgs } from "@remix-run/node";
import { userJson, verifyLogin } from "~/domain/users/user-accounts.server";
import { loginSchema } from "~/domain/users/auth.schema";
import { startUserSession } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { clientAddressOf } from "~/utils/sign-in-limits.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** POST /api/auth/login {email, password}: signs in; the session cookie authenticates later calls. */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, loginSchema);
  const result = await verifyLogin(getDb(), input, { client: clientAddressOf(request) });
  if (!result.ok) return failureResponse(result);
  const cookie = await startUserSession(request, result.value);
  return json(userJson(result.value), { headers: { "Set-Cookie": cookie } });
});

export const loader = () => methodNotAllowed(["POST"]);
