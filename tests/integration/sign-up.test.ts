/**
 * Sign-up through both doors (the /login page's Sign Up form and POST /api/auth/signup): the reply never says
 * whether the email has an account (the mail does, to its owner), repeats make nothing twice, every door and
 * spelling of its path shares one limit, and sign-ups beyond the day's share of the queue wait apart.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUpAttempts, users } from "~db/schema";
import * as root from "~/root";
import * as usersPage from "~/routes/admin.users/route";
import * as apiPendingUsers from "~/routes/api.admin.pending-users";
import * as apiSignup from "~/routes/api.auth.signup";
import * as apiUser from "~/routes/api.auth.user";
import * as loginPage from "~/routes/login/route";
import { getDb } from "~/utils/db.server";
import { listOutbox, outboxDir } from "~/utils/mail.server";
import { TOO_MANY_SIGN_UPS, TOO_MANY_SIGN_UPS_FROM_CLIENT } from "~/utils/sign-up-limits.server";
import { startAppServer, type AppServer } from "./app-server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { postLogin, signIn } from "./sign-in";

const APPLICATION_SUBJECT = "Your trade account application";
const EXISTING_SUBJECT = "Someone tried to open an account with your email";
const RECEIVED = "Check your email: we have sent you a message about your account. You can then sign in.";

const details = {
  password: "chosen-secret",
  firstName: "Nia",
  lastName: "Buyer",
  businessName: "Buyer Bakes Ltd",
  address: "1 High Street, York",
  phone: "01904 000000",
};

let sequence = 0;
/** An address no sign-up in this file has used. */
const freshEmail = (prefix: string) => `${prefix}-${++sequence}@example.com`;

const db = () => getDb();
const userByEmail = (email: string) => db().select().from(users).where(eq(users.email, email)).get();

/** The mails sent to `email`, with their subject and decoded body, oldest first. */
function mailsTo(email: string) {
  return listOutbox({ limit: 10_000 })
    .items.filter((item) => item.to.toLowerCase().includes(email.toLowerCase()))
    .reverse()
    .map((item) => {
      const raw = fs.readFileSync(path.join(outboxDir(), item.file), "latin1");
      const body = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { subject: item.subject, body: Buffer.from(body, "latin1").toString("utf8") };
    });
}

function apiSignUp(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callRoute(apiSignup.action, buildRequest("/api/auth/signup", { json: body, headers }));
}

function formSignUp(values: Record<string, string>) {
  return callRoute(loginPage.action, buildRequest("/login?tab=signup", { form: { intent: "signup", ...values } }));
}

/** The notice a redirect flashed, as the page it lands on shows it, and whether that page has anyone signed in. */
async function landing(response: Response) {
  const cookie = cookieFrom(response);
  const page = await readJson(await callRoute(root.loader, buildRequest(redirectLocation(response), { cookie })));
  const me = await callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie }));
  return { toast: page.toast, signedIn: me.status === 200 };
}

const saved: Record<string, string | undefined> = {};
function setEnv(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    process.env[name] = value;
  }
}
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

let adminCookie: string;
beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com", firstName: "Bea" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
});

// these tests post from one client (tests call the routes without an address); the limits have their own tests
beforeEach(() => setEnv({ SIGN_UP_CLIENT_LIMIT: "1000", SIGN_UP_TOTAL_LIMIT: "1000", SIGN_UP_DAILY_QUEUE: "1000" }));

describe("the same reply whether or not the email has an account", () => {
  it("API: 202 with the message, email and first name, no session, for a new and a taken email alike", async () => {
    const newEmail = freshEmail("new");
    const buyerBefore = userByEmail("buyer@example.com")!;
    const fresh = await apiSignUp({ ...details, email: newEmail.toUpperCase() });
    const taken = await apiSignUp({ ...details, email: "Buyer@Example.com" });

    for (const response of [fresh, taken]) {
      expect(response.status).toBe(202);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("Retry-After")).toBeNull();
    }
    expect(await readJson(fresh)).toEqual({ message: RECEIVED, email: newEmail, firstName: "Nia" });
    expect(await readJson(taken)).toEqual({ message: RECEIVED, email: "buyer@example.com", firstName: "Nia" });

    // the new email is a customer pending approval, in the queue; the taken one's account is as it was
    expect(userByEmail(newEmail)).toMatchObject({ role: "customer", approvedAt: null, signUpHeldAt: null, firstName: "Nia" });
    expect(userByEmail("buyer@example.com")).toEqual(buyerBefore);

    // each address is told which it was
    expect(mailsTo(newEmail).map((mail) => mail.subject)).toEqual([APPLICATION_SUBJECT]);
    expect(mailsTo("buyer@example.com").map((mail) => mail.subject)).toEqual([EXISTING_SUBJECT]);
  });

  it("form: home with the same notice and no one signed in, for a new and a taken email alike", async () => {
    const newEmail = freshEmail("form");
    const fresh = await formSignUp({ ...details, email: newEmail });
    const taken = await formSignUp({ ...details, email: "buyer@example.com" });
    const notice = { title: "Check your email", description: "We have sent you a message about your account. You can then sign in." };
    for (const response of [fresh, taken]) {
      expect(redirectLocation(response)).toBe("/");
      expect(await landing(response)).toEqual({ toast: notice, signedIn: false });
    }
    expect(userByEmail(newEmail)).toMatchObject({ approvedAt: null });
    expect(mailsTo(newEmail).map((mail) => mail.subject)).toEqual([APPLICATION_SUBJECT]);
    expect(mailsTo("buyer@example.com").map((mail) => mail.subject)).toEqual([EXISTING_SUBJECT, EXISTING_SUBJECT]);
  });

  it("the mails: the applicant may sign in now at list prices; the owner of a taken email is told where to sign in", async () => {
    const newEmail = freshEmail("mail");
    await apiSignUp({ ...details, email: newEmail, firstName: "Priya" });
    const [application] = mailsTo(newEmail);
    expect(application!.body).toContain("Hello Priya,");
    expect(application!.body).toContain("You can sign in now");
    expect(application!.body).toContain("the password you chose");
    expect(application!.body).toContain("list prices");
    expect(application!.body).toContain("approve your account");

    const existing = mailsTo("buyer@example.com").at(-1)!;
    expect(existing.body).toContain("Hello Bea,");
    expect(existing.body).toContain("no new account was made");
    expect(existing.body).toContain("If it was you");
    expect(existing.body).toContain("/login");
    expect(existing.body).toContain("If it was not you, there is nothing to do.");
  });

  it("the applicant signs in with the password they chose, pending approval; the taken account keeps its password", async () => {
    const newEmail = freshEmail("signin");
    await apiSignUp({ ...details, email: newEmail });
    const me = await postLogin(newEmail, { via: "api", password: details.password });
    expect(me.status).toBe(200);
    expect(await readJson(me)).toMatchObject({ email: newEmail, isApproved: false });

    await apiSignUp({ ...details, email: "buyer@example.com", password: "someone-elses" });
    expect((await postLogin("buyer@example.com", { via: "api", password: "someone-elses" })).status).toBe(401);
    expect((await postLogin("buyer@example.com", { via: "api", password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe("a repeat with the same key", () => {
  it("form: a retry after a lost reply answers the same and makes one account and one mail", async () => {
    const page = await readJson(await callRoute(loginPage.loader, buildRequest("/login?tab=signup")));
    const email = freshEmail("repeat-form");
    const form = { ...details, email, idempotencyKey: page.signupKey };
    const first = await formSignUp(form);
    const repeat = await formSignUp(form);
    expect(redirectLocation(first)).toBe("/");
    expect(redirectLocation(repeat)).toBe("/");
    expect((await landing(repeat)).toast.title).toBe("Check your email");
    expect(db().select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("API: the same Idempotency-Key answers the same 202 and makes one account and one mail", async () => {
    const email = freshEmail("repeat-api");
    const send = () => apiSignUp({ ...details, email }, { "Idempotency-Key": "sign-up-repeat-api" });
    const first = await send();
    const repeat = await send();
    expect(first.status).toBe(202);
    expect(repeat.status).toBe(202);
    expect(await readJson(repeat)).toEqual(await readJson(first));
    expect(db().select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe("invalid input", () => {
  it("API: each missing field has its own message, and nothing is made", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "" }, "email", "Email is required"],
      [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
      [{ password: "12345" }, "password", "Password must be at least 6 characters long"],
      [{ firstName: " " }, "firstName", "First name is required"],
      [{ lastName: "" }, "lastName", "Last name is required"],
      [{ businessName: "" }, "businessName", "Business name is required"],
      [{ address: "" }, "address", "Address is required"],
      [{ phone: "" }, "phone", "Phone number is required"],
    ];
    for (const [change, field, message] of cases) {
      const response = await apiSignUp({ ...details, email: "x@example.com", ...change });
      expect(response.status, field).toBe(400);
      expect(await readJson(response)).toEqual({ message, field });
    }
    expect(userByEmail("x@example.com")).toBeUndefined();
    expect(mailsTo("x@example.com")).toEqual([]);
  });

  it("form: the errors show on the fields, what was typed stays and the password is not sent back", async () => {
    const response = await formSignUp({ ...details, email: "y@example.com", phone: "" });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.intent).toBe("signup");
    expect(body.result.error.phone).toEqual(["Phone number is required"]);
    expect(body.result.initialValue).toMatchObject({ email: "y@example.com", businessName: "Buyer Bakes Ltd" });
    expect(body.result.initialValue.password).toBeUndefined();
  });
});

describe("limits: every door and spelling of its path shares one", () => {
  let server: AppServer;
  // every spelling that reaches the sign-up use case in the running app (each answered 202 below); `/api//auth/signup`
  // and `/api/auth%2Fsignup` are no door at all (404)
  const API_PATHS = ["/api/auth/signup", "/API/auth/signup", "/api/Auth/Signup", "/api/auth/%73ignup", "/%61pi/auth/signup", "/api/auth/signup/"];
  // the Sign Up form without JavaScript, with it (Remix's data request), and spelled otherwise
  const FORM_PATHS = ["/login", "/login?_data=routes%2Flogin", "/LOGIN", "/%6Cogin"];
  const DOORS = API_PATHS.length + FORM_PATHS.length;

  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    db().delete(signUpAttempts).run();
    setEnv({ SIGN_UP_CLIENT_LIMIT: String(DOORS), SIGN_UP_TOTAL_LIMIT: String(DOORS + 2) });
  });
  afterEach(() => db().delete(signUpAttempts).run());

  const apiBody = (email: string) => ({ json: { ...details, email } });
  const formBody = (email: string) => ({ form: { ...details, email, intent: "signup" } });

  it("one client: each door counts, then every door answers 429 with Retry-After and the reason", async () => {
    const reached: string[] = [];
    for (const path of API_PATHS) {
      const email = freshEmail("door");
      const reply = await server.post(path, apiBody(email));
      expect(reply.status, path).toBe(202);
      expect(reply.json(), path).toMatchObject({ email, message: RECEIVED });
      reached.push(email);
    }
    for (const path of FORM_PATHS) {
      const email = freshEmail("door");
      const reply = await server.post(path, formBody(email));
      // a browser's post is redirected home; JavaScript's data request is told where to go
      expect([302, 204], path).toContain(reply.status);
      expect(reply.headers.location ?? reply.headers["x-remix-redirect"], path).toBe("/");
      reached.push(email);
    }
    // every one of them reached the use case: an account for each
    for (const email of reached) expect(userByEmail(email), email).toBeDefined();

    // now the client's hour is used up, whichever door, spelling or email (a taken one too)
    for (const path of API_PATHS) {
      const reply = await server.post(path, apiBody(freshEmail("over")));
      expect(reply.status, path).toBe(429);
      expect(Number(reply.headers["retry-after"]), path).toBeGreaterThan(0);
      expect(reply.json(), path).toEqual({ message: TOO_MANY_SIGN_UPS_FROM_CLIENT });
    }
    const taken = await server.post("/api/auth/signup", apiBody("buyer@example.com"));
    expect(taken.status).toBe(429);

    const email = freshEmail("over-form");
    const form = await server.post("/login", formBody(email));
    expect(form.status).toBe(429);
    expect(Number(form.headers["retry-after"])).toBeGreaterThan(0);
    // the Sign Up tab shows the reason, with what was typed kept but the password
    const { actionData } = form.json() as { actionData: Record<string, Record<string, unknown>> };
    const answer = actionData["routes/login"] as { intent: string; toast: unknown; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(answer.intent).toBe("signup");
    expect(answer.toast).toMatchObject({ title: "Signup failed", description: TOO_MANY_SIGN_UPS_FROM_CLIENT });
    expect(answer.result.error[""]).toEqual([TOO_MANY_SIGN_UPS_FROM_CLIENT]);
    expect(answer.result.initialValue).toMatchObject({ email, businessName: details.businessName, phone: details.phone });
    expect(answer.result.initialValue.password).toBeUndefined();
    const withScript = await server.post("/login?_data=routes%2Flogin", formBody(freshEmail("over-js")));
    expect(withScript.status).toBe(429);

    // a refused sign-up made nothing and sent nothing
    expect(userByEmail(email)).toBeUndefined();
    expect(mailsTo(email)).toEqual([]);
  });

  it("other clients go on until everyone together reaches the total", async () => {
    for (let i = 0; i < DOORS; i++) {
      const path = i % 2 === 0 ? API_PATHS[i % API_PATHS.length]! : "/login";
      const reply = await server.post(path, i % 2 === 0 ? apiBody(freshEmail("first")) : formBody(freshEmail("first")));
      expect(reply.status).toBeLessThan(400);
    }
    expect((await server.post("/api/auth/signup", apiBody(freshEmail("first")))).status).toBe(429);
    // two more places in the total: another client (another address) takes them
    expect((await server.post("/API/auth/signup", apiBody(freshEmail("second")), { from: "127.0.0.2" })).status).toBe(202);
    expect((await server.post("/login", formBody(freshEmail("third")), { from: "127.0.0.3" })).status).toBe(302);
    const everyone = await server.post("/api/auth/signup", apiBody(freshEmail("fourth")), { from: "127.0.0.4" });
    expect(everyone.status).toBe(429);
    expect(everyone.json()).toEqual({ message: TOO_MANY_SIGN_UPS });
    expect(Number(everyone.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("sign-ups arriving together cannot pass the limit", async () => {
    setEnv({ SIGN_UP_CLIENT_LIMIT: "3", SIGN_UP_TOTAL_LIMIT: "1000" });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? server.post(API_PATHS[i % API_PATHS.length]!, apiBody(freshEmail("burst")))
          : server.post(FORM_PATHS[i % FORM_PATHS.length]!, formBody(freshEmail("burst"))),
      ),
    );
    expect(replies.filter((reply) => reply.status < 400)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(5);
  });
});

describe("held back from the approval queue", () => {
  const pendingApi = (query = "") => callRoute(apiPendingUsers.loader, buildRequest(`/api/admin/pending-users${query}`, { cookie: adminCookie }));
  const usersScreen = async (query = "") =>
    readJson(await callRoute(usersPage.loader, buildRequest(`/admin/users${query}`, { cookie: adminCookie })));
  const screenPost = (form: Record<string, string>, returnTo = "/admin/users?pending=held") =>
    callRoute(usersPage.action, buildRequest("/admin/users", { form: { ...form, returnTo }, cookie: adminCookie }));

  it("beyond the day's share, sign-ups wait apart: the queue shows the rest, a line says how many, a filter lists them", async () => {
    const queuedBefore = (await readJson(await pendingApi())).length;
    setEnv({ SIGN_UP_DAILY_QUEUE: String(queuedBefore + 2) });
    const emails = Array.from({ length: 5 }, () => freshEmail("flood"));
    for (const [i, email] of emails.entries()) {
      if (i % 2 === 0) expect((await apiSignUp({ ...details, email })).status).toBe(202);
      else expect(redirectLocation(await formSignUp({ ...details, email }))).toBe("/");
    }
    const [firstIn, secondIn, ...held] = emails;

    // the reply and the mail were the same for the held ones
    for (const email of held) expect(mailsTo(email).map((mail) => mail.subject)).toEqual([APPLICATION_SUBJECT]);

    const queue = await pendingApi();
    const queued = ((await readJson(queue)) as { email: string }[]).map((user) => user.email);
    expect(queued).toHaveLength(queuedBefore + 2);
    expect(queued).toEqual(expect.arrayContaining([firstIn, secondIn]));
    for (const email of held) expect(queued).not.toContain(email);
    expect(queue.headers.get("X-Held-Count")).toBe("3");
    expect(queue.headers.get("X-Held-Today")).toBe("3");

    const heldList = (await readJson(await pendingApi("?held=true"))) as { email: string; signUpHeldAt: string | null }[];
    expect(heldList.map((user) => user.email).sort()).toEqual([...held].sort());
    for (const user of heldList) expect(Number.isNaN(Date.parse(user.signUpHeldAt!))).toBe(false);

    const screen = await usersScreen();
    expect(screen.pending.map((user: { email: string }) => user.email)).toEqual(queued);
    expect(screen.heldCounts).toEqual({ today: 3, total: 3 });
    const heldView = await usersScreen("?pending=held");
    expect(heldView.held.total).toBe(3);
    expect(heldView.held.items.map((user: { email: string }) => user.email).sort()).toEqual([...held].sort());
  });

  it("a held customer signs in and browses at list prices like any pending one", async () => {
    const [held] = ((await readJson(await pendingApi("?held=true"))) as { email: string }[]).map((user) => user.email);
    const me = await postLogin(held!, { via: "api", password: details.password });
    expect(me.status).toBe(200);
    expect(await readJson(me)).toMatchObject({ isApproved: false });
  });

  it("an admin approves one (it joins the customers) and rejects the rest in one post; one held since stays", async () => {
    const heldView = await usersScreen("?pending=held");
    const [keep, ...rest] = heldView.held.items as { id: string; email: string }[];
    const approve = await screenPost({ intent: "approve", id: keep!.id, idempotencyKey: crypto.randomUUID() });
    expect(redirectLocation(approve)).toBe("/admin/users?pending=held");
    expect(userByEmail(keep!.email)!.approvedAt).toBeInstanceOf(Date);

    // held after the admin looked: not among those the page showed
    setEnv({ SIGN_UP_DAILY_QUEUE: "0" });
    const late = freshEmail("late");
    await apiSignUp({ ...details, email: late });
    expect(userByEmail(late)!.signUpHeldAt).toBeInstanceOf(Date);

    const reject = await screenPost({ intent: "reject-held", id: String(heldView.held.newestHeldAt), idempotencyKey: crypto.randomUUID() });
    expect(redirectLocation(reject)).toBe("/admin/users?pending=held");
    const page = await readJson(await callRoute(root.loader, buildRequest("/admin/users?pending=held", { cookie: cookieFrom(reject, adminCookie) })));
    expect(page.toast).toMatchObject({ title: "Held-back sign-ups rejected", description: `${rest.length} registrations have been removed.` });
    for (const user of rest) expect(userByEmail(user.email)).toBeUndefined();
    expect(userByEmail(keep!.email)).toBeDefined();
    expect(userByEmail(late)).toBeDefined();

    const again = await screenPost({ intent: "reject-held", id: String(heldView.held.newestHeldAt), idempotencyKey: crypto.randomUUID() });
    const after = await readJson(await callRoute(root.loader, buildRequest("/admin/users", { cookie: cookieFrom(again, adminCookie) })));
    expect(after.toast).toMatchObject({ description: "No held-back sign-ups are left to reject." });
    expect((await usersScreen()).heldCounts).toEqual({ today: 1, total: 1 });
  });

  it("the held list and the reject-all are the back office's: a customer gets 403", async () => {
    const customer = await signIn("buyer@example.com", { via: "api" });
    const response = await callRoute(apiPendingUsers.loader, buildRequest("/api/admin/pending-users?held=true", { cookie: customer }));
    expect(response.status).toBe(403);
  });
});
