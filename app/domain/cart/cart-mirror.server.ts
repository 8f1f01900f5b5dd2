/** What the cart page needs to judge the browser's copy of the cart (see cart-mirror.schema.ts). */
import { desc, eq } from "drizzle-orm";
import { orders } from "~db/schema";
import type { DB } from "~/utils/db.server";

/**
 * When the user last placed an order (ms), or null. A copy saved before that order is what checkout
 * emptied, not a lost cart, so it is not offered back.
 */
export function lastOrderPlacedAt(db: DB, userId: string): number | null {
  const row = db
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .get();
  return row ? row.createdAt.getTime() : null;
}

/** Whose cart a copy belongs to: "guest" or "user:<id>". */
export function mirrorOwnerOf(user: { id: string } | null): string {
  return user ? `user:${user.id}` : "guest";
}
