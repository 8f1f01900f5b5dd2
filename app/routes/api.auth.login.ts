import { json, type ActionFunctionArgs } from "@remix-run/node";
import { userJson, verifyLogin } from "~/domain/users/user-accounts.server";
import { loginSchema } from "~/domain/users/auth.schema";
import { startUserSession } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { rememberDevice, signInSourceOf } from "~/utils/device-cookie.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/**
 * POST /api/auth/login {email, password}: 200 with the user; the session cookie authenticates later calls,
 * and a long-lived device cookie remembers this client for the account, so strangers' failed guesses never
 * hold it. When the guest cart of this session joins the account and a line of it is moved to its pack size
 * (the rule changed since it was added), `cartAdjusted` lists them. 400 {message, field} invalid fields; 401 wrong email or password; 403 deactivated account;
 * 429 with Retry-After while this client (or, with a device cookie, this device) is held for failed guesses.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, loginSchema);
  const result = await verifyLogin(getDb(), input, await signInSourceOf(request));
  if (!result.ok) return failureResponse(result);
  const headers = new Headers();
  const session = await startUserSession(request, result.value);
  headers.append("Set-Cookie", session.cookie);
  headers.append("Set-Cookie", await rememberDevice(request, result.value.email));
  // lines of the guest's cart moved to their pack size when it joined the account: [{name, asked, added}]
  const cartAdjusted = session.cartAdjusted.length > 0 ? { cartAdjusted: session.cartAdjusted } : {};
  return json({ ...userJson(result.value), ...cartAdjusted }, { headers });
});

export const loader = () => methodNotAllowed(["POST"]);
