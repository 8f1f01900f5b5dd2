/**
 * A customer's loyalty vouchers as checkout sees them: the unused ones it offers, the one a code names, and
 * using one up with an order (or giving it back when that order is cancelled). A voucher is only ever its
 * owner's: every lookup is scoped to the user.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { loyaltyTransactions, products, vouchers } from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import type { RewardType } from "./reward.schema";
import { normaliseVoucherCode } from "./vouchers";

export const VOUCHER_NOT_FOUND = "That voucher code is not one of your vouchers";
export const voucherUsedMessage = (code: string) => `Voucher ${code} has already been used`;
export const voucherVoidedMessage = (code: string) =>
  `Voucher ${code} was cancelled when the points it was bought with were taken back`;
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
  /** the order that used it; null on a used voucher means it was voided (see voidVouchersToCover) */
  usedOrderId: number | null;
  createdAt: Date;
};

/** Why checkout cannot take this voucher, or null when it can. */
export function voucherUnusableMessage(voucher: Pick<VoucherRow, "code" | "usedAt" | "usedOrderId">): string | null {
  if (!voucher.usedAt) return null;
  return voucher.usedOrderId === null ? voucherVoidedMessage(voucher.code) : voucherUsedMessage(voucher.code);
}

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
      usedOrderId: vouchers.usedOrderId,
      createdAt: vouchers.createdAt,
    })
    .from(vouchers)
    .leftJoin(products, eq(products.id, vouchers.productId));
}

/** The customer's vouchers that can still be used, newest first. */
export function listUnusedVouchers(db: DB, userId: string): VoucherRow[] {
  return selectVouchers(db)
    .where(and(eq(vouchers.companyId, companyIdOfUser(userId)), isNull(vouchers.usedAt)))
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
      .where(and(eq(vouchers.companyId, companyIdOfUser(userId)), sql`upper(replace(${vouchers.code}, '-', '')) = ${normalised}`))
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

/**
 * The points a voucher was bought with: its `redeemed` entry, written in the same transaction and at the same
 * moment as the voucher. 0 for a voucher no points paid for.
 */
function pointsPaidFor(tx: DB, voucher: { companyId: number; rewardId: number | null; createdAt: Date }): number {
  const entry = tx
    .select({ points: loyaltyTransactions.points })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.companyId, voucher.companyId),
        eq(loyaltyTransactions.transactionType, "redeemed"),
        eq(loyaltyTransactions.createdAt, voucher.createdAt),
        voucher.rewardId === null ? isNull(loyaltyTransactions.rewardId) : eq(loyaltyTransactions.rewardId, voucher.rewardId),
      ),
    )
    .get();
  return entry ? Math.max(0, -entry.points) : 0;
}

/**
 * Before points are taken back (an order cancelled, a return refunded): while the customer's balance is short
 * of `points`, voids their unused vouchers bought with points, newest first, each giving its points back with
 * an `adjusted` entry. A voided voucher is marked used with no order, so checkout refuses it. Returns the
 * codes voided; what is still short afterwards was already spent on used vouchers.
 */
export function voidVouchersToCover(tx: DB, userId: string, points: number, because: string, now = new Date()): string[] {
  let balance = Number(
    tx
      .select({ points: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)` })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.companyId, companyIdOfUser(userId)))
      .get()?.points ?? 0,
  );
  const voided: string[] = [];
  if (balance >= points) return voided;
  const unused = tx
    .select({ id: vouchers.id, companyId: vouchers.companyId, code: vouchers.code, rewardId: vouchers.rewardId, createdAt: vouchers.createdAt })
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyIdOfUser(userId)), isNull(vouchers.usedAt)))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .all();
  for (const voucher of unused) {
    if (balance >= points) break;
    const paid = pointsPaidFor(tx, voucher);
    if (paid === 0) continue;
    const claimed = tx
      .update(vouchers)
      .set({ usedAt: now, usedOrderId: null })
      .where(and(eq(vouchers.id, voucher.id), isNull(vouchers.usedAt)))
      .run();
    if (claimed.changes !== 1) continue;
    tx.insert(loyaltyTransactions)
      .values({
        userId,
        companyId: companyIdOfUser(userId),
        transactionType: "adjusted",
        points: paid,
        rewardId: voucher.rewardId,
        description: `Voucher ${voucher.code} cancelled: its points returned (${because})`,
        createdAt: now,
      })
      .run();
    balance += paid;
    voided.push(voucher.code);
  }
  return voided;
}
