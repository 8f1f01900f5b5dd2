import { beforeAll, describe, expect, it } from "vitest";
import * as apiChangePassword from "~/routes/api.auth.change-password";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiUser from "~/routes/api.auth.user";
import * as apiLogout from "~/routes/api.logout";
import * as dashboard from "~/routes/account.dashboard";
import * as loginPage from "~/routes/login/route";
import { DEVICE_COOKIE } from "~/utils/device-cookie.server";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "~/utils/remembered-devices";
import {
  ACCOUNT_FAILURE_LIMIT,
  CLIENT_ADDRESS_HEADER,
  clientFailureLimit,
  DEVICE_FAILURE_LIMIT,
  TOO_MANY_ATTEMPTS,
} from "~/utils/sign-in-limits.server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { postLogin, signIn } from "./sign-in";

/**
 * Failed sign-ins are held through both doors, an attempt is counted before its password is checked, and a
 * browser that has signed in to an account before (its device cookie) is never held by strangers' guesses.
 */
type Door = "form" | "api";

/** One sign-in attempt through a door, from a client address, with the browser's cookies (if any). */
function attempt(via: Door, email: string, password: string, { cookie, client }: { cookie?: string; client: string }) {
  const headers = { [CLIENT_ADDRESS_HEADER]: client };
  return via === "api"
    ? callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password }, cookie, headers }))
    : callRoute(loginPage.action, buildRequest("/login", { form: { intent: "login", email, password }, cookie, headers }));
}

function expectSignedIn(via: Door, response: Response) {
  if (via === "api") expect(response.status).toBe(200);
  else expect(redirectLocation(response)).toBe("/");
}

async function signOut(cookie: string) {
  const response = await callRoute(apiLogout.action, buildRequest("/api/logout", { method: "POST", cookie }));
  return cookieFrom(response, cookie);
}

async function whoIs(cookie: string) {
  return callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }));
}

const withoutDeviceCookie = (cookie: string) =>
  cookie
    .split("; ")
    .filter((pair) => !pair.startsWith(`${DEVICE_COOKIE}=`))
    .join("; ");

beforeAll(async () => {
  for (const email of ["guessed@example.com", "busy@example.com", "changer@example.com", "crowd-api@example.com", "crowd-form@example.com"]) {
    await createUser({ email });
  }
  for (const via of ["form", "api"]) {
    await createUser({ email: `owner-${via}@example.com` });
    await createUser({ email: `careless-${via}@example.com` });
  }
  await createUser({ email: "mover-form@example.com" });
  await createUser({ email: "mover-api@example.com" });
});

describe("sign-in limits", () => {
  it("holds an account after ten wrong passwords, on the form and the API alike, with Retry-After", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const via = i % 2 === 0 ? "api" : "form";
      expect((await postLogin("guessed@example.com", { password: `wrong-${i}`, via })).status).toBe(401);
    }
    // now even the right password waits: the guesser must not learn it was right
    const api = await postLogin("guessed@example.com", { via: "api" });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(api)).toEqual({ message: TOO_MANY_ATTEMPTS });
    const form = await postLogin("guessed@example.com", { via: "form" });
    expect(form.status).toBe(429);
    expect(form.headers.get("Retry-After")).not.toBeNull();
    expect((await readJson(form)).toast).toMatchObject({ title: "Login failed", description: TOO_MANY_ATTEMPTS });
  });

  it("never counts successes: a busy counter signing in again and again is not held", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT * 2; i++) await signIn("busy@example.com", { via: "api" });
  });

  it.each(["api", "form"] as const)(
    "counts each guess before its password is checked: 30 at once through the %s door, at most ten are checked",
    async (via) => {
      const email = `crowd-${via}@example.com`;
      const client = via === "api" ? "198.51.100.41" : "198.51.100.42";
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(via, email, `guess-${i}`, { client })));
      const statuses = responses.map((response) => response.status);
      // checking then counting after the hash let every one of them through
      expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - ACCOUNT_FAILURE_LIMIT);
      expect(responses.filter((response) => response.headers.get("Retry-After") !== null)).toHaveLength(30 - ACCOUNT_FAILURE_LIMIT);
    },
  );

  it("holds change-password guessing on a signed-in session too", async () => {
    const cookie = await signIn("changer@example.com", { via: "api" });
    const tryPassword = (currentPassword: string) =>
      callRoute(
        apiChangePassword.action,
        buildRequest("/api/auth/change-password", {
          method: "POST",
          cookie,
          json: { currentPassword, newPassword: "new-secret-1", confirmPassword: "new-secret-1" },
          headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
        }),
      );
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await tryPassword(`guess-${i}`)).status).toBe(400);
    const held = await tryPassword(TEST_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).not.toBeNull();
  });
});

describe.each(["form", "api"] as const)("a remembered browser, through the %s door", (via) => {
  const email = `owner-${via}@example.com`;
  const client = via === "form" ? "203.0.113.31" : "203.0.113.32";

  it("still signs its owner in while a stranger at the same address is held", async () => {
    // the owner signs in: the reply remembers this browser for the account
    const first = await attempt(via, email, TEST_PASSWORD, { client });
    expectSignedIn(via, first);
    const deviceCookie = first.headers.getSetCookie().find((header) => header.startsWith(`${DEVICE_COOKIE}=`));
    expect(deviceCookie).toBeDefined();
    expect(deviceCookie).toMatch(/HttpOnly/);
    expect(deviceCookie).toMatch(/SameSite=Lax/);
    expect(deviceCookie).toMatch(new RegExp(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`));
    const browser = await signOut(cookieFrom(first));
    expect((await whoIs(browser)).status).toBe(401);
    expect(browser).toContain(`${DEVICE_COOKIE}=`);

    // a stranger (no device cookie) at the same address guesses 50 times: ten are checked, then held
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await attempt(via, email, `guess-${i}`, { client })).status);
    expect(statuses.slice(0, ACCOUNT_FAILURE_LIMIT)).toEqual(Array(ACCOUNT_FAILURE_LIMIT).fill(401));
    expect(statuses.slice(ACCOUNT_FAILURE_LIMIT)).toEqual(Array(50 - ACCOUNT_FAILURE_LIMIT).fill(429));
    // even with the right password, as a stranger
    const strangerRight = await attempt(via, email, TEST_PASSWORD, { client });
    expect(strangerRight.status).toBe(429);
    expect(Number(strangerRight.headers.get("Retry-After"))).toBeGreaterThan(0);
    // and the stranger's address runs out too, guessing at other accounts
    const addressLeft = clientFailureLimit() - ACCOUNT_FAILURE_LIMIT;
    for (let i = 0; i < addressLeft; i++) {
      expect((await attempt(via, `someone-${i}-${via}@example.com`, "guess", { client })).status).toBe(401);
    }
    expect((await attempt(via, `anyone-${via}@example.com`, "guess", { client })).status).toBe(429);

    // the owner's browser, from that same address: a slip is an ordinary wrong password, then it signs in
    const slip = await attempt(via, email, "not-my-password", { cookie: browser, client });
    expect(slip.status).toBe(401);
    const back = await attempt(via, email, TEST_PASSWORD, { cookie: browser, client });
    expectSignedIn(via, back);
    expect((await readJson(await whoIs(cookieFrom(back, browser)))).email).toBe(email);
  });

  it("holds only itself when its own guesses run out, and never strangers", async () => {
    const careless = `careless-${via}@example.com`;
    const browser = await signOut(cookieFrom(await attempt(via, careless, TEST_PASSWORD, { client: "192.0.2.77" })));
    for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++) {
      expect((await attempt(via, careless, `slip-${i}`, { cookie: browser, client: "192.0.2.77" })).status).toBe(401);
    }
    expect((await attempt(via, careless, TEST_PASSWORD, { cookie: browser, client: "192.0.2.77" })).status).toBe(429);
    // another browser of the owner, without the cookie, is not held by them
    expectSignedIn(via, await attempt(via, careless, TEST_PASSWORD, { client: "192.0.2.78" }));
  });
});

describe.each(["form", "api"] as const)("change password from a remembered browser, through the %s door", (via) => {
  it("is not held by strangers' guesses; the same session without its device cookie is", async () => {
    const email = `mover-${via}@example.com`;
    const cookie = await signIn(email, { via: "api" });
    expect(cookie).toContain(`${DEVICE_COOKIE}=`);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await attempt("api", email, `guess-${i}`, { client: "198.51.100.90" })).status).toBe(401);
    }
    const values = { currentPassword: TEST_PASSWORD, newPassword: "moved-on-1", confirmPassword: "moved-on-1" };
    const headers = { [CLIENT_ADDRESS_HEADER]: "198.51.100.91" };
    const change = (jar: string) =>
      via === "api"
        ? callRoute(apiChangePassword.action, buildRequest("/api/auth/change-password", { json: values, cookie: jar, headers }))
        : callRoute(
            dashboard.action,
            buildRequest("/account/dashboard?dialog=change-password", { form: { intent: "change-password", ...values }, cookie: jar, headers }),
          );
    const stranger = await change(withoutDeviceCookie(cookie));
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);
    if (via === "api") expect(await readJson(stranger)).toEqual({ message: TOO_MANY_ATTEMPTS, field: "currentPassword" });
    else expect((await readJson(stranger)).notice).toEqual({ title: "Error", description: TOO_MANY_ATTEMPTS });
    const owner = await change(cookie);
    if (via === "api") {
      expect(owner.status).toBe(200);
      expect(await readJson(owner)).toEqual({ message: "Password changed" });
    } else {
      expect(redirectLocation(owner)).toBe("/account/dashboard");
    }
  });
});
