import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { productRequests, products } from "~db/schema";
import * as apiProductRequests from "~/routes/api.product-requests";
import * as requestPage from "~/routes/request-product/route";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";
import { KEY_REUSED_MESSAGE } from "~/utils/idempotency.server";

const TOO_SHORT = "Please provide at least 10 characters describing your product idea";

let buyerCookie: string;
let otherCookie: string;
let pendingCookie: string;
let buyerId: string;
let otherId: string;

function requestCount() {
  return getDb().select({ n: sql<number>`count(*)` }).from(productRequests).get()!.n;
}

function rowsOf(userId: string) {
  return getDb().select().from(productRequests).where(eq(productRequests.userId, userId)).all();
}

function apiSubmit(body: unknown, cookie?: string) {
  return callRoute(apiProductRequests.action, buildRequest("/api/product-requests", { json: body, cookie }));
}

function formSubmit(requestText: string, cookie?: string) {
  return callRoute(requestPage.action, buildRequest("/request-product", { form: { requestText }, cookie }));
}

function pageLoad(cookie?: string, query = "") {
  return callRoute(requestPage.loader, buildRequest(`/request-product${query}`, { cookie }));
}

beforeAll(async () => {
  const disposables = createCategory("Disposables & Packaging");
  getDb()
    .insert(products)
    .values([
      { name: "Ripple Wall Coffee Cups (500)", slug: "ripple-wall-coffee-cups-500", salesPrice: 3499, categoryId: disposables.id },
      { name: "Sip-Through Cup Lids (1,000)", slug: "sip-through-cup-lids-1000", salesPrice: 2499, categoryId: disposables.id },
    ])
    .run();
  buyerId = (await createUser({ email: "buyer@example.com" })).id;
  otherId = (await createUser({ email: "other@example.com" })).id;
  await createUser({ email: "pending@example.com", approvedAt: null });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  otherCookie = await signIn("other@example.com", { via: "api" });
  pendingCookie = await signIn("pending@example.com", { via: "api" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.LLM_API_URL;
  delete process.env.LLM_API_KEY;
  delete process.env.LLM_MODEL;
});

describe("POST /api/product-requests", () => {
  it("answers 401 when signed out and stores nothing", async () => {
    const before = requestCount();
    const response = await apiSubmit({ requestText: "Compostable soup containers, cases of 500" });
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
    expect(requestCount()).toBe(before);
  });

  it("answers 400 on requestText for short, blank-padded or missing text, and stores nothing", async () => {
    const before = requestCount();
    for (const body of [{ requestText: "Cups" }, { requestText: "   short    " }, { requestText: "" }, {}, { requestText: 42 }]) {
      const response = await apiSubmit(body, buyerCookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response)).toEqual({ message: TOO_SHORT, field: "requestText" });
    }
    expect(requestCount()).toBe(before);
  });

  it("stores the request pending, scored and explained, and answers 201 without the scores", async () => {
    const text = "Compostable 12oz coffee cups with matching lids, cases of 1,000, for our café counter";
    const response = await apiSubmit({ requestText: `  ${text}  ` }, buyerCookie);
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id", "requestText", "status"]);
    expect(body).toMatchObject({ requestText: text, status: "pending" });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const row = getDb().select().from(productRequests).where(eq(productRequests.id, body.id)).get()!;
    expect(row.userId).toBe(buyerId);
    expect(row.status).toBe("pending");
    expect(row.requestText).toBe(text);
    for (const value of [row.feasibilityScore, row.clarityScore, row.relevanceScore]) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(10);
    }
    expect(row.aiReasoning).toMatch(/^Feasibility \d+\/10: .+ Clarity \d+\/10: .+ Relevance \d+\/10: .+/);
    // compared with our own catalogue, read from the database
    expect(row.aiReasoning).toMatch(/close to our "(Ripple Wall Coffee Cups \(500\)|Sip-Through Cup Lids \(1,000\))"/);
    expect(row.relevanceScore).toBeGreaterThanOrEqual(7);
  });

  it("lets a customer still awaiting approval suggest a product", async () => {
    const response = await apiSubmit({ requestText: "Kraft paper carrier bags with twisted handles" }, pendingCookie);
    expect(response.status).toBe(201);
  });

  it("returns the first request when the same text is sent twice in a row", async () => {
    const text = "Biodegradable bin liners, 90 litre, rolls of 20";
    const first = await readJson(await apiSubmit({ requestText: text }, otherCookie));
    const before = requestCount();
    const second = await apiSubmit({ requestText: text }, otherCookie);
    expect(second.status).toBe(201);
    expect((await readJson(second)).id).toBe(first.id);
    expect(requestCount()).toBe(before);
  });

  it("answers 405 to GET", async () => {
    const response = await callRoute(apiProductRequests.loader, buildRequest("/api/product-requests", { cookie: buyerCookie }));
    expect(response.status).toBe(405);
  });
});

describe("/request-product page", () => {
  it("sends a signed-out visitor to log in, for the page and for a post", async () => {
    expect(redirectLocation(await pageLoad())).toBe("/login?redirectTo=%2Frequest-product");
    const before = requestCount();
    expect(redirectLocation(await formSubmit("Compostable soup containers, cases of 500"))).toBe(
      "/login?redirectTo=%2Frequest-product",
    );
    expect(requestCount()).toBe(before);
  });

  it("shows the field message and the failure notice for short text, keeping what was typed", async () => {
    const before = requestCount();
    const response = await formSubmit("  Cups  ", buyerCookie);
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.result.error.requestText).toEqual([TOO_SHORT]);
    expect(body.result.initialValue.requestText).toBe("  Cups  ");
    expect(body.notice).toMatchObject({ title: "Submission failed", description: TOO_SHORT, variant: "destructive" });
    expect(requestCount()).toBe(before);
  });

  it("stores a valid request and redirects to the confirmation", async () => {
    const text = "Wooden stirrers 140mm, boxes of 1,000, for our coffee station";
    const response = await formSubmit(text, buyerCookie);
    expect(redirectLocation(response)).toBe("/request-product?submitted=1");
    const row = rowsOf(buyerId).find((r) => r.requestText === text)!;
    expect(row.status).toBe("pending");
    expect(row.clarityScore).toBeGreaterThanOrEqual(1);
    expect(row.aiReasoning).toContain("Clarity");

    const confirmation = await readJson(await pageLoad(buyerCookie, "?submitted=1"));
    expect(confirmation.submitted).toBe(true);
    expect((await readJson(await pageLoad(buyerCookie))).submitted).toBe(false);
  });

  it("lists only the signed-in customer's own requests, newest first, without scores", async () => {
    await formSubmit("Another customer's idea: oat milk portions, 120 per case", otherCookie);
    const data = await readJson(await pageLoad(buyerCookie));
    const texts: string[] = data.requests.items.map((item: { requestText: string }) => item.requestText);
    expect(texts.length).toBe(rowsOf(buyerId).length);
    expect(texts).not.toContain("Another customer's idea: oat milk portions, 120 per case");
    expect(texts[0]).toBe("Wooden stirrers 140mm, boxes of 1,000, for our coffee station");
    for (const item of data.requests.items) {
      expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "requestText", "status"]);
    }
    const other = await readJson(await pageLoad(otherCookie));
    expect(other.requests.items.map((item: { requestText: string }) => item.requestText)).toContain(
      "Another customer's idea: oat milk portions, 120 per case",
    );
  });

  it("pages a long history on the server", async () => {
    const user = await createUser({ email: "prolific@example.com" });
    const cookie = await signIn(user.email, { via: "api" });
    for (let i = 1; i <= 12; i += 1) {
      getDb()
        .insert(productRequests)
        .values({ userId: user.id, requestText: `Idea number ${i} for the range`, createdAt: new Date(Date.UTC(2025, 0, i)) })
        .run();
    }
    const first = await readJson(await pageLoad(cookie));
    expect(first.requests).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.requests.items).toHaveLength(10);
    expect(first.requests.items[0].requestText).toBe("Idea number 12 for the range");
    const second = await readJson(await pageLoad(cookie, "?page=2"));
    expect(second.requests.items.map((item: { requestText: string }) => item.requestText)).toEqual([
      "Idea number 2 for the range",
      "Idea number 1 for the range",
    ]);
    const beyond = await readJson(await pageLoad(cookie, "?page=99"));
    expect(beyond.requests.page).toBe(2);
  });
});

describe("scoring with a configured language model", () => {
  const modelAnswer = {
    feasibility: { score: 7, reason: "Standard catering disposable available from UK suppliers" },
    clarity: { score: 6, reason: "Names the product but not the pack size" },
    relevance: { score: 9, reason: "Sits next to our ripple cups and lids" },
  };

  function stubModel(reply: () => Promise<Response>) {
    const fetchMock = vi.fn((_url: string | URL | Request, _init?: RequestInit) => reply());
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  function chatReply(content: string) {
    return Promise.resolve(
      new Response(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
  }

  it("uses the model's validated scores and reasons", async () => {
    process.env.LLM_API_URL = "http://llm.test/v1/";
    process.env.LLM_API_KEY = "test-key";
    process.env.LLM_MODEL = "test-model";
    const fetchMock = stubModel(() => chatReply(JSON.stringify(modelAnswer)));

    const response = await apiSubmit({ requestText: "Double wall 8oz coffee cups for our kiosk" }, buyerCookie);
    expect(response.status).toBe(201);
    const { id } = await readJson(response);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe("http://llm.test/v1/chat/completions");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer test-key");
    const sent = JSON.parse(String(init?.body));
    expect(sent.model).toBe("test-model");
    expect(sent.response_format).toEqual({ type: "json_object" });
    expect(sent.messages[1].content).toContain("Double wall 8oz coffee cups for our kiosk");
    expect(sent.messages[1].content).toContain("Ripple Wall Coffee Cups (500)");

    const row = getDb().select().from(productRequests).where(eq(productRequests.id, id)).get()!;
    expect([row.feasibilityScore, row.clarityScore, row.relevanceScore]).toEqual([7, 6, 9]);
    expect(row.aiReasoning).toBe(
      "Feasibility 7/10: Standard catering disposable available from UK suppliers. " +
        "Clarity 6/10: Names the product but not the pack size. " +
        "Relevance 9/10: Sits next to our ripple cups and lids.",
    );
  });

  it.each([
    ["an answer outside 1–10", () => chatReply(JSON.stringify({ ...modelAnswer, clarity: { score: 11, reason: "Far too generous a score" } }))],
    ["prose instead of JSON", () => chatReply("These look like a good fit for the range.")],
    ["an error status", () => Promise.resolve(new Response("overloaded", { status: 503 }))],
    ["a network failure", () => Promise.reject(new TypeError("fetch failed"))],
  ])("falls back to the local analyser on %s", async (_case, reply) => {
    process.env.LLM_API_URL = "http://llm.test/v1";
    const fetchMock = stubModel(reply);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const text = `Sip lids for 12oz cups, sleeves of 100 (${_case})`;
    const response = await apiSubmit({ requestText: text }, buyerCookie);
    warn.mockRestore();
    expect(response.status).toBe(201);
    expect(fetchMock).toHaveBeenCalled();
    const row = rowsOf(buyerId).find((r) => r.requestText === text)!;
    expect(row.clarityScore).toBeGreaterThanOrEqual(1);
    expect(row.clarityScore).toBeLessThanOrEqual(10);
    expect(row.aiReasoning).toMatch(/^Feasibility \d+\/10: .+ Clarity \d+\/10: .+ Relevance \d+\/10: .+/);
    expect(row.aiReasoning).not.toContain("Far too generous");
  });
});

describe("a repeat with the same key", () => {
  it("form: the page's key records one request; a retry redirects to the same confirmation and adds none", async () => {
    const page = await readJson(await pageLoad(otherCookie));
    expect(page.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const text = "Biodegradable bin liners 90L, rolls of 50, for our kitchen";
    const post = (requestText: string) =>
      callRoute(
        requestPage.action,
        buildRequest("/request-product", { form: { requestText, idempotencyKey: page.idempotencyKey }, cookie: otherCookie }),
      );
    const before = rowsOf(otherId).length;
    expect(redirectLocation(await post(text))).toBe("/request-product?submitted=1");
    expect(redirectLocation(await post(text))).toBe("/request-product?submitted=1");
    // an edited resend with the same key is another request: refused on the form, nothing stored
    const edited = await post(`${text}, please`);
    expect(edited.status).toBe(422);
    expect(JSON.stringify(await readJson(edited))).toContain(KEY_REUSED_MESSAGE);
    expect(rowsOf(otherId).length).toBe(before + 1);
    expect(rowsOf(otherId).filter((row) => row.requestText.startsWith(text))).toHaveLength(1);
  });

  it("API: the same Idempotency-Key answers 201 with the first request and stores nothing more", async () => {
    const send = (requestText: string) =>
      callRoute(
        apiProductRequests.action,
        buildRequest("/api/product-requests", {
          json: { requestText },
          cookie: otherCookie,
          headers: { "Idempotency-Key": "product-request-repeat-1" },
        }),
      );
    const before = requestCount();
    const first = await send("Recycled paper napkins 33cm, 2-ply, cases of 2,000");
    expect(first.status).toBe(201);
    const created = await readJson(first);
    const repeat = await send("Recycled paper napkins 33cm, 2-ply, cases of 2,000");
    expect(repeat.status).toBe(201);
    expect(await readJson(repeat)).toEqual(created);
    // the same key with another text is refused and stores nothing
    const other = await send("Recycled paper napkins 33cm, 2-ply, cases of 4,000");
    expect(other.status).toBe(422);
    expect(await readJson(other)).toEqual({ message: KEY_REUSED_MESSAGE });
    expect(requestCount()).toBe(before + 1);
  });
});
