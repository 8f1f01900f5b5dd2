/**
 * The back office's loyalty rewards: what customers can spend their points on. Every change is audited in
 * the same transaction. Deleting a reward keeps the vouchers already issued for it (they carry the reward's
 * name, type and value) and the points history (its link to the reward is cleared by the schema).
 */
import { asc, desc, eq } from "drizzle-orm";
import { loyaltyRewards, products } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { productExists } from "~/domain/shared/pickers.server";
import { pageOfQuery, recordCommands, type Actor, type Page } from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { REWARDS_PAGE_SIZE, VALID_UNTIL_BEFORE_FROM, type LoyaltyRewardInput, type RewardType } from "./reward.schema";

export const REWARD_NOT_FOUND = "Reward not found";
const REWARD_PRODUCT_NOT_FOUND = "Product not found: choose the free product from the list";

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

/** Active rewards first, then by points cost and name. */
export function listLoyaltyRewards(
  db: DB,
  { page = 1 }: { page?: number } = {},
  pageSize = REWARDS_PAGE_SIZE,
): Page<LoyaltyRewardRow> {
  const rows = selectRewards(db).orderBy(
    desc(loyaltyRewards.isActive),
    asc(loyaltyRewards.pointsCost),
    asc(loyaltyRewards.name),
    asc(loyaltyRewards.id),
  );
  return pageOfQuery(db, rows.$dynamic(), page, pageSize);
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

function productProblem(tx: DB, input: LoyaltyRewardInput) {
  if (input.productId === null) return null;
  return productExists(tx, input.productId) ? null : fail(400, REWARD_PRODUCT_NOT_FOUND, "productId");
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

/** The columns to store, or the refusal when the free product is unknown or the dates are the wrong way round. */
function checkedColumns(tx: DB, input: LoyaltyRewardInput, validFromWhenBlank: Date): Result<ReturnType<typeof columnsOf>> {
  const problem = productProblem(tx, input);
  if (problem) return problem;
  const columns = columnsOf(input, validFromWhenBlank);
  if (columns.validUntil && columns.validUntil.getTime() <= columns.validFrom.getTime()) {
    return fail(400, VALID_UNTIL_BEFORE_FROM, "validUntil");
  }
  return ok(columns);
}

const rewards = recordCommands({
  entity: "loyalty_reward",
  table: loyaltyRewards,
  notFound: REWARD_NOT_FOUND,
  get: getLoyaltyReward,
  scopes: { create: REPEAT_SCOPE.rewardCreate, update: REPEAT_SCOPE.rewardUpdate, delete: REPEAT_SCOPE.rewardDelete },
  onDelete: (reward) => ({
    details: { name: reward.name, pointsCost: reward.pointsCost },
    deleted: { id: reward.id, name: reward.name },
  }),
});

export function createLoyaltyReward(
  db: DB,
  actor: Actor,
  input: LoyaltyRewardInput,
  key: string | null = null,
): Result<LoyaltyRewardRow> {
  return rewards.create(db, actor, key, input, (tx) => {
    const now = new Date();
    const columns = checkedColumns(tx, input, now);
    if (!columns.ok) return columns;
    const row = tx
      .insert(loyaltyRewards)
      .values({ ...columns.value, createdAt: now })
      .returning({ id: loyaltyRewards.id })
      .get();
    return ok({ id: row.id, details: auditDetails(columns.value) });
  });
}

export function updateLoyaltyReward(
  db: DB,
  actor: Actor,
  id: number,
  input: LoyaltyRewardInput,
  key: string | null = null,
): Result<LoyaltyRewardRow> {
  return rewards.update(db, actor, id, key, input, (tx, existing) => {
    const columns = checkedColumns(tx, input, existing.createdAt);
    if (!columns.ok) return columns;
    tx.update(loyaltyRewards).set(columns.value).where(eq(loyaltyRewards.id, id)).run();
    return ok({ before: auditDetails(columnsOf(existing, existing.validFrom)), after: auditDetails(columns.value) });
  });
}

/** Deletes a reward; vouchers already issued for it stay usable. 404 unknown reward. */
export const deleteLoyaltyReward = rewards.remove;
