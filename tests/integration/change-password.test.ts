import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import * as dashboard from "~/routes/account.dashboard";
import * as accountIndex from "~/routes/account._index";
import * as apiChangePassword from "~/routes/api.auth.change-password";
import * as apiUser from "~/routes/api.auth.user";
import { getDb } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { postLogin, signIn } from "./sign-in";

const FORM_PATH = "/account/dashboard?dialog=change-password";

async function whoIs(cookie: string) {
  return callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }));
}

function passwordHashOf(email: string) {
  return getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)).get()!.hash;
}

function postForm(cookie: string | undefined, values: Record<string, string>) {
  return callRoute(
    dashboard.action,
    buildRequest(FORM_PATH, { form: { intent: "change-password", ...values }, cookie }),
  );
}

function postApi(cookie: string | undefined, body: unknown) {
  return callRoute(apiChangePassword.action, buildRequest("/api/auth/change-password", { json: body, cookie }));
}

beforeAll(async () => {
  await createUser({ email: "form@example.com", firstName: "Fiona", businessName: "Fiona Foods Ltd" });
  await createUser({ email: "api@example.com" });
  await createUser({ email: "nobody-named@example.com", firstName: null });
});

describe("the account dashboard", () => {
  it("sends a signed-out visitor to /login and back", async () => {
    const response = await callRoute(accountIndex.loader, buildRequest("/account"));
    expect(redirectLocation(response)).toBe("/login?redirectTo=%2Faccount");
  });

  it("shows who is signed in, their role and their order count; /account is the same screen", async () => {
    const cookie = await signIn("form@example.com", { via: "api" });
    for (const route of [accountIndex, dashboard]) {
      const body = await readJson(await callRoute(route.loader, buildRequest("/account/dashboard", { cookie })));
      expect(body).toEqual({
        user: {
          email: "form@example.com",
          firstName: "Fiona",
          businessName: "Fiona Foods Ltd",
          role: "customer",
          roleLabel: "Customer",
          // a customer made alone is their company's admin: the dashboard links to the Company screen
          companyRole: "company admin",
          companyRoleSummary: expect.stringContaining("manage your company's people"),
        },
        // what the company admin may open: everything
        areas: {
          account: true,
          ordering: true,
          history: true,
          templates: true,
          loyalty: true,
          addresses: true,
          addressBook: true,
          productRequests: true,
          approvals: true,
          balance: true,
          people: true,
          quotes: true,
        },
        orderCount: 0,
        approvalsWaiting: 0,
        dialog: null,
        changePasswordKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    const open = await readJson(await callRoute(dashboard.loader, buildRequest(FORM_PATH, { cookie })));
    expect(open.dialog).toBe("change-password");
  });
});

describe("change password: the form door", () => {
  it("refuses each rule on its field and sends no password back", async () => {
    const cookie = await signIn("form@example.com", { via: "api" });
    const before = passwordHashOf("form@example.com");
    const cases: [Record<string, string>, string, string][] = [
      [{ currentPassword: "", newPassword: "new-secret", confirmPassword: "new-secret" }, "currentPassword", "Current password is required"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "12345", confirmPassword: "12345" }, "newPassword", "New password must be at least 6 characters"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "new-secret", confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "new-secret", confirmPassword: "new-secrets" }, "confirmPassword", "Passwords don't match"],
    ];
    for (const [values, field, message] of cases) {
      const response = await postForm(cookie, values);
      expect(response.status, message).toBe(400);
      const text = await response.text();
      const body = JSON.parse(text);
      expect(body.result.error[field]).toEqual([message]);
      expect(text).not.toContain("new-secret");
      expect(text).not.toContain(TEST_PASSWORD);
    }
    expect(passwordHashOf("form@example.com")).toBe(before);
  });

  it("a wrong current password shows the server's message on the field and as the notice \"Error\"", async () => {
    const cookie = await signIn("form@example.com", { via: "api" });
    const before = passwordHashOf("form@example.com");
    const response = await postForm(cookie, {
      currentPassword: "not-my-password",
      newPassword: "new-secret",
      confirmPassword: "new-secret",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.result.error.currentPassword).toEqual(["Current password is incorrect"]);
    expect(body.notice).toEqual({ title: "Error", description: "Current password is incorrect" });
    expect(text).not.toContain("not-my-password");
    expect(passwordHashOf("form@example.com")).toBe(before);
  });

  it("a signed-out post goes to /login and changes nothing", async () => {
    const before = passwordHashOf("form@example.com");
    const response = await postForm(undefined, {
      currentPassword: TEST_PASSWORD,
      newPassword: "new-secret",
      confirmPassword: "new-secret",
    });
    expect(redirectLocation(response)).toMatch(/^\/login\?redirectTo=/);
    expect(passwordHashOf("form@example.com")).toBe(before);
  });

  it("changes the password, keeps this session, ends the others and says so", async () => {
    const mine = await signIn("form@example.com", { via: "api" });
    const other = await signIn("form@example.com", { via: "api" });
    expect((await whoIs(other)).status).toBe(200);

    const response = await postForm(mine, {
      currentPassword: TEST_PASSWORD,
      newPassword: "form-new-pass",
      confirmPassword: "form-new-pass",
    });
    expect(redirectLocation(response)).toBe("/account/dashboard");
    const after = cookieFrom(response, mine);

    const me = await whoIs(after);
    expect(me.status).toBe(200);
    expect((await readJson(me)).email).toBe("form@example.com");
    expect((await whoIs(other)).status).toBe(401);

    expect((await postLogin("form@example.com", { via: "api", password: TEST_PASSWORD })).status).toBe(401);
    expect((await postLogin("form@example.com", { via: "api", password: "form-new-pass" })).status).toBe(200);
  });

  it("flashes \"Password changed\" / \"Your password has been updated.\"", async () => {
    const cookie = await signIn("form@example.com", { via: "api", password: "form-new-pass" });
    const response = await postForm(cookie, {
      currentPassword: "form-new-pass",
      newPassword: "form-newer-pass",
      confirmPassword: "form-newer-pass",
    });
    expect(redirectLocation(response)).toBe("/account/dashboard");
    const session = await getSession(buildRequest("/", { cookie: cookieFrom(response, cookie) }));
    expect(session.get("toast")).toEqual({ title: "Password changed", description: "Your password has been updated." });
  });
});

describe("change password: POST /api/auth/change-password", () => {
  it("answers 401 when signed out", async () => {
    const response = await postApi(undefined, { currentPassword: TEST_PASSWORD, newPassword: "api-new-pass" });
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
  });

  it("answers 400 with the field for each rule", async () => {
    const cookie = await signIn("api@example.com", { via: "api" });
    const before = passwordHashOf("api@example.com");
    const cases: [unknown, string, string][] = [
      [{ newPassword: "api-new-pass" }, "currentPassword", "Current password is required"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "12345" }, "newPassword", "New password must be at least 6 characters"],
      [{ currentPassword: TEST_PASSWORD }, "newPassword", "New password must be at least 6 characters"],
      [
        { currentPassword: TEST_PASSWORD, newPassword: "api-new-pass", confirmPassword: "api-new-pas" },
        "confirmPassword",
        "Passwords don't match",
      ],
      [{ currentPassword: "wrong-password", newPassword: "api-new-pass" }, "currentPassword", "Current password is incorrect"],
    ];
    for (const [body, field, message] of cases) {
      const response = await postApi(cookie, body);
      expect(response.status, message).toBe(400);
      expect(await readJson(response)).toEqual({ message, field });
    }
    expect(passwordHashOf("api@example.com")).toBe(before);
  });

  it("changes the password: 200, this session carries on, another session of the user ends", async () => {
    const mine = await signIn("api@example.com", { via: "api" });
    const other = await signIn("api@example.com", { via: "api" });
    const response = await postApi(mine, { currentPassword: TEST_PASSWORD, newPassword: "api-new-pass" });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Password changed" });
    expect(text).not.toContain("api-new-pass");

    expect((await whoIs(mine)).status).toBe(200);
    expect((await whoIs(other)).status).toBe(401);

    const oldLogin = await postLogin("api@example.com", { via: "api", password: TEST_PASSWORD });
    expect(oldLogin.status).toBe(401);
    expect(await readJson(oldLogin)).toEqual({ message: "Invalid email or password" });
    const newLogin = await postLogin("api@example.com", { via: "api", password: "api-new-pass" });
    expect(newLogin.status).toBe(200);
    expect((await readJson(newLogin)).email).toBe("api@example.com");
  });

  it("answers 405 to other methods", async () => {
    const response = await callRoute(apiChangePassword.loader, buildRequest("/api/auth/change-password"));
    expect(response.status).toBe(405);
  });
});

describe("change password: a repeat with the same key", () => {
  beforeAll(async () => {
    await createUser({ email: "repeat-form@example.com" });
    await createUser({ email: "repeat-api@example.com" });
  });

  it("form: a retry after a lost reply answers \"Password changed\" again, not \"incorrect\", and changes nothing more", async () => {
    const cookie = await signIn("repeat-form@example.com", { via: "api" });
    const page = await readJson(await callRoute(dashboard.loader, buildRequest(FORM_PATH, { cookie })));
    const values = {
      currentPassword: TEST_PASSWORD,
      newPassword: "repeat-new-pass",
      confirmPassword: "repeat-new-pass",
      idempotencyKey: page.changePasswordKey,
    };
    const first = await postForm(cookie, values);
    expect(redirectLocation(first)).toBe("/account/dashboard");
    const changed = passwordHashOf("repeat-form@example.com");

    const repeat = await postForm(cookie, values);
    expect(redirectLocation(repeat)).toBe("/account/dashboard");
    const session = await getSession(buildRequest("/", { cookie: cookieFrom(repeat, cookie) }));
    expect(session.get("toast")).toEqual({ title: "Password changed", description: "Your password has been updated." });
    expect(passwordHashOf("repeat-form@example.com")).toBe(changed);
    expect((await postLogin("repeat-form@example.com", { via: "api", password: "repeat-new-pass" })).status).toBe(200);

    // a new key is a new change: the old current password is now wrong
    const fresh = await postForm(cookie, { ...values, idempotencyKey: "another-key-1234" });
    expect(fresh.status).toBe(400);
    expect(passwordHashOf("repeat-form@example.com")).toBe(changed);
  });

  it("a refused change is not stored: the same key with the right password then succeeds", async () => {
    await createUser({ email: "repeat-refused@example.com" });
    const cookie = await signIn("repeat-refused@example.com", { via: "api" });
    const key = "refused-then-right-1";
    const wrong = await postForm(cookie, {
      currentPassword: "not-my-password",
      newPassword: "right-new-pass",
      confirmPassword: "right-new-pass",
      idempotencyKey: key,
    });
    expect(wrong.status).toBe(400);
    const right = await postForm(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: "right-new-pass",
      confirmPassword: "right-new-pass",
      idempotencyKey: key,
    });
    expect(redirectLocation(right)).toBe("/account/dashboard");
  });

  it("API: the same Idempotency-Key answers 200 {message} again and changes nothing more", async () => {
    const cookie = await signIn("repeat-api@example.com", { via: "api" });
    const send = () =>
      callRoute(
        apiChangePassword.action,
        buildRequest("/api/auth/change-password", {
          json: { currentPassword: TEST_PASSWORD, newPassword: "repeat-api-pass" },
          cookie,
          headers: { "Idempotency-Key": "api-change-password-1" },
        }),
      );
    const first = await send();
    expect(first.status).toBe(200);
    const changed = passwordHashOf("repeat-api@example.com");
    const repeat = await send();
    expect(repeat.status).toBe(200);
    expect(await readJson(repeat)).toEqual({ message: "Password changed" });
    expect(passwordHashOf("repeat-api@example.com")).toBe(changed);
  });
});
