/**
 * The back office's loyalty rewards: what customers can spend their points on. Every change is audited in
 * the same transaction. Deleting a reward keeps the vouchers already issued for it (they carry the reward's
 * name, type and value) and the points history (its link to the reward is cleared by the schema).
 */
import { asc, count, desc, eq } from "drizzle-orm";
import { loyaltyRewards, products } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REWARDS_PAGE_SIZE, VALID_UNTIL_BEFORE_FROM, type LoyaltyRewardInput, type RewardType } from "./reward.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export type Actor = { id: string };

export const REWARD_NOT_FOUND = "Reward not found";
export const REWARD_PRODUCT_NOT_FOUND = "Product not found: choose the free product from the list";

export type LoyaltyRewardRow = {
  id: number;
  name: string;
  description: string | null;
  pointsCost: number;
  rewardType: RewardType;
  rewardValue: number | null;
  productId: number | null;
  isActive: boolean;
  validFrom: Date;
  validUntil: Date | null;
  createdAt: Date;
  productName: string | null;
};

/** Rewards with their free product's name; callers add the filter and order (the admin list, the storefront). */
export function selectRewards(db: DB) {
  return db
    .select({
      id: loyaltyRewards.id,
      name: loyaltyRewards.name,
      description: loyaltyRewards.description,
      pointsCost: loyaltyRewards.pointsCost,
      rewardType: loyaltyRewards.rewardType,
      rewardValue: loyaltyRewards.rewardValue,
      productId: loyaltyRewards.productId,
      isActive: loyaltyRewards.isActive,
      validFrom: loyaltyRewards.validFrom,
      validUntil: loyaltyRewards.validUntil,
      createdAt: loyaltyRewards.createdAt,
      productName: products.name,
    })
    .from(loyaltyRewards)
    .leftJoin(products, eq(products.id, loyaltyRewards.productId));
}

export type RewardPage = { items: LoyaltyRewardRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** Active rewards first, then by points cost and name. */
export function listLoyaltyRewards(db: DB, { page = 1 }: { page?: number } = {}, pageSize = REWARDS_PAGE_SIZE): RewardPage {
  const total = db.select({ n: count() }).from(loyaltyRewards).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const items = selectRewards(db)
    .orderBy(desc(loyaltyRewards.isActive), asc(loyaltyRewards.pointsCost), asc(loyaltyRewards.name), asc(loyaltyRewards.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all();
  return { items, total, page: current, pageCount, pageSize };
}

export function getLoyaltyReward(db: DB, id: number): LoyaltyRewardRow | null {
  return selectRewards(db).where(eq(loyaltyRewards.id, id)).get() ?? null;
}

/** The JSON of a reward: rewardValue as a 2-decimal string (percent or pounds), instants as ISO strings. */
export function loyaltyRewardJson(reward: LoyaltyRewardRow) {
  return {
    id: reward.id,
    name: reward.name,
    description: reward.description,
    pointsCost: reward.pointsCost,
    rewardType: reward.rewardType,
    rewardValue: reward.rewardValue === null ? null : toDecimalString(reward.rewardValue),
    productId: reward.productId,
    isActive: reward.isActive,
    validFrom: reward.validFrom.toISOString(),
    validUntil: reward.validUntil ? reward.validUntil.toISOString() : null,
    product: reward.productName === null ? null : { name: reward.productName },
    createdAt: reward.createdAt.toISOString(),
  };
}

const storeSuccess = (result: Result<unknown>) => result.ok;

function withReward(db: DB, result: Result<{ id: number }>): Result<LoyaltyRewardRow> {
  if (!result.ok) return result;
  const reward = getLoyaltyReward(db, result.value.id);
  return reward ? ok(reward) : fail(404, REWARD_NOT_FOUND);
}

function productProblem(tx: DB, input: LoyaltyRewardInput) {
  if (input.productId === null) return null;
  const product = tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId)).get();
  return product ? null : fail(400, REWARD_PRODUCT_NOT_FOUND, "productId");
}

/** The stored columns: a reward with no start date is valid from when it was created. */
function columnsOf(input: LoyaltyRewardInput, validFromWhenBlank: Date) {
  return {
    name: input.name,
    description: input.description,
    pointsCost: input.pointsCost,
    rewardType: input.rewardType,
    rewardValue: input.rewardValue,
    productId: input.productId,
    isActive: input.isActive,
    validFrom: input.validFrom ?? validFromWhenBlank,
    validUntil: input.validUntil,
  };
}

function auditDetails(columns: ReturnType<typeof columnsOf>) {
  return {
    ...columns,
    validFrom: columns.validFrom.toISOString(),
    validUntil: columns.validUntil ? columns.validUntil.toISOString() : null,
  };
}

export function createLoyaltyReward(
  db: DB,
  actor: Actor,
  input: LoyaltyRewardInput,
  key: string | null = null,
): Result<LoyaltyRewardRow> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.rewardCreate, key },
    (tx): Result<{ id: number }> => {
      const problem = productProblem(tx, input);
      if (problem) return problem;
      const now = new Date();
      const columns = columnsOf(input, now);
      if (columns.validUntil && columns.validUntil.getTime() <= columns.validFrom.getTime()) {
        return fail(400, VALID_UNTIL_BEFORE_FROM, "validUntil");
      }
      const row = tx
        .insert(loyaltyRewards)
        .values({ ...columns, createdAt: now })
        .returning({ id: loyaltyRewards.id })
        .get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "loyalty_reward.created",
        entityType: "loyalty_reward",
        entityId: row.id,
        details: auditDetails(columns),
      });
      return ok({ id: row.id });
    },
    storeSuccess,
  );
  return withReward(db, result);
}

export function updateLoyaltyReward(
  db: DB,
  actor: Actor,
  id: number,
  input: LoyaltyRewardInput,
  key: string | null = null,
): Result<LoyaltyRewardRow> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.rewardUpdate, id), key },
    (tx): Result<{ id: number }> => {
      const existing = tx.select().from(loyaltyRewards).where(eq(loyaltyRewards.id, id)).get();
      if (!existing) return fail(404, REWARD_NOT_FOUND);
      const problem = productProblem(tx, input);
      if (problem) return problem;
      const columns = columnsOf(input, existing.createdAt);
      if (columns.validUntil && columns.validUntil.getTime() <= columns.validFrom.getTime()) {
        return fail(400, VALID_UNTIL_BEFORE_FROM, "validUntil");
      }
      tx.update(loyaltyRewards).set(columns).where(eq(loyaltyRewards.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "loyalty_reward.updated",
        entityType: "loyalty_reward",
        entityId: id,
        details: {
          before: auditDetails({
            name: existing.name,
            description: existing.description,
            pointsCost: existing.pointsCost,
            rewardType: existing.rewardType,
            rewardValue: existing.rewardValue,
            productId: existing.productId,
            isActive: existing.isActive,
            validFrom: existing.validFrom,
            validUntil: existing.validUntil,
          }),
          after: auditDetails(columns),
        },
      });
      return ok({ id });
    },
    storeSuccess,
  );
  return withReward(db, result);
}

export type DeletedReward = { id: number; name: string };

export function deleteLoyaltyReward(db: DB, actor: Actor, id: number, key: string | null = null): Result<DeletedReward> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.rewardDelete, id), key },
    (tx): Result<DeletedReward> => {
      const existing = tx
        .select({ id: loyaltyRewards.id, name: loyaltyRewards.name, pointsCost: loyaltyRewards.pointsCost })
        .from(loyaltyRewards)
        .where(eq(loyaltyRewards.id, id))
        .get();
      if (!existing) return fail(404, REWARD_NOT_FOUND);
      tx.delete(loyaltyRewards).where(eq(loyaltyRewards.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "loyalty_reward.deleted",
        entityType: "loyalty_reward",
        entityId: id,
        details: { name: existing.name, pointsCost: existing.pointsCost },
      });
      return ok({ id, name: existing.name });
    },
    storeSuccess,
  ).result;
}
