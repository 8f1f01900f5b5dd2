/**
 * Loyalty points for orders: 1 point per whole pound of the order's subtotal (ex VAT), credited when the
 * order is placed (or approved, for customers whose orders need approval), and taken back with an
 * `adjusted` entry when the order is cancelled. Both run inside the caller's transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { loyaltyTransactions } from "~db/schema";
import type { DB } from "~/utils/db.server";

/** Whole pounds of a subtotal in pence: £123.99 → 123 points. */
export function pointsForSubtotal(subtotalPence: number): number {
  return subtotalPence > 0 ? Math.floor(subtotalPence / 100) : 0;
}

export type LoyaltyOrder = {
  id: number;
  orderNumber: string;
  userId: string | null;
  subtotal: number;
};

/**
 * Credits the points an order earns. An order earns once: if it already has its `earned` entry nothing is
 * added. Returns the points credited by this call.
 */
export function earnPointsForOrder(tx: DB, order: LoyaltyOrder): number {
  const points = pointsForSubtotal(order.subtotal);
  if (!order.userId || points === 0) return 0;
  const already = tx
    .select({ id: loyaltyTransactions.id })
    .from(loyaltyTransactions)
    .where(and(eq(loyaltyTransactions.orderId, order.id), eq(loyaltyTransactions.transactionType, "earned")))
    .get();
  if (already) return 0;
  tx.insert(loyaltyTransactions)
    .values({
      userId: order.userId,
      transactionType: "earned",
      points,
      orderId: order.id,
      description: `Points earned on order ${order.orderNumber}`,
    })
    .run();
  return points;
}

/**
 * Takes back what an order still holds in points (what it earned less anything already reversed) with one
 * `adjusted` entry, e.g. reason "cancelled" → "Points reversed: order ORD-000123 cancelled". Returns the
 * points taken back (0 when there was nothing left to reverse).
 */
export function reversePointsForOrder(tx: DB, order: Omit<LoyaltyOrder, "subtotal">, reason: string): number {
  if (!order.userId) return 0;
  const row = tx
    .select({ net: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)` })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.orderId, order.id),
        inArray(loyaltyTransactions.transactionType, ["earned", "adjusted"]),
      ),
    )
    .get();
  const standing = Number(row?.net ?? 0);
  if (standing <= 0) return 0;
  tx.insert(loyaltyTransactions)
    .values({
      userId: order.userId,
      transactionType: "adjusted",
      points: -standing,
      orderId: order.id,
      description: `Points reversed: order ${order.orderNumber} ${reason}`.trim(),
    })
    .run();
  return standing;
}
