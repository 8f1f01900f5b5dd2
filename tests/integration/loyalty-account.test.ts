import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loyaltyRewards, loyaltyTransactions, orders, products, users, vouchers } from "~db/schema";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import * as root from "~/root";
import * as loyaltyPage from "~/routes/account.loyalty/route";
import * as apiPoints from "~/routes/api.loyalty.points";
import * as apiRedeem from "~/routes/api.loyalty.redeem.$rewardId";
import * as apiRewards from "~/routes/api.loyalty.rewards";
import * as apiTransactions from "~/routes/api.loyalty.transactions";
import { getDb, writeTransaction } from "~/utils/db.server";
import { commitSession, sessionStorage } from "~/utils/session.server";
import { createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";

type User = typeof users.$inferSelect;
type Reward = typeof loyaltyRewards.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
const CODE = /^TC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
const UNAVAILABLE = "Reward not found or no longer available";

let buyer: User; // 300 points from one order
let other: User; // 900 points, one voucher of their own
let pending: User; // not approved, 1000 points
let admin: User;
let busy: User; // 55 history entries, for paging
const cookies: Record<string, string> = {};
let buyerOrder: { id: number; orderNumber: string };
let otherOrderNumber: string;
let tea: typeof products.$inferSelect;

const rewards: Record<string, Reward> = {};

const db = () => getDb();
const rows = (table: typeof vouchers | typeof loyaltyTransactions, userId: string) =>
  db().select({ n: count() }).from(table).where(eq(table.userId, userId)).get()!.n;

async function sessionCookieFor(user: User) {
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  return (await commitSession(session)).split(";")[0];
}

function createOrder(user: User, subtotal: number) {
  return writeTransaction(db(), (tx) =>
    tx
      .insert(orders)
      .values({
        orderNumber: nextOrderNumber(tx),
        userId: user.id,
        status: "processing",
        subtotal,
        vatAmount: Math.round(subtotal / 5),
        total: subtotal + Math.round(subtotal / 5),
        shippingName: "Casey Trader",
        shippingEmail: user.email,
        shippingAddress: "4 Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber })
      .get(),
  );
}

function earn(user: User, points: number, order: { id: number; orderNumber: string } | null, createdAt = new Date()) {
  db()
    .insert(loyaltyTransactions)
    .values({
      userId: user.id,
      companyId: companyIdOf(user.id),
      transactionType: "earned",
      points,
      orderId: order?.id ?? null,
      description: order ? `Points earned on order ${order.orderNumber}` : null,
      createdAt,
    })
    .run();
}

function reward(key: string, values: Partial<typeof loyaltyRewards.$inferInsert> & { name: string; pointsCost: number }) {
  rewards[key] = db()
    .insert(loyaltyRewards)
    .values({ rewardType: "discount_percentage", rewardValue: 1000, validFrom: new Date(Date.now() - 30 * DAY), ...values })
    .returning()
    .get();
}

beforeAll(async () => {
  tea = db().insert(products).values({ name: "Catering Tea Bags (1,100)", slug: "tea", salesPrice: 1800 }).returning().get();
  const gone = db().insert(products).values({ name: "Discontinued Mugs", slug: "mugs", salesPrice: 900 }).returning().get();

  buyer = await createUser({ email: "buyer@example.com" });
  other = await createUser({ email: "other@example.com" });
  pending = await createUser({ email: "pending@example.com", approvedAt: null });
  admin = await createUser({ email: "admin@example.com", role: "admin" });
  busy = await createUser({ email: "busy@example.com" });
  for (const user of [buyer, other, pending, admin, busy]) cookies[user.email] = await sessionCookieFor(user);

  buyerOrder = createOrder(buyer, 30_050);
  earn(buyer, 300, buyerOrder, new Date(Date.now() - 2 * DAY));
  const otherOrder = createOrder(other, 90_000);
  otherOrderNumber = otherOrder.orderNumber;
  earn(other, 900, otherOrder);
  earn(pending, 1000, null);
  for (let i = 0; i < 55; i += 1) earn(busy, i + 1, null, new Date(Date.now() - (60 - i) * DAY));

  reward("fiver", { name: "£5.00 off your next order", description: "£5.00 off the goods on one order.", pointsCost: 250, rewardType: "discount_fixed", rewardValue: 500 });
  reward("tenPercent", { name: "10% off your next order", pointsCost: 500, validUntil: new Date(Date.now() + 30 * DAY) });
  reward("shipping", { name: "Free delivery", pointsCost: 150, rewardType: "free_shipping", rewardValue: null });
  reward("tea", { name: "Free box of tea", pointsCost: 250, rewardType: "free_product", rewardValue: null, productId: tea.id });
  reward("inactive", { name: "Retired reward", pointsCost: 10, isActive: false });
  reward("expired", { name: "Summer offer", pointsCost: 10, validUntil: new Date(Date.now() - DAY) });
  reward("future", { name: "Next month's offer", pointsCost: 10, validFrom: new Date(Date.now() + DAY) });
  reward("mugs", { name: "Free mugs", pointsCost: 10, rewardType: "free_product", rewardValue: null, productId: gone.id });
  db().delete(products).where(eq(products.id, gone.id)).run(); // the reward's product link is cleared

  db()
    .insert(vouchers)
    .values({ code: "TC-OTHR-2345", userId: other.id, companyId: companyIdOf(other.id), rewardId: rewards.fiver.id, rewardName: "Other's voucher", rewardType: "discount_fixed", rewardValue: 500 })
    .run();
});

function apiGet(handler: typeof apiPoints.loader, path: string, cookie?: string) {
  return callRoute(handler, buildRequest(path, { cookie }));
}

function apiRedeemCall(rewardId: number | string, cookie: string | undefined, key?: string) {
  return callRoute(
    apiRedeem.action,
    buildRequest(`/api/loyalty/redeem/${rewardId}`, { method: "POST", cookie, headers: key ? { "Idempotency-Key": key } : undefined }),
    { rewardId: String(rewardId) },
  );
}

function pagePost(form: Record<string, string | number>, cookie: string) {
  return callRoute(loyaltyPage.action, buildRequest("/account/loyalty", { form, cookie }));
}

/** Follows the action's redirect: where it went and the notice the next page shows. */
async function toastAfter(response: Response, cookie: string) {
  expect(redirectLocation(response)).toBe("/account/loyalty");
  const next = cookieFrom(response, cookie);
  const data = await readJson(await callRoute(root.loader, buildRequest("/account/loyalty", { cookie: next })));
  return data.toast as { title: string; description?: string; variant?: string } | null;
}

async function pageData(path: string, cookie: string) {
  const response = await callRoute(loyaltyPage.loader, buildRequest(path, { cookie }));
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return readJson(response);
}

async function balanceOf(user: User) {
  return (await readJson(await apiGet(apiPoints.loader, "/api/loyalty/points", cookies[user.email]))).points as number;
}

describe("signed out", () => {
  it("answers 401 on every loyalty call and sends the page to the login", async () => {
    for (const [handler, path] of [
      [apiPoints.loader, "/api/loyalty/points"],
      [apiRewards.loader, "/api/loyalty/rewards"],
      [apiTransactions.loader, "/api/loyalty/transactions"],
    ] as const) {
      const response = await apiGet(handler, path);
      expect(response.status, path).toBe(401);
      expect(await readJson(response)).toEqual({ message: "Unauthorized" });
    }
    const redeem = await apiRedeemCall(rewards.fiver.id, undefined);
    expect(redeem.status).toBe(401);
    expect(redirectLocation(await callRoute(loyaltyPage.loader, buildRequest("/account/loyalty")))).toBe(
      "/login?redirectTo=%2Faccount%2Floyalty",
    );
    expect(redirectLocation(await callRoute(loyaltyPage.action, buildRequest("/account/loyalty", { form: { rewardId: rewards.fiver.id } })))).toMatch(/^\/login\?/);
    expect(rows(vouchers, buyer.id)).toBe(0);
  });
});

describe("GET /api/loyalty/*", () => {
  it("gives the user's own balance", async () => {
    expect(await readJson(await apiGet(apiPoints.loader, "/api/loyalty/points", cookies[buyer.email]))).toEqual({ points: 300 });
    expect(await readJson(await apiGet(apiPoints.loader, "/api/loyalty/points", cookies[admin.email]))).toEqual({ points: 0 });
  });

  it("lists only the rewards available now, cheapest first, in the spec's shape", async () => {
    const response = await apiGet(apiRewards.loader, "/api/loyalty/rewards", cookies[buyer.email]);
    expect(response.status).toBe(200);
    const list = await readJson(response);
    expect(list.map((r: { name: string }) => r.name)).toEqual([
      "Free delivery",
      "Free box of tea",
      "£5.00 off your next order",
      "10% off your next order",
    ]);
    expect(list[2]).toEqual({
      id: rewards.fiver.id,
      name: "£5.00 off your next order",
      description: "£5.00 off the goods on one order.",
      pointsCost: 250,
      rewardType: "discount_fixed",
      rewardValue: "5.00",
      productId: null,
      isActive: true,
      validFrom: rewards.fiver.validFrom.toISOString(),
      validUntil: null,
      product: null,
    });
    expect(list[1]).toMatchObject({ rewardType: "free_product", rewardValue: null, productId: tea.id, product: { name: tea.name } });
    expect(list[3]).toMatchObject({ rewardValue: "10.00", validUntil: rewards.tenPercent.validUntil!.toISOString() });
  });

  it("lists the user's own history, newest first, with the order number", async () => {
    const response = await apiGet(apiTransactions.loader, "/api/loyalty/transactions", cookies[buyer.email]);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    const list = await readJson(response);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        transactionType: "earned",
        points: 300,
        description: `Points earned on order ${buyerOrder.orderNumber}`,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        order: { orderNumber: buyerOrder.orderNumber },
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(otherOrderNumber);
  });

  it("pages the history by 50 with the total in X-Total-Count", async () => {
    const first = await apiGet(apiTransactions.loader, "/api/loyalty/transactions", cookies[busy.email]);
    expect(first.headers.get("X-Total-Count")).toBe("55");
    const firstPage = await readJson(first);
    expect(firstPage).toHaveLength(50);
    expect(firstPage[0].points).toBe(55); // the newest
    const second = await readJson(await apiGet(apiTransactions.loader, "/api/loyalty/transactions?page=2", cookies[busy.email]));
    expect(second.map((entry: { points: number }) => entry.points)).toEqual([5, 4, 3, 2, 1]);
    expect(await readJson(await apiGet(apiTransactions.loader, "/api/loyalty/transactions?page=3", cookies[busy.email]))).toEqual([]);

    const bad = await apiGet(apiTransactions.loader, "/api/loyalty/transactions?page=abc", cookies[busy.email]);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "page must be a whole number", field: "page" });
  });
});

describe("redeeming refused", () => {
  it("409 with too few points through the API, and nothing is written", async () => {
    const response = await apiRedeemCall(rewards.tenPercent.id, cookies[buyer.email], "too-few-api-1");
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({
      message: "Not enough points: this reward needs 500 points and you have 300.",
    });
    expect(rows(vouchers, buyer.id)).toBe(0);
    expect(rows(loyaltyTransactions, buyer.id)).toBe(1);
    expect(await balanceOf(buyer)).toBe(300);
  });

  it("409 with too few points through the page: an Error notice, and nothing is written", async () => {
    const response = await pagePost({ rewardId: rewards.tenPercent.id, idempotencyKey: "too-few-page-1" }, cookies[buyer.email]);
    expect(await toastAfter(response, cookies[buyer.email])).toEqual({
      title: "Error",
      description: "Not enough points: this reward needs 500 points and you have 300.",
      variant: "destructive",
    });
    expect(rows(vouchers, buyer.id)).toBe(0);
    expect(rows(loyaltyTransactions, buyer.id)).toBe(1);
  });

  it("404 for an inactive, expired, future, unknown or productless reward", async () => {
    for (const id of [rewards.inactive.id, rewards.expired.id, rewards.future.id, rewards.mugs.id, 999_999, "abc"]) {
      const response = await apiRedeemCall(id, cookies[buyer.email]);
      expect(response.status, String(id)).toBe(404);
      expect(await readJson(response)).toEqual({ message: UNAVAILABLE });
    }
    const page = await pagePost({ rewardId: rewards.expired.id, idempotencyKey: "expired-page-1" }, cookies[buyer.email]);
    expect(await toastAfter(page, cookies[buyer.email])).toMatchObject({ title: "Error", description: UNAVAILABLE });
    const junk = await pagePost({ rewardId: "1 OR 1=1" }, cookies[buyer.email]);
    expect(await toastAfter(junk, cookies[buyer.email])).toMatchObject({ title: "Error", description: UNAVAILABLE });
    expect(rows(vouchers, buyer.id)).toBe(0);
    expect(rows(loyaltyTransactions, buyer.id)).toBe(1);
  });

  it("403 for a customer awaiting approval and for an admin, however many points", async () => {
    const waiting = await apiRedeemCall(rewards.fiver.id, cookies[pending.email]);
    expect(waiting.status).toBe(403);
    expect(await readJson(waiting)).toEqual({
      message: "Your account is awaiting approval. You can redeem rewards once it has been approved.",
    });
    const staff = await apiRedeemCall(rewards.fiver.id, cookies[admin.email]);
    expect(staff.status).toBe(403);
    expect(await readJson(staff)).toEqual({ message: "Only customer accounts can redeem rewards." });
    const page = await pagePost({ rewardId: rewards.fiver.id, idempotencyKey: "pending-page-1" }, cookies[pending.email]);
    expect(await toastAfter(page, cookies[pending.email])).toMatchObject({ title: "Error", variant: "destructive" });
    expect(rows(vouchers, pending.id)).toBe(0);
    expect(await balanceOf(pending)).toBe(1000);
  });

  it("refuses a malformed Idempotency-Key and a GET", async () => {
    const response = await apiRedeemCall(rewards.fiver.id, cookies[buyer.email], "bad key!");
    expect(response.status).toBe(400);
    expect((await readJson(response)).field).toBe("Idempotency-Key");
    const get = await callRoute(apiRedeem.loader, buildRequest(`/api/loyalty/redeem/${rewards.fiver.id}`, { cookie: cookies[buyer.email] }));
    expect(get.status).toBe(405);
    expect(rows(vouchers, buyer.id)).toBe(0);
  });
});

describe("redeeming", () => {
  it("takes the points and gives one voucher through the API; the same key again gives the same voucher", async () => {
    const first = await apiRedeemCall(rewards.fiver.id, cookies[buyer.email], "fiver-api-key-1");
    expect(first.status).toBe(200);
    const body = await readJson(first);
    expect(body.voucher).toEqual({
      code: expect.stringMatching(CODE),
      rewardName: "£5.00 off your next order",
      rewardType: "discount_fixed",
      rewardValue: "5.00",
    });
    expect(body.message).toBe(
      `Redeemed £5.00 off your next order. Your voucher ${body.voucher.code} is ready to use at checkout.`,
    );

    const again = await apiRedeemCall(rewards.fiver.id, cookies[buyer.email], "fiver-api-key-1");
    expect(again.status).toBe(200);
    expect(await readJson(again)).toEqual(body);

    const saved = db().select().from(vouchers).where(eq(vouchers.userId, buyer.id)).all();
    expect(saved).toEqual([
      expect.objectContaining({
        code: body.voucher.code,
        rewardId: rewards.fiver.id,
        rewardName: "£5.00 off your next order",
        rewardType: "discount_fixed",
        rewardValue: 500,
        productId: null,
        usedAt: null,
      }),
    ]);
    const redeemed = db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.transactionType, "redeemed")).all();
    expect(redeemed).toEqual([
      expect.objectContaining({ userId: buyer.id, points: -250, rewardId: rewards.fiver.id, description: "Redeemed: £5.00 off your next order" }),
    ]);
    expect(await balanceOf(buyer)).toBe(50);

    // 50 left: the same reward with a new key is now refused
    const short = await apiRedeemCall(rewards.fiver.id, cookies[buyer.email], "fiver-api-key-2");
    expect(short.status).toBe(409);
    expect(await readJson(short)).toEqual({ message: "Not enough points: this reward needs 250 points and you have 50." });
    expect(rows(vouchers, buyer.id)).toBe(1);
  });

  it("redeems through the page with a Success! notice; a resubmitted form makes no second voucher", async () => {
    const cookie = cookies[other.email];
    const form = { rewardId: rewards.tea.id, idempotencyKey: "tea-page-key-1" };
    const toast = await toastAfter(await pagePost(form, cookie), cookie);
    expect(toast?.title).toBe("Success!");
    expect(toast?.variant).toBeUndefined();
    const code = /voucher (TC-[A-Z0-9-]+) is ready/.exec(toast?.description ?? "")?.[1];
    expect(code).toMatch(CODE);
    expect(toast?.description).toBe(`Redeemed Free box of tea. Your voucher ${code} is ready to use at checkout.`);

    const repeat = await toastAfter(await pagePost(form, cookie), cookie);
    expect(repeat).toEqual(toast);
    const mine = db().select().from(vouchers).where(eq(vouchers.userId, other.id)).all();
    expect(mine).toHaveLength(2); // the seeded one and this one
    expect(mine.find((v) => v.code === code)).toMatchObject({ rewardType: "free_product", productId: tea.id, rewardValue: null });
    expect(await balanceOf(other)).toBe(650);
  });
});

describe("the page", () => {
  it("shows the balance, the rewards on offer and the user's own unused vouchers", async () => {
    const data = await pageData("/account/loyalty", cookies[other.email]);
    expect(data.tab).toBe("rewards");
    expect(data.balance).toBe(650);
    expect(data.redeemNotice).toBeNull();
    expect(data.history).toBeNull();
    expect(data.idempotencyKey).toEqual(expect.any(String));
    expect(data.rewards).toEqual([
      expect.objectContaining({ name: "Free delivery", pointsCost: 150, effect: "Free shipping", productName: null }),
      expect.objectContaining({ name: "Free box of tea", pointsCost: 250, effect: "Free product", productName: tea.name }),
      expect.objectContaining({ name: "£5.00 off your next order", pointsCost: 250, effect: "£5 off your order" }),
      expect.objectContaining({ name: "10% off your next order", pointsCost: 500, effect: "10% off your order" }),
    ]);
    expect(data.vouchers.map((v: { code: string }) => v.code)).toContain("TC-OTHR-2345");
    expect(data.vouchers[0]).toMatchObject({ rewardName: "Free box of tea", effect: "Free product", productName: tea.name });

    const buyers = await pageData("/account/loyalty?tab=rewards", cookies[buyer.email]);
    expect(buyers.vouchers).toHaveLength(1);
    expect(JSON.stringify(buyers.vouchers)).not.toContain("TC-OTHR-2345");
  });

  it("tells an admin they cannot redeem", async () => {
    const data = await pageData("/account/loyalty", cookies[admin.email]);
    expect(data.balance).toBe(0);
    expect(data.redeemNotice).toBe("Only customer accounts can redeem rewards.");
    expect(data.vouchers).toEqual([]);
  });

  it("shows only the open tab: the history with order numbers, 20 a page", async () => {
    const data = await pageData("/account/loyalty?tab=history", cookies[buyer.email]);
    expect(data.rewards).toBeNull();
    expect(data.history.items.map((e: { transactionType: string; points: number }) => [e.transactionType, e.points])).toEqual([
      ["redeemed", -250],
      ["earned", 300],
    ]);
    expect(data.history.items[1].order).toEqual({ orderNumber: buyerOrder.orderNumber });
    expect(JSON.stringify(data.history)).not.toContain(otherOrderNumber);

    const busyPage = await pageData("/account/loyalty?tab=history&page=3", cookies[busy.email]);
    expect(busyPage.history).toMatchObject({ page: 3, pageCount: 3, total: 55 });
    expect(busyPage.history.items.map((e: { points: number }) => e.points)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const past = await callRoute(loyaltyPage.loader, buildRequest("/account/loyalty?tab=history&page=9", { cookie: cookies[busy.email] }));
    expect(redirectLocation(past)).toBe("/account/loyalty?tab=history&page=3");
  });

  it("shows the empty history", async () => {
    const data = await pageData("/account/loyalty?tab=history", cookies[admin.email]);
    expect(data.history).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});
