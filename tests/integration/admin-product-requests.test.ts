import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, productRequests } from "~db/schema";
import * as root from "~/root";
import * as requestsPage from "~/routes/admin.product-requests";
import * as apiRequests from "~/routes/api.admin.product-requests";
import * as apiStatus from "~/routes/api.admin.product-requests.$id.status";
import * as apiSuggest from "~/routes/api.product-requests";
import { getDb } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let buyerId: string;

const db = () => getDb();
const statusOf = (id: number) => db().select().from(productRequests).where(eq(productRequests.id, id)).get()!.status;
const auditCount = () => db().select({ n: sql<number>`count(*)` }).from(auditLogs).get()!.n;

function addRequest(text: string, values: Partial<typeof productRequests.$inferInsert> = {}) {
  return db()
    .insert(productRequests)
    .values({ userId: buyerId, requestText: text, ...values })
    .returning()
    .get().id;
}

function patchStatus(id: number | string, body: unknown, cookie = adminCookie, headers?: HeadersInit) {
  return callRoute(
    apiStatus.action,
    buildRequest(`/api/admin/product-requests/${id}/status`, { method: "PATCH", json: body, cookie, headers }),
    { id: String(id) },
  );
}

function pagePost(form: Record<string, string | number>, cookie = adminCookie) {
  return callRoute(
    requestsPage.action,
    buildRequest("/admin/product-requests", { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }),
  );
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerId = (await createUser({ email: "buyer@example.com", businessName: "Corner Café" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

describe("listing", () => {
  it("lists a customer's request with its scores, analysis and who sent it, newest first", async () => {
    const sent = await callRoute(
      apiSuggest.action,
      buildRequest("/api/product-requests", {
        json: { requestText: "Oat milk portions, UHT, around 120 per case, for our coffee counter" },
        cookie: buyerCookie,
      }),
    );
    expect(sent.status).toBe(201);
    const { id } = await readJson(sent);
    addRequest("Older request about compostable soup containers", { createdAt: new Date(Date.now() - 86_400_000) });

    const response = await callRoute(apiRequests.loader, buildRequest("/api/admin/product-requests", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("2");
    const list = await readJson(response);
    expect(list[0]).toMatchObject({
      id,
      requestText: "Oat milk portions, UHT, around 120 per case, for our coffee counter",
      status: "pending",
      user: { email: "buyer@example.com", businessName: "Corner Café" },
    });
    for (const score of ["feasibilityScore", "clarityScore", "relevanceScore"]) {
      expect(list[0][score]).toBeGreaterThanOrEqual(1);
      expect(list[0][score]).toBeLessThanOrEqual(10);
    }
    expect(list[0].aiReasoning).toMatch(/^Feasibility \d+\/10: .+ Clarity \d+\/10: .+ Relevance \d+\/10: /);
    expect(list[1].requestText).toBe("Older request about compostable soup containers");

    const page = await readJson(await callRoute(requestsPage.loader, buildRequest("/admin/product-requests?status=pending", { cookie: adminCookie })));
    expect(page.pendingCount).toBe(2);
    expect(page.requests).toHaveLength(2);
  });

  it("refuses a customer (403) and a visitor (401)", async () => {
    const forbidden = await callRoute(apiRequests.loader, buildRequest("/api/admin/product-requests", { cookie: buyerCookie }));
    expect(forbidden.status).toBe(403);
    expect((await callRoute(apiRequests.loader, buildRequest("/api/admin/product-requests"))).status).toBe(401);
    expect(redirectLocation(await callRoute(requestsPage.loader, buildRequest("/admin/product-requests", { cookie: buyerCookie })))).toBe("/");
  });
});

describe("deciding (API)", () => {
  it("approves a pending request once, audited; deciding again answers 409", async () => {
    const id = addRequest("Anti-slip floor treatment for kitchens, 5L");
    const audits = auditCount();
    const approved = await patchStatus(id, { status: "approved" });
    expect(approved.status).toBe(200);
    expect(await readJson(approved)).toMatchObject({ id, status: "approved" });
    expect(statusOf(id)).toBe("approved");
    expect(auditCount()).toBe(audits + 1);

    const again = await patchStatus(id, { status: "rejected" });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({
      message: "This request has already been approved; only pending requests can be approved or rejected",
      field: "status",
    });
    expect(statusOf(id)).toBe("approved");
  });

  it("a repeated call with the same Idempotency-Key gets the first answer, not a 409", async () => {
    const id = addRequest("Branded paper bags, medium, cases of 250");
    const headers = { "Idempotency-Key": "decide-request-key-1" };
    expect((await patchStatus(id, { status: "rejected" }, adminCookie, headers)).status).toBe(200);
    const replay = await patchStatus(id, { status: "rejected" }, adminCookie, headers);
    expect(replay.status).toBe(200);
    expect(await readJson(replay)).toMatchObject({ id, status: "rejected" });
  });

  it("answers 400 with the field for a status other than approved/rejected, 404 for an unknown request, 403 for a customer; nothing changes", async () => {
    const id = addRequest("Recycled kitchen roll, 2-ply, 24 rolls");
    const audits = auditCount();
    const pending = await patchStatus(id, { status: "pending" });
    expect(pending.status).toBe(400);
    expect(await readJson(pending)).toEqual({ message: "Status must be approved or rejected", field: "status" });
    const missing = await patchStatus(id, {});
    expect(await readJson(missing)).toEqual({ message: "Status must be approved or rejected", field: "status" });
    expect((await patchStatus(999_999, { status: "approved" })).status).toBe(404);
    const forbidden = await patchStatus(id, { status: "approved" }, buyerCookie);
    expect(forbidden.status).toBe(403);
    expect(statusOf(id)).toBe("pending");
    expect(auditCount()).toBe(audits);
  });
});

describe("deciding (page)", () => {
  it("approve and reject buttons move a pending request on, with a notice; a decided request is refused", async () => {
    const id = addRequest("Compostable 12oz soup containers with vented lids");
    const approved = await pagePost({ intent: "approve", id, returnTo: "/admin/product-requests?status=pending" });
    expect(redirectLocation(approved)).toBe("/admin/product-requests?status=pending");
    const rootData = await readJson(await callRoute(root.loader, buildRequest("/admin/product-requests", { cookie: cookieFrom(approved, adminCookie) })));
    expect(rootData.toast).toMatchObject({ title: "Product request approved", description: "“Compostable 12oz soup containers with vented lids”" });
    expect(statusOf(id)).toBe("approved");

    const refused = await pagePost({ intent: "reject", id });
    const refusedToast = (await readJson(await callRoute(root.loader, buildRequest("/admin/product-requests", { cookie: cookieFrom(refused, adminCookie) })))).toast;
    expect(refusedToast).toMatchObject({ title: "Error", variant: "destructive" });
    expect(statusOf(id)).toBe("approved");

    const other = addRequest("Blue detectable plasters, assorted, boxes of 100");
    await pagePost({ intent: "reject", id: other });
    expect(statusOf(other)).toBe("rejected");

    const customer = await pagePost({ intent: "approve", id: addRequest("Hi-vis jackets in XXXL") }, buyerCookie);
    expect(redirectLocation(customer)).toBe("/");
  });
});

describe("scoring older requests", () => {
  it("'Score now' scores a request stored without scores, once, audited", async () => {
    const id = addRequest("Oat milk portions, UHT, 120 per case, for coffee");
    const audits = auditCount();
    const scored = await pagePost({ intent: "score", id });
    const toast = (await readJson(await callRoute(root.loader, buildRequest("/admin/product-requests", { cookie: cookieFrom(scored, adminCookie) })))).toast;
    expect(toast.title).toBe("Request scored");
    expect(toast.description).toMatch(/^Feasibility \d+\/10, clarity \d+\/10, relevance \d+\/10\.$/);
    const row = db().select().from(productRequests).where(eq(productRequests.id, id)).get()!;
    expect(row.feasibilityScore).toBeGreaterThanOrEqual(1);
    expect(row.aiReasoning).toMatch(/^Feasibility \d+\/10: /);
    expect(row.status).toBe("pending");
    expect(auditCount()).toBe(audits + 1);

    // a request that has its scores keeps them
    await pagePost({ intent: "score", id });
    expect(db().select().from(productRequests).where(eq(productRequests.id, id)).get()!.aiReasoning).toBe(row.aiReasoning);
    expect(auditCount()).toBe(audits + 1);
  });
});
