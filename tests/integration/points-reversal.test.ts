/**
 * Taking points back (an order cancelled, a refund completed) first voids the customer's unused vouchers
 * bought with points, newest first, as far as the balance is short; a voided voucher is refused at checkout,
 * and a balance below zero (only by points already spent) redeems nothing until it is back above zero.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loyaltyRewards, loyaltyTransactions, orderItems, orders, users, vouchers } from "~db/schema";
import { pointsBalance, redeemReward } from "~/domain/loyalty/loyalty-account.server";
import { voucherVoidedMessage } from "~/domain/loyalty/vouchers.server";
import { placeOrder } from "~/domain/orders/orders.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiComplete from "~/routes/api.admin.returns.$id.complete";
import * as apiReturnStatus from "~/routes/api.admin.returns.$id.status";
import * as apiRedeem from "~/routes/api.loyalty.redeem.$rewardId";
import * as apiOrders from "~/routes/api.orders";
import * as apiReturns from "~/routes/api.returns";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser, SHIPPING } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

type User = typeof users.$inferSelect;

const db = () => getDb();
const DAY = 24 * 60 * 60 * 1000;

let adminCookie: string;
let kettleId: number; // £30.00
let milkId: number; // £1.00
let rewardId: number; // free shipping for 100 points

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  kettleId = createProduct({ name: "Catering Kettle", salesPrice: 3000, stockLevel: 500 }).id;
  milkId = createProduct({ name: "Milk Portions", salesPrice: 100, stockLevel: 500 }).id;
  rewardId = db()
    .insert(loyaltyRewards)
    .values({ name: "Free delivery", pointsCost: 100, rewardType: "free_shipping", validFrom: new Date(Date.now() - 30 * DAY) })
    .returning()
    .get().id;
});

async function order(user: User, lines: { productId: number; quantity: number }[], voucherCode: string | null = null) {
  const placed = await placeOrder(db(), findSessionUser(db(), user.id)!, { ...SHIPPING, idempotencyKey: null, voucherCode, lines });
  if (!placed.ok) throw new Error(placed.message);
  if (placed.value.kind !== "placed") throw new Error("The order was sent for approval");
  return placed.value;
}

function redeemAt(user: User, daysAgo: number) {
  const redeemed = redeemReward(db(), findSessionUser(db(), user.id)!, rewardId, null, () => new Date(Date.now() - daysAgo * DAY));
  if (!redeemed.ok) throw new Error(redeemed.message);
  return redeemed.value.voucher.code;
}

function voucherState(code: string) {
  const row = db().select().from(vouchers).where(eq(vouchers.code, code)).get()!;
  return row.usedAt === null ? "unused" : row.usedOrderId === null ? "voided" : "used";
}

/** POST /api/orders with a voucher: what checkout answers. */
async function checkoutWith(cookie: string, voucherCode: string) {
  const response = await callRoute(
    apiOrders.action,
    buildRequest("/api/orders", { json: { ...SHIPPING, voucherCode, items: [{ productId: milkId, quantity: 1 }] }, cookie }),
  );
  return { status: response.status, body: await readJson(response) };
}

describe("cancelling an order", () => {
  it("voids the newest unused voucher only as far as needed, and the voided voucher is refused at checkout", async () => {
    const buyer = await createUser({ email: "cancel@example.com" });
    const cookie = await signIn(buyer.email, { via: "api" });
    await order(buyer, [{ productId: kettleId, quantity: 4 }]); // 120 points, kept
    const cancelled = await order(buyer, [{ productId: kettleId, quantity: 5 }]); // 150 points
    const older = redeemAt(buyer, 2);
    const newer = redeemAt(buyer, 1);
    expect(pointsBalance(db(), buyer.id)).toBe(70);

    const response = await callRoute(
      apiOrderStatus.action,
      buildRequest(`/api/admin/orders/${cancelled.orderId}/status`, { method: "PATCH", json: { status: "cancelled" }, cookie: adminCookie }),
      { orderId: String(cancelled.orderId) },
    );
    expect(response.status).toBe(200);

    // 70 is short of 150 by 80: the newest voucher's 100 points cover it, the older voucher stays
    expect(voucherState(newer)).toBe("voided");
    expect(voucherState(older)).toBe("unused");
    expect(pointsBalance(db(), buyer.id)).toBe(20);
    const returned = db()
      .select({ points: loyaltyTransactions.points, description: loyaltyTransactions.description })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, buyer.id))
      .orderBy(asc(loyaltyTransactions.id))
      .all()
      .slice(-2);
    expect(returned).toEqual([
      { points: 100, description: `Voucher ${newer} cancelled: its points returned (order ${cancelled.orderNumber} cancelled)` },
      { points: -150, description: `Points reversed: order ${cancelled.orderNumber} cancelled` },
    ]);

    const refused = await checkoutWith(cookie, newer);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: voucherVoidedMessage(newer), field: "voucherCode" });
    expect((await checkoutWith(cookie, older)).status).toBe(201);
  });

  it("leaves vouchers alone when the balance covers the points", async () => {
    const buyer = await createUser({ email: "covered@example.com" });
    await order(buyer, [{ productId: kettleId, quantity: 10 }]); // 300 points
    const placed = await order(buyer, [{ productId: kettleId, quantity: 2 }]); // 60 points
    const code = redeemAt(buyer, 1);
    await callRoute(
      apiOrderStatus.action,
      buildRequest(`/api/admin/orders/${placed.orderId}/status`, { method: "PATCH", json: { status: "cancelled" }, cookie: adminCookie }),
      { orderId: String(placed.orderId) },
    );
    expect(voucherState(code)).toBe("unused");
    expect(pointsBalance(db(), buyer.id)).toBe(200);
  });
});

describe("completing a refund", () => {
  it("voids the unused vouchers, goes below zero only by points spent, and nothing is redeemed until back above zero", async () => {
    const buyer = await createUser({ email: "refund@example.com" });
    const cookie = await signIn(buyer.email, { via: "api" });
    const delivered = await order(buyer, [{ productId: kettleId, quantity: 10 }]); // 300 points
    db().update(orders).set({ status: "delivered" }).where(eq(orders.id, delivered.orderId)).run();
    const spent = redeemAt(buyer, 3);
    const unused = redeemAt(buyer, 2);
    await order(buyer, [{ productId: milkId, quantity: 5 }], spent); // uses a voucher, earns 5 points
    expect(voucherState(spent)).toBe("used");
    expect(pointsBalance(db(), buyer.id)).toBe(105);

    const line = db().select().from(orderItems).where(eq(orderItems.orderId, delivered.orderId)).get()!;
    const requested = await callRoute(
      apiReturns.action,
      buildRequest("/api/returns", {
        json: { orderId: delivered.orderId, items: [{ orderItemId: line.id, quantity: 10 }], returnType: "refund", reason: "Faulty", customerNotes: "" },
        cookie,
      }),
    );
    expect(requested.status).toBe(201);
    const returnId = (await readJson(requested)).id as number;
    const approved = await callRoute(
      apiReturnStatus.action,
      buildRequest(`/api/admin/returns/${returnId}/status`, { method: "PATCH", json: { status: "approved" }, cookie: adminCookie }),
      { id: String(returnId) },
    );
    expect(approved.status).toBe(200);
    const completed = await callRoute(
      apiComplete.action,
      buildRequest(`/api/admin/returns/${returnId}/complete`, { method: "POST", cookie: adminCookie }),
      { id: String(returnId) },
    );
    expect(completed.status).toBe(200);

    // 105 + the unused voucher's 100 = 205, less the 300 reversed: −95, within the 100 spent on the used voucher
    expect(voucherState(unused)).toBe("voided");
    expect(voucherState(spent)).toBe("used");
    expect(pointsBalance(db(), buyer.id)).toBe(-95);

    const redeem = await callRoute(
      apiRedeem.action,
      buildRequest(`/api/loyalty/redeem/${rewardId}`, { method: "POST", cookie }),
      { rewardId: String(rewardId) },
    );
    expect(redeem.status).toBe(409);
    expect((await readJson(redeem)).message).toMatch(/^Not enough points/);
    expect(db().select().from(vouchers).where(eq(vouchers.userId, buyer.id)).all()).toHaveLength(2);

    const refused = await checkoutWith(cookie, unused);
    expect(refused).toEqual({ status: 409, body: { message: voucherVoidedMessage(unused), field: "voucherCode" } });
  });
});
