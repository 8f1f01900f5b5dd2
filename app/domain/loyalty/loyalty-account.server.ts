/**
 * The customer's side of loyalty: the points balance, the rewards on offer, the points history, the vouchers
 * waiting to be used, and redeeming a reward for a voucher. Earning and reversing points on orders live in
 * loyalty.server.ts. Every query is scoped to the signed-in user: nobody sees another customer's points.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { loyaltyRewards, loyaltyTransactions, orders, products, vouchers } from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { isBusyError, type DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { INACTIVE_ACCOUNT_MESSAGE, type SessionUser } from "~/domain/users/user-accounts.server";
import type { Toast } from "~/utils/session.server";
import {
  HISTORY_PAGE_SIZE,
  loyaltyHref,
  notEnoughPointsMessage,
  parseHistoryPage,
  parseLoyaltyTab,
  REDEEM_AWAITING_APPROVAL,
  REDEEM_BUSY,
  REDEEM_CUSTOMERS_ONLY,
  REDEEM_ERROR_TITLE,
  REDEEM_FAILED,
  REDEEM_SUCCESS_TITLE,
  redeemedMessage,
  REWARD_UNAVAILABLE,
  rewardEffectText,
  type LoyaltyTab,
  type LoyaltyTransactionType,
} from "./loyalty-account.schema";
import type { RewardType } from "./reward.schema";
import { loyaltyRewardJson, selectRewards, type LoyaltyRewardRow } from "./rewards.server";
import { listUnusedVouchers } from "./vouchers.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

// ─── Balance ────────────────────────────────────────────────────────────────

/** The user's points: the sum of their signed entries, exactly as the table has it (0 when there are none). */
export function pointsBalance(db: DB, userId: string): number {
  const row = db
    .select({ points: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)` })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.companyId, companyIdOfUser(userId)))
    .get();
  return Number(row?.points ?? 0);
}

// ─── Rewards on offer ───────────────────────────────────────────────────────

/**
 * What makes a reward redeemable at `now`: active, started, not ended, and — for a free product — its product
 * still exists (deleting a product clears the reward's link to it). Used by the list and by redeeming, so the
 * page never offers what redeeming would refuse.
 */
function availableAt(now: Date) {
  return and(
    eq(loyaltyRewards.isActive, true),
    lte(loyaltyRewards.validFrom, now),
    or(isNull(loyaltyRewards.validUntil), gte(loyaltyRewards.validUntil, now)),
    or(ne(loyaltyRewards.rewardType, "free_product"), isNotNull(products.id)),
  );
}

/** The rewards a customer can redeem now, cheapest first, then by name. */
export function listAvailableRewards(db: DB, now: Date = new Date()): LoyaltyRewardRow[] {
  return selectRewards(db)
    .where(availableAt(now))
    .orderBy(asc(loyaltyRewards.pointsCost), asc(loyaltyRewards.name), asc(loyaltyRewards.id))
    .all();
}

/**
 * A reward as GET /api/loyalty/rewards shows it (the spec's shape): the admin API's serialisation, rewardValue
 * as a 2-decimal string (percent or pounds) or null, instants as ISO strings, product {name} or null.
 */
export function customerRewardJson(reward: LoyaltyRewardRow) {
  const { createdAt: _createdAt, ...json } = loyaltyRewardJson(reward);
  return json;
}


// ─── Points history ─────────────────────────────────────────────────────────

/** One history entry as the API and the page show it. */
export type LoyaltyTransactionJson = {
  id: number;
  transactionType: LoyaltyTransactionType;
  points: number;
  description: string | null;
  createdAt: string;
  order: { orderNumber: string } | null;
};

export type PointsHistoryPage = {
  items: LoyaltyTransactionJson[];
  /** how many entries the user has in all */
  total: number;
  /** the page asked for (past the end it is empty; the screen sends such a link to the last page) */
  page: number;
  pageCount: number;
  pageSize: number;
};

/** One page of the user's points history, newest first (ties by id, so pages never overlap), with order numbers. */
export function listPointsHistory(
  db: DB,
  userId: string,
  { page = 1, pageSize = HISTORY_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): PointsHistoryPage {
  const total =
    db.select({ n: count() }).from(loyaltyTransactions).where(eq(loyaltyTransactions.companyId, companyIdOfUser(userId))).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.max(1, Math.trunc(page) || 1);
  const rows = db
    .select({
      id: loyaltyTransactions.id,
      transactionType: loyaltyTransactions.transactionType,
      points: loyaltyTransactions.points,
      description: loyaltyTransactions.description,
      createdAt: loyaltyTransactions.createdAt,
      orderNumber: orders.orderNumber,
    })
    .from(loyaltyTransactions)
    .leftJoin(orders, eq(orders.id, loyaltyTransactions.orderId))
    .where(eq(loyaltyTransactions.companyId, companyIdOfUser(userId)))
    .orderBy(desc(loyaltyTransactions.createdAt), desc(loyaltyTransactions.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all();
  const items = rows.map((row) => ({
    id: row.id,
    transactionType: row.transactionType,
    points: row.points,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    order: row.orderNumber === null ? null : { orderNumber: row.orderNumber },
  }));
  return { items, total, page: current, pageCount, pageSize };
}

// ─── Redeeming ──────────────────────────────────────────────────────────────

/** Unambiguous capitals and digits: no I, O, 0 or 1. 32 symbols, so a random byte maps without bias. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_ATTEMPTS = 10;

/** A fresh code like "TC-7KQ2-M9XD": 40 random bits. */
function newVoucherCode(): string {
  const symbols = [...crypto.randomBytes(8)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
  return `TC-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** A code no voucher has yet; inside the write transaction, so nobody can take it before the insert. */
function unusedVoucherCode(tx: DB): string {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = newVoucherCode();
    const taken = tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, code)).get();
    if (!taken) return code;
  }
  throw new Error(`No free voucher code after ${CODE_ATTEMPTS} attempts`);
}

export type RedeemActor = Pick<SessionUser, "id" | "role" | "isApproved" | "isActive">;

/** Why this user may not redeem rewards, or null when they may. */
function redeemRefusal(user: RedeemActor): Failure | null {
  if (!user.isActive) return fail(403, INACTIVE_ACCOUNT_MESSAGE);
  if (user.role !== "customer") return fail(403, REDEEM_CUSTOMERS_ONLY);
  if (!user.isApproved) return fail(403, REDEEM_AWAITING_APPROVAL);
  return null;
}

export type RedeemedVoucher = {
  code: string;
  rewardName: string;
  rewardType: RewardType;
  /** hundredths, as stored: percent for discount_percentage, pence for discount_fixed */
  rewardValue: number | null;
};

export type Redemption = { message: string; voucher: RedeemedVoucher };

/**
 * Spends a reward's points on a voucher, in one IMMEDIATE transaction: the balance is read under the write
 * lock, so two redemptions at once cannot both spend the same points. A repeated idempotency key (a double
 * click, a retried POST) returns the first result and makes no second voucher. Failures: 403 for anyone but
 * an approved, active customer; 404 when the reward is unknown, inactive, not yet valid, ended, or a free
 * product whose product has gone; 409 when the balance is short. Nothing is written on a failure.
 */
export function redeemReward(
  db: DB,
  actor: RedeemActor,
  rewardId: number,
  idempotencyKey: string | null,
  now: () => Date = () => new Date(),
): Result<Redemption> {
  const refused = redeemRefusal(actor);
  if (refused) return refused;
  try {
    return runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.rewardRedeem, rewardId), key: idempotencyKey, command: { rewardId } },
      (tx): Result<Redemption> => {
        const at = now();
        const reward = selectRewards(tx)
          .where(and(eq(loyaltyRewards.id, rewardId), availableAt(at)))
          .get();
        if (!reward) return fail(404, REWARD_UNAVAILABLE);
        const balance = pointsBalance(tx, actor.id);
        if (balance < reward.pointsCost) return fail(409, notEnoughPointsMessage(reward.pointsCost, balance));

        const code = unusedVoucherCode(tx);
        tx.insert(loyaltyTransactions)
          .values({
            userId: actor.id,
            companyId: companyIdOfUser(actor.id),
            transactionType: "redeemed",
            points: -reward.pointsCost,
            rewardId: reward.id,
            description: `Redeemed: ${reward.name}`,
            createdAt: at,
          })
          .run();
        tx.insert(vouchers)
          .values({
            code,
            userId: actor.id,
            companyId: companyIdOfUser(actor.id),
            rewardId: reward.id,
            rewardName: reward.name,
            rewardType: reward.rewardType,
            rewardValue: reward.rewardValue,
            productId: reward.productId,
            createdAt: at,
          })
          .run();
        return ok({
          message: redeemedMessage(reward.name, code),
          voucher: { code, rewardName: reward.name, rewardType: reward.rewardType, rewardValue: reward.rewardValue },
        });
      },
      (result) => result.ok,
    ).result;
  } catch (error) {
    if (isBusyError(error)) return fail(409, REDEEM_BUSY);
    throw error;
  }
}

/** POST /api/loyalty/redeem/{rewardId}'s body: the voucher's value as a 2-decimal string, like the rewards list. */
export function redemptionJson(redemption: Redemption) {
  const { voucher } = redemption;
  return {
    message: redemption.message,
    voucher: {
      code: voucher.code,
      rewardName: voucher.rewardName,
      rewardType: voucher.rewardType,
      rewardValue: voucher.rewardValue === null ? null : toDecimalString(voucher.rewardValue),
    },
  };
}

/**
 * A reward card's post on /account/loyalty, as the notice the page shows next: "Success!" with the voucher,
 * or "Error" with the reason (nothing is written then). `rewardId` is null when the form named no valid id.
 */
export function redeemRewardNotice(
  db: DB,
  actor: RedeemActor,
  rewardId: number | null,
  idempotencyKey: string | null,
): Toast {
  const refused = (message: string): Toast => ({
    title: REDEEM_ERROR_TITLE,
    description: message || REDEEM_FAILED,
    variant: "destructive",
  });
  if (rewardId === null) return refused(REWARD_UNAVAILABLE);
  try {
    const result = redeemReward(db, actor, rewardId, idempotencyKey);
    return result.ok ? { title: REDEEM_SUCCESS_TITLE, description: result.value.message } : refused(result.message);
  } catch (error) {
    console.error("Redeeming a reward failed", error);
    return refused(REDEEM_FAILED);
  }
}

// ─── The loyalty page ───────────────────────────────────────────────────────

export type RewardCardView = {
  id: number;
  name: string;
  description: string | null;
  pointsCost: number;
  effect: string;
  productName: string | null;
};

export type VoucherView = { id: number; code: string; rewardName: string; effect: string; productName: string | null };

export type LoyaltyPageData = {
  tab: LoyaltyTab;
  balance: number;
  /** why this user may not redeem, shown above the rewards; null when they may */
  redeemNotice: string | null;
  vouchers: VoucherView[];
  /** the rewards tab's cards (null on the history tab) */
  rewards: RewardCardView[] | null;
  /** the history tab's page (null on the rewards tab) */
  history: PointsHistoryPage | null;
};

/**
 * /account/loyalty?tab=rewards|history&page=: the balance, the vouchers waiting for checkout, and the open
 * tab's content (only that tab is read). A history page past the end answers where to go instead.
 */
export function loadLoyaltyPage(
  db: DB,
  user: RedeemActor,
  params: URLSearchParams,
): { redirectTo: string } | LoyaltyPageData {
  const tab = parseLoyaltyTab(params.get("tab"));
  let history: PointsHistoryPage | null = null;
  if (tab === "history") {
    const asked = parseHistoryPage(params.get("page"));
    history = listPointsHistory(db, user.id, { page: asked.page });
    // a stale link past the end goes to the last page
    if (asked.pageGiven && asked.page > history.pageCount) return { redirectTo: loyaltyHref("history", history.pageCount) };
  }
  const rewards =
    tab === "rewards"
      ? listAvailableRewards(db).map((reward) => ({
          id: reward.id,
          name: reward.name,
          description: reward.description,
          pointsCost: reward.pointsCost,
          effect: rewardEffectText(reward.rewardType, reward.rewardValue),
          productName: reward.rewardType === "free_product" ? reward.productName : null,
        }))
      : null;
  return {
    tab,
    balance: pointsBalance(db, user.id),
    redeemNotice: redeemRefusal(user)?.message ?? null,
    vouchers: listUnusedVouchers(db, user.id).map((voucher) => ({
      id: voucher.id,
      code: voucher.code,
      rewardName: voucher.rewardName,
      effect: rewardEffectText(voucher.rewardType, voucher.rewardValue),
      productName: voucher.rewardType === "free_product" ? voucher.productName : null,
    })),
    rewards,
    history,
  };
}
