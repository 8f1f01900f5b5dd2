import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loyaltyTransactions, orders, users, companies } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { earnPointsForOrder, pointsForSubtotal, reversePointsForOrder } from "./points.server";

let userId: string;

beforeAll(() => {
  userId = crypto.randomUUID();
  // a customer is a company of one: the points are the company's
  const companyId = getDb().insert(companies).values({ name: "Points Ltd" }).returning().get().id;
  getDb()
    .insert(users)
    .values({ id: userId, email: "points@example.com", passwordHash: "x", approvedAt: new Date(), companyId, companyRole: "company_admin" })
    .run();
});

function createOrder(orderNumber: string, subtotal: number) {
  return getDb()
    .insert(orders)
    .values({
      orderNumber,
      userId,
      subtotal,
      vatAmount: 0,
      total: subtotal,
      shippingName: "A",
      shippingEmail: "a@example.com",
      shippingAddress: "1 Road",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 1AA",
    })
    .returning()
    .get();
}

const rowsOf = (orderId: number) =>
  getDb()
    .select({ type: loyaltyTransactions.transactionType, points: loyaltyTransactions.points, description: loyaltyTransactions.description })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.orderId, orderId))
    .all();

describe("pointsForSubtotal", () => {
  it("is one point per whole pound, never negative", () => {
    expect(pointsForSubtotal(0)).toBe(0);
    expect(pointsForSubtotal(99)).toBe(0);
    expect(pointsForSubtotal(100)).toBe(1);
    expect(pointsForSubtotal(12_399)).toBe(123);
    expect(pointsForSubtotal(-500)).toBe(0);
  });
});

describe("earning and reversing an order's points", () => {
  it("credits once, reverses what is left once, and names the order", () => {
    const db = getDb();
    const order = createOrder("ORD-000501", 4_850);
    expect(earnPointsForOrder(db, order)).toBe(48);
    expect(earnPointsForOrder(db, order)).toBe(0);
    expect(reversePointsForOrder(db, order, "cancelled")).toBe(48);
    expect(reversePointsForOrder(db, order, "cancelled")).toBe(0);
    expect(rowsOf(order.id)).toEqual([
      { type: "earned", points: 48, description: "Points earned on order ORD-000501" },
      { type: "adjusted", points: -48, description: "Points reversed: order ORD-000501 cancelled" },
    ]);
  });

  it("writes nothing for an order under £1", () => {
    const order = createOrder("ORD-000502", 99);
    expect(earnPointsForOrder(getDb(), order)).toBe(0);
    expect(reversePointsForOrder(getDb(), order, "cancelled")).toBe(0);
    expect(rowsOf(order.id)).toEqual([]);
  });
});
