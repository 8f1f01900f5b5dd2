/**
 * The back office's Sign-in holds: what is held for failed sign-ins, and clearing a hold (one, or all)
 * through the screen's forms and the JSON API, audited, after which the held account can sign in again.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogs } from "~db/schema";
import * as root from "~/root";
import * as holdsPage from "~/routes/admin.sign-in-holds";
import * as apiHold from "~/routes/api.admin.sign-in-holds.$bucketId";
import * as apiHolds from "~/routes/api.admin.sign-in-holds";
import * as apiLogin from "~/routes/api.auth.login";
import { HOLD_NOT_FOUND_MESSAGE } from "~/domain/users/sign-in-holds.server";
import { getDb } from "~/utils/db.server";
import { holdId } from "~/utils/sign-in-buckets";
import { ACCOUNT_FAILURE_LIMIT, CLIENT_ADDRESS_HEADER, resetSignInLimits } from "~/utils/sign-in-limits.server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminId: string;
let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  adminId = (await createUser({ email: "admin@example.com", role: "admin" })).id;
  await createUser({ email: "buyer@example.com" });
  await createUser({ email: "held@example.com" });
  await createUser({ email: "other@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

// each test makes its own holds
beforeEach(() => resetSignInLimits(getDb()));

function login(email: string, password: string, client = "203.0.113.80") {
  return callRoute(
    apiLogin.action,
    buildRequest("/api/auth/login", { json: { email, password }, headers: { [CLIENT_ADDRESS_HEADER]: client } }),
  );
}

async function holdAccount(email: string, client?: string) {
  for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await login(email, `guess-${i}`, client)).status).toBe(401);
  expect((await login(email, TEST_PASSWORD, client)).status).toBe(429);
}

const listHolds = (cookie = adminCookie) => callRoute(apiHolds.loader, buildRequest("/api/admin/sign-in-holds", { cookie }));

const auditOf = (action: string) =>
  getDb()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.userId, adminId)))
    .all();

/** After the screen's redirect: where it went, the notice shown and the screen's data. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(holdsPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast, page };
}

function pagePost(form: Record<string, string>) {
  return callRoute(
    holdsPage.action,
    buildRequest("/admin/sign-in-holds", { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie: adminCookie }),
  );
}

describe("GET /api/admin/sign-in-holds", () => {
  it("lists what is held, with its failures and until when (UTC instants)", async () => {
    await holdAccount("held@example.com");
    const response = await listHolds();
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    const [hold] = await readJson(response);
    expect(hold).toMatchObject({
      id: holdId("untrusted:held@example.com"),
      kind: "untrusted",
      label: "Unrecognised browsers for held@example.com",
      email: "held@example.com",
      failures: ACCOUNT_FAILURE_LIMIT,
      limit: ACCOUNT_FAILURE_LIMIT,
    });
    expect(Date.parse(hold.heldUntil)).toBeGreaterThan(Date.now());
  });

  it("answers 401 signed out and 403 to a customer", async () => {
    expect((await callRoute(apiHolds.loader, buildRequest("/api/admin/sign-in-holds"))).status).toBe(401);
    expect((await listHolds(buyerCookie)).status).toBe(403);
    const del = await callRoute(apiHold.action, buildRequest("/api/admin/sign-in-holds/x", { method: "DELETE", cookie: buyerCookie }), { bucketId: "x" });
    expect(del.status).toBe(403);
  });
});

describe("DELETE /api/admin/sign-in-holds/{id}", () => {
  it("lifts the hold (audited): the account's owner can sign in again; a second delete is 404", async () => {
    await holdAccount("held@example.com");
    const id = holdId("untrusted:held@example.com");
    const remove = () =>
      callRoute(apiHold.action, buildRequest(`/api/admin/sign-in-holds/${id}`, { method: "DELETE", cookie: adminCookie }), { bucketId: id });
    const response = await remove();
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ label: "Unrecognised browsers for held@example.com", failures: ACCOUNT_FAILURE_LIMIT });
    expect(auditOf("sign-in-hold.cleared").map((row) => row.entityId)).toContain("untrusted:held@example.com");
    expect((await login("held@example.com", TEST_PASSWORD)).status).toBe(200);
    const again = await remove();
    expect(again.status).toBe(404);
    expect(await readJson(again)).toEqual({ message: HOLD_NOT_FOUND_MESSAGE });
  });

  it("answers 404 for an id that names no hold, and 405 to other methods", async () => {
    const unknown = await callRoute(
      apiHold.action,
      buildRequest("/api/admin/sign-in-holds/no-such-hold", { method: "DELETE", cookie: adminCookie }),
      { bucketId: "no-such-hold" },
    );
    expect(unknown.status).toBe(404);
    const post = await callRoute(
      apiHold.action,
      buildRequest("/api/admin/sign-in-holds/x", { method: "POST", cookie: adminCookie, json: {} }),
      { bucketId: "x" },
    );
    expect(post.status).toBe(405);
  });

  it("DELETE /api/admin/sign-in-holds lifts every hold at once", async () => {
    await holdAccount("held@example.com", "203.0.113.81");
    await holdAccount("other@example.com", "203.0.113.82");
    const response = await callRoute(apiHolds.action, buildRequest("/api/admin/sign-in-holds", { method: "DELETE", cookie: adminCookie }));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ cleared: 2 });
    expect(await readJson(await listHolds())).toEqual([]);
    expect(auditOf("sign-in-hold.cleared-all").length).toBeGreaterThan(0);
  });
});

describe("the Sign-in holds screen", () => {
  it("lists holds with a Clear button per hold, which lifts it and says so", async () => {
    await holdAccount("held@example.com", "203.0.113.83");
    const page = await readJson(await callRoute(holdsPage.loader, buildRequest("/admin/sign-in-holds", { cookie: adminCookie })));
    expect(page.items.map((hold: { label: string }) => hold.label)).toEqual(["Unrecognised browsers for held@example.com"]);
    const form = { intent: "clear", id: page.items[0].id, idempotencyKey: page.idempotencyKey };
    const auditedBefore = auditOf("sign-in-hold.cleared").length;
    const { location, toast, page: after } = await follow(await pagePost(form));
    expect(location).toBe("/admin/sign-in-holds");
    expect(toast).toMatchObject({ title: "Hold cleared" });
    expect(toast.description).toContain("held@example.com");
    expect(after.items).toEqual([]);
    // a second press of the same form (its reply lost) answers as the first did
    expect((await follow(await pagePost(form))).toast).toMatchObject({ title: "Hold cleared" });
    expect(auditOf("sign-in-hold.cleared")).toHaveLength(auditedBefore + 1);
    expect((await login("held@example.com", TEST_PASSWORD, "203.0.113.83")).status).toBe(200);
  });

  it("Clear all lifts every hold; a hold that has gone says so rather than failing", async () => {
    await holdAccount("held@example.com", "203.0.113.84");
    await holdAccount("other@example.com", "203.0.113.85");
    const cleared = await follow(await pagePost({ intent: "clear-all" }));
    expect(cleared.toast).toMatchObject({ title: "Holds cleared", description: "2 holds were cleared." });
    expect(cleared.page.items).toEqual([]);
    const gone = await follow(await pagePost({ intent: "clear", id: holdId("untrusted:held@example.com") }));
    expect(gone.toast).toMatchObject({ title: "Error", description: HOLD_NOT_FOUND_MESSAGE });
    const bad = await follow(await pagePost({ intent: "nonsense" }));
    expect(bad.toast).toMatchObject({ title: "Error" });
  });

  it("sends a customer away", async () => {
    const response = await callRoute(holdsPage.loader, buildRequest("/admin/sign-in-holds", { cookie: buyerCookie }));
    expect(redirectLocation(response)).toBe("/");
  });
});
