/** The header's cart badge: the total quantity in the visitor's cart. */
import { eq, sql } from "drizzle-orm";
import { cartItems } from "~db/schema";
import type { DB } from "~/utils/db.server";

export function countUserCartItems(db: DB, userId: string): number {
  const row = db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .get();
  return Number(row?.count ?? 0);
}

/** Guest carts live in the session as lines with a quantity. */
export function countGuestCartItems(guestCart: unknown): number {
  if (!Array.isArray(guestCart)) return 0;
  return guestCart.reduce(
    (sum, line) => sum + (typeof line?.quantity === "number" && line.quantity > 0 ? line.quantity : 0),
    0,
  );
}
