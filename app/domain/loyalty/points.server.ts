/**
 * Loyalty points for orders: 1 point per whole pound of the order's subtotal (ex VAT), credited when the
 * order is placed (or approved, for customers whose orders need approval), and taken back with an
 * `adjusted` entry when the order is cancelled or a return refunded. Taking back first voids the customer's
 * unused vouchers bought with points, newest first, as far as the balance is short (voidVouchersToCover):
 * a balance goes below zero only by points already spent. All run inside the caller's transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { loyaltyTransactions } from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { voidVouchersToCover } from "./vouchers.server";

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
      companyId: companyIdOfUser(order.userId),
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
  const standing = pointsHeldByOrder(tx, order.id);
  if (standing <= 0) return 0;
  voidVouchersToCover(tx, order.userId, standing, `order ${order.orderNumber} ${reason}`.trim());
  tx.insert(loyaltyTransactions)
    .values({
      userId: order.userId,
      companyId: companyIdOfUser(order.userId),
      transactionType: "adjusted",
      points: -standing,
      orderId: order.id,
      description: `Points reversed: order ${order.orderNumber} ${reason}`.trim(),
    })
    .run();
  return standing;
}

/** What an order still holds in points: what it earned less everything already reversed (never below 0). */
export function pointsHeldByOrder(tx: DB, orderId: number): number {
  const row = tx
    .select({ net: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)` })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.orderId, orderId),
        inArray(loyaltyTransactions.transactionType, ["earned", "adjusted"]),
      ),
    )
    .get();
  return Math.max(0, Number(row?.net ?? 0));
}

/**
 * Takes back the points of a refunded return: `points` (1 per whole pound of the refunded value ex VAT),
 * but never more than the order still holds. Writes one `adjusted` entry naming the order and the return,
 * e.g. "Points reversed: return #12 on order ORD-000123 refunded", and nothing when there is nothing to take.
 * Returns the points taken back.
 */
export function reversePointsForReturn(
  tx: DB,
  order: Omit<LoyaltyOrder, "subtotal">,
  returnId: number,
  points: number,
): number {
  if (!order.userId || points <= 0) return 0;
  const taken = Math.min(Math.floor(points), pointsHeldByOrder(tx, order.id));
  if (taken <= 0) return 0;
  voidVouchersToCover(tx, order.userId, taken, `return #${returnId} on order ${order.orderNumber} refunded`);
  tx.insert(loyaltyTransactions)
    .values({
      userId: order.userId,
      companyId: companyIdOfUser(order.userId),
      transactionType: "adjusted",
      points: -taken,
      orderId: order.id,
      returnId,
      description: `Points reversed: return #${returnId} on order ${order.orderNumber} refunded`,
    })
    .run();
  return taken;
}
