import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, loyaltyRewards, products, vouchers } from "~db/schema";
import * as root from "~/root";
import * as rewardsPage from "~/routes/admin.loyalty-rewards/route";
import * as apiRewards from "~/routes/api.admin.loyalty-rewards";
import * as apiReward from "~/routes/api.admin.loyalty-rewards.$id";
import { getDb } from "~/utils/db.server";
import { createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let buyerId: string;
let teaId: number;

const db = () => getDb();
const countOf = (table: typeof loyaltyRewards | typeof auditLogs) => db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerId = (await createUser({ email: "buyer@example.com" })).id;
  teaId = db().insert(products).values({ name: "Catering Tea Bags (1,100)", slug: "tea", salesPrice: 1800 }).returning().get().id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

function api(handler: RouteHandler, path: string, method: string, body?: unknown, cookie = adminCookie, params = {}) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie }), params);
}

function pagePost(path: string, form: Record<string, string | number | undefined>, cookie = adminCookie) {
  return callRoute(rewardsPage.action, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(rewardsPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null, page };
}

describe("guards", () => {
  it("refuses a customer (403) and a visitor (401), writing nothing", async () => {
    const before = countOf(loyaltyRewards);
    const body = { name: "Everything free", rewardType: "discount_percentage", rewardValue: "100" };
    const forbidden = await api(apiRewards.action, "/api/admin/loyalty-rewards", "POST", body, buyerCookie);
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ message: "You do not have admin privileges." });
    expect((await api(apiRewards.loader, "/api/admin/loyalty-rewards", "GET", undefined, buyerCookie)).status).toBe(403);
    expect((await callRoute(apiRewards.loader, buildRequest("/api/admin/loyalty-rewards"))).status).toBe(401);
    expect(redirectLocation(await pagePost("/admin/loyalty-rewards?dialog=new", { intent: "create", ...body, pointsCost: 1 }, buyerCookie))).toBe("/");
    expect(countOf(loyaltyRewards)).toBe(before);
  });
});

describe("API", () => {
  it("creates with the defaults, lists, replaces and deletes a reward, audited", async () => {
    const audits = countOf(auditLogs);
    const created = await api(apiRewards.action, "/api/admin/loyalty-rewards", "POST", {
      name: "10% off your next order",
      description: "Take 10% off the goods on one order.",
      rewardValue: "10",
      validFrom: "2025-01-05",
      validUntil: "2025-12-31",
    });
    expect(created.status).toBe(201);
    const reward = await readJson(created);
    expect(reward).toMatchObject({
      name: "10% off your next order",
      pointsCost: 100,
      rewardType: "discount_percentage",
      rewardValue: "10.00",
      productId: null,
      product: null,
      isActive: true,
      validFrom: "2025-01-05T00:00:00.000Z",
      validUntil: "2025-12-31T23:59:59.999Z",
    });

    const listed = await api(apiRewards.loader, "/api/admin/loyalty-rewards", "GET");
    expect(listed.headers.get("X-Total-Count")).toBe("1");
    expect((await readJson(listed))[0].id).toBe(reward.id);

    const replaced = await api(apiReward.action, `/api/admin/loyalty-rewards/${reward.id}`, "PUT", {
      name: "Free tea",
      pointsCost: 1000,
      rewardType: "free_product",
      productId: teaId,
      isActive: false,
    }, adminCookie, { id: String(reward.id) });
    expect(replaced.status).toBe(200);
    const after = await readJson(replaced);
    expect(after).toMatchObject({
      name: "Free tea",
      description: null,
      pointsCost: 1000,
      rewardType: "free_product",
      rewardValue: null,
      productId: teaId,
      product: { name: "Catering Tea Bags (1,100)" },
      isActive: false,
      validUntil: null,
    });
    // a blank start date means valid since the reward was created
    expect(after.validFrom).toBe(after.createdAt);

    const removed = await api(apiReward.action, `/api/admin/loyalty-rewards/${reward.id}`, "DELETE", undefined, adminCookie, { id: String(reward.id) });
    expect(await readJson(removed)).toEqual({ message: "Reward deleted successfully", id: reward.id });
    expect((await api(apiReward.loader, `/api/admin/loyalty-rewards/${reward.id}`, "GET", undefined, adminCookie, { id: String(reward.id) })).status).toBe(404);
    const actions = db().select({ action: auditLogs.action }).from(auditLogs).all().slice(audits).map((row) => row.action);
    expect(actions).toEqual(["loyalty_reward.created", "loyalty_reward.updated", "loyalty_reward.deleted"]);
  });

  it("answers 400 with the field for each rule of the reward form, writing nothing", async () => {
    const before = countOf(loyaltyRewards);
    const audits = countOf(auditLogs);
    const cases: [Record<string, unknown>, { message: string; field: string }][] = [
      [{ rewardValue: "5" }, { message: "Name is required", field: "name" }],
      [{ name: "A", pointsCost: 0, rewardValue: "5" }, { message: "Points cost must be at least 1", field: "pointsCost" }],
      [{ name: "A", rewardType: "discount_percentage" }, { message: "Enter the percentage off for a percentage discount", field: "rewardValue" }],
      [{ name: "A", rewardType: "discount_percentage", rewardValue: "0" }, { message: "Percentage must be more than 0 and at most 100, with at most two decimals", field: "rewardValue" }],
      [{ name: "A", rewardType: "discount_fixed", rewardValue: "-5" }, { message: "Amount must be more than £0.00, in pounds with at most two decimals", field: "rewardValue" }],
      [{ name: "A", rewardType: "free_product" }, { message: "Choose the product a free product reward gives", field: "productId" }],
      [{ name: "A", rewardType: "free_product", productId: 987654 }, { message: "Product not found: choose the free product from the list", field: "productId" }],
      [{ name: "A", rewardType: "free_shipping", validFrom: "2025-06-01", validUntil: "2025-05-01" }, { message: "Valid until must be after valid from", field: "validUntil" }],
      [{ name: "A", rewardType: "free_shipping", validFrom: "01/06/2025" }, { message: "Enter a date as YYYY-MM-DD", field: "validFrom" }],
      [{ name: "A", rewardType: "points" }, { message: "Reward type must be one of discount_percentage, discount_fixed, free_shipping, free_product", field: "rewardType" }],
    ];
    for (const [body, error] of cases) {
      const response = await api(apiRewards.action, "/api/admin/loyalty-rewards", "POST", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response)).toEqual(error);
    }
    expect(countOf(loyaltyRewards)).toBe(before);
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("deleting a reward keeps the vouchers already redeemed for it", async () => {
    const reward = await readJson(await api(apiRewards.action, "/api/admin/loyalty-rewards", "POST", { name: "£5 off", rewardType: "discount_fixed", rewardValue: "5.00", pointsCost: 250 }));
    db().insert(vouchers).values({ code: "V-TEST-1", userId: buyerId, companyId: companyIdOf(buyerId), rewardId: reward.id, rewardName: "£5 off", rewardType: "discount_fixed", rewardValue: 500 }).run();
    const removed = await api(apiReward.action, `/api/admin/loyalty-rewards/${reward.id}`, "DELETE", undefined, adminCookie, { id: String(reward.id) });
    expect(removed.status).toBe(200);
    expect(db().select().from(vouchers).where(eq(vouchers.code, "V-TEST-1")).get()).toMatchObject({ rewardId: null, rewardName: "£5 off", rewardValue: 500 });
  });
});

describe("page", () => {
  const form = (overrides: Record<string, string | undefined> = {}) => ({
    intent: "create",
    name: "Free delivery",
    description: "Free delivery on one order.",
    pointsCost: "150",
    rewardType: "free_shipping",
    rewardValue: "",
    productId: "",
    validFrom: "2025-01-05",
    validUntil: "",
    isActive: "on",
    ...overrides,
  });

  it("creates a reward with 'Reward created successfully' and lists it with its type, value and dates", async () => {
    const created = await follow(await pagePost("/admin/loyalty-rewards?dialog=new", form()));
    expect(created.location).toBe("/admin/loyalty-rewards");
    expect(created.toast).toMatchObject({ title: "Reward created successfully", description: "Free delivery costs 150 points." });
    const listed = created.page.rewards.find((r: { name: string }) => r.name === "Free delivery");
    expect(listed).toMatchObject({ pointsCost: 150, rewardType: "free_shipping", rewardValue: null, isActive: true, validFrom: "2025-01-05T00:00:00.000Z" });

    const percent = await follow(await pagePost("/admin/loyalty-rewards?dialog=new", form({ name: "Summer 12.5%", rewardType: "discount_percentage", rewardValue: "12.5", validFrom: "2025-07-01", validUntil: "2025-08-31", isActive: undefined })));
    expect(percent.toast?.title).toBe("Reward created successfully");
    const summer = db().select().from(loyaltyRewards).where(eq(loyaltyRewards.name, "Summer 12.5%")).get()!;
    expect(summer).toMatchObject({ rewardValue: 1250, isActive: false });
    expect(summer.validFrom.toISOString()).toBe("2025-06-30T23:00:00.000Z");
    expect(summer.validUntil?.toISOString()).toBe("2025-08-31T22:59:59.999Z");
  });

  it("bad input answers 400 with the field's message and saves nothing; an unknown product shows 'Error' with the server's message", async () => {
    const before = countOf(loyaltyRewards);
    const noName = await pagePost("/admin/loyalty-rewards?dialog=new", form({ name: "" }));
    expect(noName.status).toBe(400);
    expect((await readJson(noName)).result.error.name).toEqual(["Name is required"]);

    const noPoints = await pagePost("/admin/loyalty-rewards?dialog=new", form({ pointsCost: "0" }));
    expect((await readJson(noPoints)).result.error.pointsCost).toEqual(["Points cost must be at least 1"]);

    const unknownProduct = await pagePost("/admin/loyalty-rewards?dialog=new", form({ rewardType: "free_product", productId: "999999" }));
    expect(unknownProduct.status).toBe(400);
    const body = await readJson(unknownProduct);
    expect(body.result.error.productId).toEqual(["Product not found: choose the free product from the list"]);
    expect(body.toast).toEqual({ title: "Error", description: "Product not found: choose the free product from the list", variant: "destructive" });
    expect(countOf(loyaltyRewards)).toBe(before);
  });

  it("edits and deletes a reward with the spec's notices", async () => {
    const reward = db().select().from(loyaltyRewards).where(eq(loyaltyRewards.name, "Free delivery")).get()!;
    const editPage = await readJson(await callRoute(rewardsPage.loader, buildRequest(`/admin/loyalty-rewards?edit=${reward.id}`, { cookie: adminCookie })));
    expect(editPage.editing).toMatchObject({ name: "Free delivery" });
    expect(editPage.products.map((p: { name: string }) => p.name)).toEqual(["Catering Tea Bags (1,100)"]);

    const edited = await follow(await pagePost(`/admin/loyalty-rewards?edit=${reward.id}`, form({ intent: "update", id: String(reward.id), name: "Free tea box", rewardType: "free_product", productId: String(teaId), pointsCost: "900" })));
    expect(edited.toast).toMatchObject({ title: "Reward updated successfully" });
    expect(db().select().from(loyaltyRewards).where(eq(loyaltyRewards.id, reward.id)).get()).toMatchObject({ name: "Free tea box", productId: teaId, pointsCost: 900 });

    const deleted = await follow(await pagePost(`/admin/loyalty-rewards?delete=${reward.id}`, { intent: "delete", id: String(reward.id) }));
    expect(deleted.toast).toMatchObject({ title: "Reward deleted successfully" });
    expect(db().select().from(loyaltyRewards).where(eq(loyaltyRewards.id, reward.id)).get()).toBeUndefined();

    const again = await follow(await pagePost("/admin/loyalty-rewards", { intent: "delete", id: String(reward.id) }));
    expect(again.toast).toEqual({ title: "Error", description: "Reward not found", variant: "destructive" });
  });
});
