/**
 * Signing in from an integration test, through either door: the /login page's form (as a browser
 * without JavaScript posts it) or POST /api/auth/login (JSON).
 *
 *   const cookie = await signIn("buyer@example.com");                          // the form, lands on "/"
 *   const admin = await signIn("admin@example.com", { via: "api" });          // the JSON API, 200
 *   const next = await signIn(email, { cookie: guestCookie });                 // keeps the guest's session
 *   const refused = await postLogin(email, { via: "api", password: "wrong" }); // the raw response
 */
import { expect } from "vitest";
import * as loginPage from "~/routes/login/route";
import * as apiLogin from "~/routes/api.auth.login";
import { TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, redirectLocation } from "./http";

export type LoginOptions = {
  /** Defaults to TEST_PASSWORD, every factory user's password. */
  password?: string;
  /** The Cookie header the visitor already has (a guest cart, say); sent with the login and kept after it. */
  cookie?: string;
  /** "form" (default): the /login page's action; "api": POST /api/auth/login. */
  via?: "form" | "api";
};

export type SignInOptions = LoginOptions &
  (
    | { via?: "form"; /** Where the form must redirect to; defaults to "/". */ expectRedirect?: string }
    | { via: "api"; expectRedirect?: never }
  );

/** Posts the login through the chosen door and returns the response as it is, whatever it says. */
export function postLogin(email: string, { password = TEST_PASSWORD, cookie, via = "form" }: LoginOptions = {}) {
  return via === "api"
    ? callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password }, cookie }))
    : callRoute(loginPage.action, buildRequest("/login", { form: { intent: "login", email, password }, cookie }));
}

/**
 * Signs in and returns the Cookie header to send next (the session merged over `cookie`). Fails the test
 * unless the sign-in worked: the form redirects to `expectRedirect` ("/"), the API answers 200.
 */
export async function signIn(email: string, options: SignInOptions = {}): Promise<string> {
  const response = await postLogin(email, options);
  if (options.via === "api") expect(response.status).toBe(200);
  else expect(redirectLocation(response)).toBe(options.expectRedirect ?? "/");
  return cookieFrom(response, options.cookie);
}
