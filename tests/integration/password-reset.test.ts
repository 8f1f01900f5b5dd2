/**
 * Forgotten passwords through both doors (the /forgot-password and /reset-password/{token} forms, and
 * POST /api/auth/forgot-password and /api/auth/reset-password), and an admin's reset link (the Users screen and
 * POST /api/admin/users/{id}/password-reset): the same reply for every email, a link that works once within its
 * hour, only its hash at rest, the limits, every session of the account ended, and the mails that say so.
 * The mail of a request goes out after the reply, so tests wait for it in the outbox as a person would.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResets, signInFailures, users } from "~db/schema";
import * as root from "~/root";
import * as usersPage from "~/routes/admin.users/route";
import * as apiAdminReset from "~/routes/api.admin.users.$id.password-reset";
import * as apiForgot from "~/routes/api.auth.forgot-password";
import * as apiReset from "~/routes/api.auth.reset-password";
import * as apiUser from "~/routes/api.auth.user";
import * as forgotPage from "~/routes/forgot-password";
import * as resetPage from "~/routes/reset-password.$token";
import { RESET_LINK_LIFETIME_MS, requestPasswordReset } from "~/domain/users/password-reset.server";
import { verifyLogin } from "~/domain/users/user-accounts.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { sweepOnce } from "~/utils/housekeeping.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { decoyPasswordHash, hashesInFlight, passwordHashCost, verifyPassword } from "~/utils/password.server";
import { CLIENT_ADDRESS_HEADER } from "~/utils/sign-in-limits.server";
import { startAppServer, type AppServer } from "./app-server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { postLogin, signIn } from "./sign-in";

const REQUESTED = "If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.";
const NOT_VALID = "This password reset link has expired or has already been used. Please ask for a new one.";
const LINK_SUBJECT = "Reset your password";
const CHANGED_SUBJECT = "Your password was changed";
const TOKEN = /\/reset-password\/([A-Za-z0-9_-]{43})/;

const db = () => getDb();
let sequence = 0;
/** An address, and a client address, that no other test of this file uses. */
const freshEmail = (prefix: string) => `${prefix}-${++sequence}@example.com`;
const freshClient = () => `198.51.100.${++sequence}`;

async function account(prefix: string, values: Partial<typeof users.$inferInsert> = {}) {
  return createUser({ email: freshEmail(prefix), firstName: "Rosa", ...values });
}

/** The mails sent to `email`, oldest first, with their decoded bodies. */
function mailsTo(email: string) {
  return listOutbox({ limit: 10_000 })
    .items.filter((item) => item.to.toLowerCase() === email.toLowerCase())
    .reverse()
    .map((item) => {
      const raw = fs.readFileSync(path.join(outboxDir(), item.file), "latin1");
      const body = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { subject: item.subject, body: Buffer.from(body, "latin1").toString("utf8") };
    });
}

/** Waits until `count` mails have reached `email` (a request's mail goes out after its reply). */
async function waitForMails(email: string, count: number) {
  return vi.waitFor(
    () => {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** The token of the newest reset link mailed to `email`. */
async function tokenMailedTo(email: string, count = 1) {
  const mails = await waitForMails(email, count);
  const mail = mails[count - 1]!;
  expect(mail.subject).toBe(LINK_SUBJECT);
  return TOKEN.exec(mail.body)![1]!;
}

function apiForgotPassword(email: unknown, client = freshClient(), headers: Record<string, string> = {}) {
  return callRoute(
    apiForgot.action,
    buildRequest("/api/auth/forgot-password", { json: { email }, headers: { [CLIENT_ADDRESS_HEADER]: client, ...headers } }),
  );
}

function formForgotPassword(email: string, client = freshClient(), extra: Record<string, string> = {}) {
  return callRoute(
    forgotPage.action,
    buildRequest("/forgot-password", { form: { email, ...extra }, headers: { [CLIENT_ADDRESS_HEADER]: client } }),
  );
}

function apiResetPassword(token: string, password: string, headers: Record<string, string> = {}) {
  return callRoute(apiReset.action, buildRequest("/api/auth/reset-password", { json: { token, password }, headers }));
}

function formResetPassword(token: string, newPassword: string, confirmPassword = newPassword, cookie?: string) {
  return callRoute(
    resetPage.action,
    buildRequest(`/reset-password/${token}`, { form: { newPassword, confirmPassword }, cookie }),
    { token },
  );
}

async function resetPageFor(token: string) {
  const response = await callRoute(resetPage.loader, buildRequest(`/reset-password/${token}`), { token });
  return { response, body: await readJson<{ email: string | null }>(response) };
}

/** The notice a redirect flashed, as the page it lands on shows it, and whether anyone is signed in there. */
async function landing(response: Response, previous = "") {
  const cookie = cookieFrom(response, previous);
  const page = await readJson(await callRoute(root.loader, buildRequest(redirectLocation(response), { cookie })));
  const me = await callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }));
  return { toast: page.toast, signedIn: me.status === 200 };
}

async function signedIn(cookie: string) {
  return (await callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }))).status === 200;
}

const linksOf = (userId: string) => db().select().from(passwordResets).where(eq(passwordResets.userId, userId)).all();

let adminCookie: string;
beforeAll(async () => {
  await createUser({ email: "reset-admin@example.com", role: "admin" });
  adminCookie = await signIn("reset-admin@example.com", { via: "api" });
});

describe("asking for a link", () => {
  it("answers an account, an unknown email and a deactivated account alike; only the account gets a link", async () => {
    const known = await account("known");
    const closed = await account("closed", { isActive: false });
    const unknown = freshEmail("nobody");

    const answers = await Promise.all([known.email, unknown, closed.email].map((email) => apiForgotPassword(email)));
    for (const response of answers) {
      expect(response.status).toBe(202);
      expect(await readJson(response)).toEqual({ message: REQUESTED });
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const token = await tokenMailedTo(known.email);
    // the account's mail has arrived; none went to the others, and no link was made for them
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(closed.email)).toEqual([]);
    expect(linksOf(closed.id)).toEqual([]);

    const mail = mailsTo(known.email)[0]!;
    expect(mail.body).toContain("Hello Rosa,");
    expect(mail.body).toContain(`We received a request to reset the password of your trade account with ${getCompanySettings().name}.`);
    // no APP_URL here: the link opens this server on this machine
    expect(mail.body).toContain(`http://localhost:${process.env.PORT ?? 3000}/reset-password/${token}`);
    expect(mail.body).toMatch(/Link valid until: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  });

  it("the form door lands on Log In with \"Check your email\" for an account and an unknown email alike", async () => {
    const known = await account("form-known");
    const unknown = freshEmail("form-nobody");
    const replies = [await formForgotPassword(known.email), await formForgotPassword(unknown)];
    for (const reply of replies) {
      expect(redirectLocation(reply)).toBe("/login");
      expect(await landing(reply)).toEqual({ toast: { title: "Check your email", description: REQUESTED }, signedIn: false });
    }
    await tokenMailedTo(known.email);
    expect(mailsTo(unknown)).toEqual([]);
  });

  it("links to APP_URL when it is set, never to the address the request named", async () => {
    const user = await account("app-url");
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://trade.example.co.uk/";
    try {
      const request = new Request("http://attacker.example/api/auth/forgot-password", {
        method: "POST",
        headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: freshClient() },
        body: JSON.stringify({ email: user.email }),
      });
      expect((await callRoute(apiForgot.action, request)).status).toBe(202);
      const token = await tokenMailedTo(user.email);
      const body = mailsTo(user.email)[0]!.body;
      expect(body).toContain(`https://trade.example.co.uk/reset-password/${token}`);
      expect(body).not.toContain("attacker.example");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });

  it("refuses a missing or malformed email on its field, sending nothing", async () => {
    const api = await apiForgotPassword("not-an-email");
    expect(api.status).toBe(400);
    expect(await readJson(api)).toEqual({ message: "Please enter a valid email address", field: "email" });
    const form = await formForgotPassword("");
    expect(form.status).toBe(400);
    expect((await readJson(form)).result.error.email).toEqual(["Email is required"]);
  });

  it("keeps only the token's SHA-256: the raw token is nowhere in the table", async () => {
    const user = await account("at-rest");
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const token = await tokenMailedTo(user.email);
    const rows = db().$client.prepare("select * from password_resets where user_id = ?").all(user.id) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(Number(rows[0]!.expires_at) - Number(rows[0]!.created_at)).toBe(60 * 60 * 1000);
  });

  it("a repeat with the same key answers the same and sends no second mail", async () => {
    const user = await account("repeat");
    const client = freshClient();
    const first = await apiForgotPassword(user.email, client, { "Idempotency-Key": "forgot-repeat-0001" });
    const again = await apiForgotPassword(user.email, client, { "Idempotency-Key": "forgot-repeat-0001" });
    expect([first.status, again.status]).toEqual([202, 202]);
    await tokenMailedTo(user.email);
    // a later request's mail arrives; the repeat's never does
    expect((await apiForgotPassword(user.email, client)).status).toBe(202);
    await waitForMails(user.email, 2);
    expect(linksOf(user.id)).toHaveLength(2);
  });
});

describe("limits", () => {
  it("holds an email address after 5 requests in the hour, from any client, with Retry-After and nothing sent", async () => {
    const user = await account("limit-email");
    for (let i = 0; i < 5; i++) expect((await apiForgotPassword(user.email)).status).toBe(202);
    const held = await apiForgotPassword(user.email);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(await readJson(held)).toEqual({
      message: "Too many password reset requests for this email address. Please try again later.",
    });
    await waitForMails(user.email, 5);
    expect(linksOf(user.id)).toHaveLength(5);
    // an unknown email is counted the same way, so the limit tells nothing either
    const unknown = freshEmail("limit-nobody");
    for (let i = 0; i < 5; i++) expect((await apiForgotPassword(unknown)).status).toBe(202);
    expect((await apiForgotPassword(unknown)).status).toBe(429);
  });

  it("holds a client after 10 requests in the hour, on the form with its message and Retry-After", async () => {
    const client = freshClient();
    for (let i = 0; i < 10; i++) expect((await apiForgotPassword(freshEmail("limit-client"), client)).status).toBe(202);
    const user = await account("limit-client-known");
    const form = await formForgotPassword(user.email, client);
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("Retry-After"))).toBeGreaterThan(3500);
    const body = await readJson(form);
    expect(body.result.error[""]).toEqual(["Too many password reset requests from this connection. Please try again later."]);
    expect(body.result.initialValue.email).toBe(user.email);
    expect(linksOf(user.id)).toEqual([]);
    // another client is not held
    expect((await apiForgotPassword(user.email)).status).toBe(202);
  });
});

describe("through the running app", () => {
  let server: AppServer;
  beforeAll(async () => {
    // every route module is loaded, as the build has them
    server = await startAppServer();
  });
  afterAll(() => server.close());

  it("every door and spelling of the path counts against the connection's one limit; the admin's path is found", async () => {
    const from = "127.0.0.77";
    const doors = [
      (email: string) => server.post("/api/auth/forgot-password", { json: { email } }, { from }),
      (email: string) => server.post("/API/Auth/Forgot-Password", { json: { email } }, { from }),
      (email: string) => server.post("/api/auth/%66orgot-password", { json: { email } }, { from }),
      (email: string) => server.post("/forgot-password", { form: { email } }, { from }),
    ];
    for (let i = 0; i < 10; i++) {
      const reply = await doors[i % doors.length]!(freshEmail("doors"));
      expect(reply.status, reply.text).toBe(i % doors.length === 3 ? 302 : 202);
    }
    for (const door of doors) {
      const held = await door(freshEmail("doors-held"));
      expect(held.status).toBe(429);
      expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    }
    // another connection is not held
    expect((await server.post("/api/auth/forgot-password", { json: { email: freshEmail("doors") } }, { from: "127.0.0.78" })).status).toBe(202);

    const user = await account("doors-admin");
    const sent = await server.post(`/api/admin/users/${user.id}/password-reset`, { json: {} }, { headers: { Cookie: adminCookie } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json()).toEqual({ message: `A password reset link has been sent to ${user.email}.`, email: user.email });
    await tokenMailedTo(user.email);
  });
});

describe("setting a new password with the link", () => {
  it("works once: the password changes, every session of the account ends, and the owner is told", async () => {
    const user = await account("single-use");
    const phone = await signIn(user.email, { via: "api" });
    const laptop = await signIn(user.email, { via: "api" });
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const token = await tokenMailedTo(user.email);
    expect((await resetPageFor(token)).body.email).toBe(user.email);

    const done = await apiResetPassword(token, "brand-new-secret");
    expect(done.status).toBe(200);
    expect(await readJson(done)).toEqual({ message: "Your password has been changed. Sign in with your new password." });
    expect(done.headers.get("Set-Cookie")).toBeNull();
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect((await postLogin(user.email, { via: "api", password: TEST_PASSWORD })).status).toBe(401);
    expect((await postLogin(user.email, { via: "api", password: "brand-new-secret" })).status).toBe(200);

    const [, changed] = await waitForMails(user.email, 2);
    expect(changed!.subject).toBe(CHANGED_SUBJECT);
    expect(changed!.body).toContain("Your account has been signed out on every device.");

    // used once: the API, the form and the page all refuse it now
    const again = await apiResetPassword(token, "another-secret");
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({ message: NOT_VALID, field: "token" });
    const form = await formResetPassword(token, "another-secret");
    expect(form.status).toBe(400);
    expect((await readJson(form)).result.error[""]).toEqual([NOT_VALID]);
    expect((await resetPageFor(token)).body.email).toBeNull();
    expect((await postLogin(user.email, { via: "api", password: "brand-new-secret" })).status).toBe(200);
  });

  it("the form door signs out the browser that used it when it was signed in to the account, and lands on Log In", async () => {
    const user = await account("form-reset");
    const cookie = await signIn(user.email, { via: "api" });
    expect((await formForgotPassword(user.email)).status).toBe(302);
    const token = await tokenMailedTo(user.email);
    const reply = await formResetPassword(token, "form-new-secret", "form-new-secret", cookie);
    expect(redirectLocation(reply)).toBe("/login");
    expect(await landing(reply, cookie)).toEqual({
      toast: { title: "Password changed", description: "Your password has been changed. Sign in with your new password." },
      signedIn: false,
    });
    expect(await signedIn(cookie)).toBe(false);
    expect((await postLogin(user.email, { via: "api", password: "form-new-secret" })).status).toBe(200);
  });

  it("refuses a short or mismatched password on its field, echoing no password and changing nothing", async () => {
    const user = await account("rules");
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const token = await tokenMailedTo(user.email);
    const short = await apiResetPassword(token, "12345");
    expect(short.status).toBe(400);
    expect(await readJson(short)).toEqual({ message: "New password must be at least 6 characters", field: "password" });
    const mismatch = await formResetPassword(token, "matching-not", "matching-nope");
    expect(mismatch.status).toBe(400);
    const text = await mismatch.text();
    expect(JSON.parse(text).result.error.confirmPassword).toEqual(["Passwords don't match"]);
    expect(text).not.toContain("matching-not");
    // the link still works after refusals of the password itself
    expect((await resetPageFor(token)).body.email).toBe(user.email);
    expect((await postLogin(user.email, { via: "api" })).status).toBe(200);
  });

  it("expires after one hour", async () => {
    const user = await account("expiry");
    const now = Date.now();
    // two links, asked for 59 and 61 minutes ago
    requestPasswordReset(db(), { email: user.email }, { client: freshClient(), now: now - RESET_LINK_LIFETIME_MS - 60_000 });
    const stale = await tokenMailedTo(user.email, 1);
    requestPasswordReset(db(), { email: user.email }, { client: freshClient(), now: now - RESET_LINK_LIFETIME_MS + 60_000 });
    const fresh = await tokenMailedTo(user.email, 2);

    expect((await resetPageFor(stale)).body.email).toBeNull();
    const refused = await apiResetPassword(stale, "too-late-secret");
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({ message: NOT_VALID, field: "token" });
    expect((await postLogin(user.email, { via: "api", password: "too-late-secret" })).status).toBe(401);

    expect((await resetPageFor(fresh)).body.email).toBe(user.email);
    expect((await apiResetPassword(fresh, "just-in-time")).status).toBe(200);
  });

  it("using one link voids the account's other links, and any change of password voids them too", async () => {
    const user = await account("others");
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const first = await tokenMailedTo(user.email, 1);
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const second = await tokenMailedTo(user.email, 2);
    expect((await apiResetPassword(second, "second-wins")).status).toBe(200);
    expect((await apiResetPassword(first, "first-too")).status).toBe(400);
    expect(linksOf(user.id).every((link) => link.usedAt !== null)).toBe(true);

    // a link made before an admin sets the password is void afterwards
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const third = await tokenMailedTo(user.email, 4);
    db().update(users).set({ passwordHash: "scrypt$1024$8$1$c2FsdA==$a2V5" }).where(eq(users.id, user.id)).run();
    expect((await resetPageFor(third)).body.email).toBeNull();
    expect((await apiResetPassword(third, "not-any-more")).status).toBe(400);
  });

  it("clears the account's held sign-in failures: its owner can sign in at once", async () => {
    const user = await account("held");
    for (let i = 0; i < 10; i++) await postLogin(user.email, { via: "api", password: "guess" });
    expect((await postLogin(user.email, { via: "api" })).status).toBe(429);
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    const token = await tokenMailedTo(user.email);
    expect((await apiResetPassword(token, "after-the-hold")).status).toBe(200);
    expect((await postLogin(user.email, { via: "api", password: "after-the-hold" })).status).toBe(200);
    expect(db().select().from(signInFailures).all().filter((row) => row.bucket.includes(user.email))).toEqual([]);
  });

  it("a token that was never sent is refused, and costs nothing", async () => {
    const response = await apiResetPassword("A".repeat(43), "whatever-secret");
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: NOT_VALID, field: "token" });
    const page = await resetPageFor("not-a-token");
    expect(page.body.email).toBeNull();
    expect(page.response.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("housekeeping drops links once they have expired", async () => {
    const user = await account("prune");
    expect((await apiForgotPassword(user.email)).status).toBe(202);
    await tokenMailedTo(user.email);
    expect(linksOf(user.id)).toHaveLength(1);
    sweepOnce(db(), Date.now() + RESET_LINK_LIFETIME_MS - 60_000);
    expect(linksOf(user.id)).toHaveLength(1);
    sweepOnce(db(), Date.now() + RESET_LINK_LIFETIME_MS + 60_000);
    expect(linksOf(user.id)).toEqual([]);
  });
});

describe("an admin sends a reset link", () => {
  it("from the Users screen: a notice, a mail that says who sent it, and a link that works", async () => {
    const user = await account("admin-form");
    const reply = await callRoute(
      usersPage.action,
      buildRequest("/admin/users", {
        form: { intent: "send-password-reset", id: user.id, returnTo: `/admin/users?edit=${user.id}` },
        cookie: adminCookie,
      }),
    );
    expect(redirectLocation(reply)).toBe("/admin/users");
    expect((await landing(reply, adminCookie)).toast).toEqual({
      title: "Password reset link sent",
      description: `A password reset link has been sent to ${user.email}.`,
    });
    const token = await tokenMailedTo(user.email);
    expect(mailsTo(user.email)[0]!.body).toContain("Our team has sent you a link to set a new password");
    expect(user.passwordHash).toBe(db().select().from(users).where(eq(users.id, user.id)).get()!.passwordHash);
    expect(linksOf(user.id)[0]!.sentById).not.toBeNull();
    expect((await formResetPassword(token, "admin-sent-new")).status).toBe(302);
    expect((await postLogin(user.email, { via: "api", password: "admin-sent-new" })).status).toBe(200);
  });

  it("by API: 200 with a link mailed; 404 unknown, 409 deactivated, 403 not an admin, 401 signed out", async () => {
    const user = await account("admin-api");
    const post = (id: string, cookie?: string) =>
      callRoute(apiAdminReset.action, buildRequest(`/api/admin/users/${id}/password-reset`, { method: "POST", cookie }), { id });
    const sent = await post(user.id, adminCookie);
    expect(sent.status).toBe(200);
    expect(await readJson(sent)).toEqual({ message: `A password reset link has been sent to ${user.email}.`, email: user.email });
    const token = await tokenMailedTo(user.email);
    expect((await apiResetPassword(token, "api-admin-new")).status).toBe(200);

    expect((await post("no-such-user", adminCookie)).status).toBe(404);
    const closed = await account("admin-api-closed", { isActive: false });
    const refused = await post(closed.id, adminCookie);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: "This account is deactivated: activate it before sending a password reset link." });
    const customer = await signIn((await account("not-admin")).email, { via: "api" });
    expect((await post(user.id, customer)).status).toBe(403);
    expect((await post(user.id)).status).toBe(401);
    expect(mailsTo(closed.email)).toEqual([]);
  });
});

describe("sign-in with an unknown email", () => {
  it("checks the password against a decoy made without hashing, at the configured cost, that nothing matches", async () => {
    const decoy = decoyPasswordHash();
    // the decoy costs nothing to make: no hash starts (one that did doubled the first unknown email's time)
    expect(hashesInFlight()).toBe(0);
    expect(decoy.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** passwordHashCost()), "8", "2"]);
    expect(decoyPasswordHash()).not.toBe(decoy);
    expect(await verifyPassword("", decoy)).toBe(false);

    const known = await account("decoy");
    const unknown = await verifyLogin(db(), { email: freshEmail("decoy-nobody"), password: "wrong-one" }, { client: freshClient() });
    const wrong = await verifyLogin(db(), { email: known.email, password: "wrong-one" }, { client: freshClient() });
    expect(unknown).toEqual(wrong);
    expect(unknown).toEqual({ ok: false, status: 401, message: "Invalid email or password" });
  });
});
