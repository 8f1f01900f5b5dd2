/**
 * A customer's loyalty vouchers as checkout sees them: the unused ones it offers, the one a code names, and
 * using one up with an order (or giving it back when that order is cancelled). A voucher is only ever its
 * owner's: every lookup is scoped to the user.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { products, vouchers } from "~db/schema";
import type { DB } from "~/utils/db.server";
import type { RewardType } from "./reward.schema";
import { normaliseVoucherCode } from "./vouchers";

export const VOUCHER_NOT_FOUND = "That voucher code is not one of your vouchers";
export const voucherUsedMessage = (code: string) => `Voucher ${code} has already been used`;
export const freeProductGoneMessage = (code: string) =>
  `The free product on voucher ${code} is no longer available. Choose another voucher or order without one.`;

export type VoucherRow = {
  id: number;
  code: string;
  rewardName: string;
  rewardType: RewardType;
  rewardValue: number | null;
  productId: number | null;
  /** the free product's current name, or null when there is none (or it has been deleted) */
  productName: string | null;
  usedAt: Date | null;
  createdAt: Date;
};

function selectVouchers(db: DB) {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      rewardName: vouchers.rewardName,
      rewardType: vouchers.rewardType,
      rewardValue: vouchers.rewardValue,
      productId: vouchers.productId,
      productName: products.name,
      usedAt: vouchers.usedAt,
      createdAt: vouchers.createdAt,
    })
    .from(vouchers)
    .leftJoin(products, eq(products.id, vouchers.productId));
}

/** The customer's vouchers that can still be used, newest first. */
export function listUnusedVouchers(db: DB, userId: string): VoucherRow[] {
  return selectVouchers(db)
    .where(and(eq(vouchers.userId, userId), isNull(vouchers.usedAt)))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .all();
}

/** The customer's voucher with this code (used or not), or null when they have none by that code. */
export function findCustomerVoucher(db: DB, userId: string, code: string): VoucherRow | null {
  const normalised = normaliseVoucherCode(code);
  if (normalised === "") return null;
  return (
    selectVouchers(db)
      // codes are stored as issued ("TC-7KQ2-M9XD"); the customer's few vouchers are compared without hyphens
      .where(and(eq(vouchers.userId, userId), sql`upper(replace(${vouchers.code}, '-', '')) = ${normalised}`))
      .get() ?? null
  );
}

/**
 * Marks a voucher used by an order. Conditional on it being unused, so two orders can never both use it;
 * returns false when it was already used.
 */
export function claimVoucher(tx: DB, voucherId: number, orderId: number, now: Date): boolean {
  const claimed = tx
    .update(vouchers)
    .set({ usedAt: now, usedOrderId: orderId })
    .where(and(eq(vouchers.id, voucherId), isNull(vouchers.usedAt)))
    .run();
  return claimed.changes === 1;
}

/** A cancelled order gives its voucher back, so the customer can use it again. Returns the code, if any. */
export function releaseVoucherOfOrder(tx: DB, orderId: number): string | null {
  const released = tx
    .update(vouchers)
    .set({ usedAt: null, usedOrderId: null })
    .where(eq(vouchers.usedOrderId, orderId))
    .returning({ code: vouchers.code })
    .all();
  return released[0]?.code ?? null;
}
