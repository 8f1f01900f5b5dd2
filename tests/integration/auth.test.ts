import { randomBytes, scryptSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import * as apiAdminStats from "~/routes/api.admin.stats";
import * as apiCategories from "~/routes/api.categories";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiSignup from "~/routes/api.auth.signup";
import * as apiUser from "~/routes/api.auth.user";
import * as apiLogout from "~/routes/api.logout";
import * as logoutPage from "~/routes/logout";
import * as adminPage from "~/routes/admin._index";
import * as loginPage from "~/routes/login/route";
import { getDb } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { createCategory, createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

const signup = {
  email: "New.Buyer@Example.com",
  password: "secret1",
  firstName: "Nia",
  lastName: "Buyer",
  businessName: "Buyer Bakes Ltd",
  address: "1 High Street, York",
  phone: "01904 000000",
};

function userCount() {
  return getDb().select({ n: sql<number>`count(*)` }).from(users).get()!.n;
}

async function apiSignIn(email: string, password = TEST_PASSWORD, cookie?: string) {
  return callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password }, cookie }));
}

async function currentUser(cookie?: string) {
  return callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }));
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  await createUser({ email: "gone@example.com", isActive: false });
});

// sign-up, through both doors: sign-up.test.ts

describe("sign-in", () => {
  it("API: wrong password and unknown email get the same answer", async () => {
    const wrong = await apiSignIn("buyer@example.com", "wrong-password");
    const unknown = await apiSignIn("nobody@example.com", "wrong-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await readJson(wrong)).toEqual({ message: "Invalid email or password" });
    expect(await readJson(unknown)).toEqual({ message: "Invalid email or password" });
  });

  it("API: signs in, and the cookie authenticates later calls", async () => {
    const response = await apiSignIn("Buyer@Example.com");
    expect(response.status).toBe(200);
    expect((await readJson(response)).email).toBe("buyer@example.com");
    const me = await currentUser(cookieFrom(response));
    expect(me.status).toBe(200);
    expect((await readJson(me)).role).toBe("customer");
  });

  it("API: validation messages of the login form", async () => {
    const empty = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email: "", password: "x" } }));
    expect(await readJson(empty)).toEqual({ message: "Email is required", field: "email" });
    const bad = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email: "nope", password: "x" } }));
    expect(await readJson(bad)).toEqual({ message: "Please enter a valid email address", field: "email" });
    const noPassword = await callRoute(
      apiLogin.action,
      buildRequest("/api/auth/login", { json: { email: "buyer@example.com", password: "" } }),
    );
    expect(noPassword.status).toBe(400);
    expect(await readJson(noPassword)).toEqual({ message: "Password is required", field: "password" });
  });

  it("API: a deactivated account cannot sign in", async () => {
    const response = await apiSignIn("gone@example.com");
    expect(response.status).toBe(403);
  });

  it("form: signs in and returns to the page that asked, never to another site", async () => {
    const back = await callRoute(
      loginPage.action,
      buildRequest("/login", { form: { intent: "login", email: "buyer@example.com", password: TEST_PASSWORD, redirectTo: "/account/orders" } }),
    );
    expect(redirectLocation(back)).toBe("/account/orders");
    const offsite = await callRoute(
      loginPage.action,
      buildRequest("/login", { form: { intent: "login", email: "buyer@example.com", password: TEST_PASSWORD, redirectTo: "//evil.example" } }),
    );
    expect(redirectLocation(offsite)).toBe("/");
  });

  it("both doors: a hash made with older parameters is made again with today's at a right sign-in, never at a wrong one", async () => {
    const hashOf = (email: string) => getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)).get()!.hash;
    const suiteCost = process.env.PASSWORD_HASH_COST;
    // a hash as this install made them before 0094 (p = 1), at another cost than today's
    const salt = randomBytes(16);
    const key = scryptSync(TEST_PASSWORD, salt, 64, { N: 2 ** (Number(suiteCost ?? 10) + 1), r: 8, p: 1 });
    const pOne = ["scrypt", 2 ** (Number(suiteCost ?? 10) + 1), 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    expect(await verifyPassword(TEST_PASSWORD, pOne)).toBe(true);
    for (const [door, email] of [["api", "renew-api@example.com"], ["form", "renew-form@example.com"]] as const) {
      await createUser({ email, passwordHash: pOne });

      expect((await apiSignIn(email, "wrong-password")).status).toBe(401);
      expect(hashOf(email)).toBe(pOne);

      const signedIn =
        door === "api"
          ? await apiSignIn(email)
          : await callRoute(loginPage.action, buildRequest("/login", { form: { intent: "login", email, password: TEST_PASSWORD } }));
      expect(signedIn.status).toBe(door === "api" ? 200 : 302);
      const renewed = hashOf(email);
      expect(renewed.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** Number(suiteCost ?? 10)), "8", "2"]);
      expect(await verifyPassword(TEST_PASSWORD, renewed)).toBe(true);
      // the session the sign-in made still answers, and the next sign-in leaves the new hash as it is
      expect((await currentUser(cookieFrom(signedIn))).status).toBe(200);
      expect((await apiSignIn(email)).status).toBe(200);
      expect(hashOf(email)).toBe(renewed);
    }
  });

  it("form: a wrong password shows the message and does not send the password back", async () => {
    const response = await callRoute(
      loginPage.action,
      buildRequest("/login", { form: { intent: "login", email: "buyer@example.com", password: "wrong-password" } }),
    );
    expect(response.status).toBe(401);
    const body = await readJson(response);
    expect(body.result.error[""]).toEqual(["Invalid email or password"]);
    expect(body.result.initialValue?.password).toBeUndefined();
    expect(body.toast).toMatchObject({ title: "Login failed", description: "Invalid email or password" });
  });

  it("rotates the session id at sign-in and ends it at sign-out", async () => {
    const first = cookieFrom(await apiSignIn("buyer@example.com"));
    // signing in again on the same browser replaces the session id; the old id is worthless
    const second = cookieFrom(await apiSignIn("buyer@example.com", TEST_PASSWORD, first), first);
    expect(second).not.toBe(first);
    expect((await currentUser(first)).status).toBe(401);
    const out = await callRoute(apiLogout.action, buildRequest("/api/logout", { method: "POST", cookie: second }));
    expect(redirectLocation(out)).toBe("/");
    expect((await currentUser(second)).status).toBe(401);
  });

  it("GET /api/logout never signs out: whatever fetch metadata it carries, it leads to the confirm page and the session stays", async () => {
    const cookie = cookieFrom(await apiSignIn("buyer@example.com"));
    // no Sec-Fetch-Site at all is what a browser sends on a plain-http address, as a LAN install is
    const variants: Record<string, string>[] = [{}, { "Sec-Fetch-Site": "same-origin" }, { "Sec-Fetch-Site": "none" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of variants) {
      const response = await callRoute(apiLogout.loader, buildRequest("/api/logout", { cookie, headers }));
      expect(redirectLocation(response), JSON.stringify(headers)).toBe("/logout");
      expect(response.headers.getSetCookie()).toEqual([]);
      const me = await currentUser(cookie);
      expect(me.status, JSON.stringify(headers)).toBe(200);
      expect((await readJson(me)).email).toBe("buyer@example.com");
    }
    // the confirm page shows to a signed-in visitor; its one button posts, and that signs out
    expect((await callRoute(logoutPage.loader, buildRequest("/logout", { cookie }))).status).toBe(200);
    const out = await callRoute(apiLogout.action, buildRequest("/api/logout", { method: "POST", cookie }));
    expect(redirectLocation(out)).toBe("/");
    expect((await currentUser(cookie)).status).toBe(401);
    // signed out, the confirm page has nothing to ask
    expect(redirectLocation(await callRoute(logoutPage.loader, buildRequest("/logout", { cookie })))).toBe("/");
  });

  it("signed out, the current-user call answers 401", async () => {
    const response = await currentUser();
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
  });
});

describe("guards", () => {
  it("admin API: 401 signed out, 403 for a customer, 200 for an admin", async () => {
    const url = "/api/admin/stats";
    expect((await callRoute(apiAdminStats.loader, buildRequest(url))).status).toBe(401);
    const customer = cookieFrom(await apiSignIn("buyer@example.com"));
    const denied = await callRoute(apiAdminStats.loader, buildRequest(url, { cookie: customer }));
    expect(denied.status).toBe(403);
    expect(await readJson(denied)).toEqual({ message: "You do not have admin privileges." });
    const admin = cookieFrom(await apiSignIn("admin@example.com"));
    const stats = await readJson(await callRoute(apiAdminStats.loader, buildRequest(url, { cookie: admin })));
    expect(stats).toMatchObject({ totalRevenue: "0.00", pendingOrders: 0 });
  });

  it("admin page: signed out goes to login, a customer goes home with Access Denied", async () => {
    const signedOut = await callRoute(adminPage.loader, buildRequest("/admin"));
    expect(redirectLocation(signedOut)).toBe("/login?redirectTo=%2Fadmin");
    const customer = cookieFrom(await apiSignIn("buyer@example.com"));
    const denied = await callRoute(adminPage.loader, buildRequest("/admin", { cookie: customer }));
    expect(redirectLocation(denied)).toBe("/");
    expect(denied.headers.get("Set-Cookie")).toBeTruthy();
  });
});

describe("API conventions", () => {
  it("malformed JSON answers 400 and changes nothing", async () => {
    const before = userCount();
    const response = await callRoute(
      apiSignup.action,
      buildRequest("/api/auth/signup", { method: "POST", headers: { "Content-Type": "application/json" }, form: undefined, json: undefined }),
    );
    expect(response.status).toBe(400); // an empty body is not a signup either
    const malformed = new Request("http://localhost/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.co",',
    });
    const bad = await callRoute(apiSignup.action, malformed);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "Malformed JSON in request body" });
    expect(userCount()).toBe(before);
  });

  it("an oversized body answers 413 and changes nothing", async () => {
    const before = userCount();
    const huge = new Request("http://localhost/api/auth/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...signup, email: "big@example.com", address: "x".repeat(2 * 1024 * 1024) }),
    });
    const response = await callRoute(apiSignup.action, huge);
    expect(response.status).toBe(413);
    expect((await readJson(response)).message).toMatch(/too large/);
    expect(userCount()).toBe(before);
  });

  it("GET /api/categories lists categories with id, slug, name, description", async () => {
    createCategory("Cleaning & Hygiene", "Chemicals, paper and janitorial");
    const body = await readJson(await callRoute(apiCategories.loader, buildRequest("/api/categories")));
    expect(body).toEqual([
      { id: expect.any(Number), name: "Cleaning & Hygiene", slug: "cleaning-hygiene", description: "Chemicals, paper and janitorial" },
    ]);
  });
});
