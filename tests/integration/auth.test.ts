import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import * as apiAdminStats from "~/routes/api.admin.stats";
import * as apiCategories from "~/routes/api.categories";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiSignup from "~/routes/api.auth.signup";
import * as apiUser from "~/routes/api.auth.user";
import * as apiLogout from "~/routes/api.logout";
import * as adminPage from "~/routes/admin._index";
import * as loginPage from "~/routes/login/route";
import { getDb } from "~/utils/db.server";
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

describe("sign-up", () => {
  it("API: creates a customer pending approval and signs them in", async () => {
    const response = await callRoute(apiSignup.action, buildRequest("/api/auth/signup", { json: signup }));
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({ email: "new.buyer@example.com", firstName: "Nia", role: "customer", isApproved: false });
    expect(body).not.toHaveProperty("passwordHash");
    const me = await readJson(await currentUser(cookieFrom(response)));
    expect(me.email).toBe("new.buyer@example.com");
  });

  it("API: a taken email answers 409 on the email field and writes nothing", async () => {
    const before = userCount();
    const response = await callRoute(
      apiSignup.action,
      buildRequest("/api/auth/signup", { json: { ...signup, email: "BUYER@example.com" } }),
    );
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: "An account with this email already exists", field: "email" });
    expect(userCount()).toBe(before);
  });

  it("API: each missing field has its own message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...signup, email: "" }, "email", "Email is required"],
      [{ ...signup, email: "not-an-email" }, "email", "Please enter a valid email address"],
      [{ ...signup, password: "12345" }, "password", "Password must be at least 6 characters long"],
      [{ ...signup, firstName: " " }, "firstName", "First name is required"],
      [{ ...signup, lastName: "" }, "lastName", "Last name is required"],
      [{ ...signup, businessName: "" }, "businessName", "Business name is required"],
      [{ ...signup, address: "" }, "address", "Address is required"],
      [{ ...signup, phone: "" }, "phone", "Phone number is required"],
    ];
    for (const [body, field, message] of cases) {
      const response = await callRoute(apiSignup.action, buildRequest("/api/auth/signup", { json: { ...body, email: body.email === signup.email ? "x@example.com" : body.email } }));
      expect(response.status, `${field}`).toBe(400);
      expect(await readJson(response)).toEqual({ message, field });
    }
    expect(getDb().select().from(users).where(eq(users.email, "x@example.com")).get()).toBeUndefined();
  });

  it("form: signs up, lands home with the welcome toast, pending approval", async () => {
    const response = await callRoute(
      loginPage.action,
      buildRequest("/login?tab=signup", { form: { ...signup, email: "form.buyer@example.com", intent: "signup" } }),
    );
    expect(redirectLocation(response)).toBe("/");
    const row = getDb().select().from(users).where(eq(users.email, "form.buyer@example.com")).get();
    expect(row?.approvedAt).toBeNull();
    expect(row?.role).toBe("customer");
  });

  it("form: a taken email is shown on the email field", async () => {
    const response = await callRoute(
      loginPage.action,
      buildRequest("/login", { form: { ...signup, email: "buyer@example.com", intent: "signup" } }),
    );
    expect(response.status).toBe(409);
    const body = await readJson(response);
    expect(body.result.error.email).toEqual(["An account with this email already exists"]);
    expect(body.toast.title).toBe("Signup failed");
  });
});

describe("sign-up: a repeat with the same key", () => {
  it("form: a retry after a lost reply signs in to the account the first post made, one account", async () => {
    const page = await readJson(await callRoute(loginPage.loader, buildRequest("/login?tab=signup")));
    expect(page.signupKey).toMatch(/^[0-9a-f-]{36}$/);
    const form = { ...signup, email: "repeat.buyer@example.com", intent: "signup", idempotencyKey: page.signupKey };
    const post = (values: Record<string, string>) => callRoute(loginPage.action, buildRequest("/login?tab=signup", { form: values }));
    const before = userCount();
    expect(redirectLocation(await post(form))).toBe("/");
    const repeat = await post(form);
    expect(redirectLocation(repeat)).toBe("/");
    expect(userCount()).toBe(before + 1);
    const me = await readJson(await currentUser(cookieFrom(repeat)));
    expect(me.email).toBe("repeat.buyer@example.com");

    // the key alone signs no one in: another password with the same key is "already exists"
    const stranger = await post({ ...form, password: "not-theirs" });
    expect(stranger.status).toBe(409);
    expect((await readJson(stranger)).result.error.email).toEqual(["An account with this email already exists"]);
  });

  it("API: the same Idempotency-Key answers 201 with the same account and creates one", async () => {
    const body = { ...signup, email: "repeat.api@example.com" };
    const send = () =>
      callRoute(apiSignup.action, buildRequest("/api/auth/signup", { json: body, headers: { "Idempotency-Key": "signup-repeat-12" } }));
    const before = userCount();
    const first = await send();
    expect(first.status).toBe(201);
    const repeat = await send();
    expect(repeat.status).toBe(201);
    expect((await readJson(repeat)).id).toBe((await readJson(first)).id);
    expect(userCount()).toBe(before + 1);
  });
});

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

  it("GET /api/logout signs out a navigation from the app's own pages, and asks first when another site sent it", async () => {
    const cookie = cookieFrom(await apiSignIn("buyer@example.com"));
    const fromElsewhere = await callRoute(
      apiLogout.loader,
      buildRequest("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } }),
    );
    expect(redirectLocation(fromElsewhere)).toBe("/logout");
    expect((await currentUser(cookie)).status).toBe(200);

    const fromSidebar = await callRoute(
      apiLogout.loader,
      buildRequest("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "same-origin" } }),
    );
    expect(redirectLocation(fromSidebar)).toBe("/");
    expect((await currentUser(cookie)).status).toBe(401);
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
