/**
 * Volume discounts: a percentage off a product's price when the cart holds at least a minimum quantity of
 * it. The pricing engine reads them on every request.
 *
 * Rule: a product has at most one volume rule per minimum quantity.
 */
import { and, asc, count, eq, ne, type SQL } from "drizzle-orm";
import { products, volumeDiscounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { productExists, UNKNOWN_PRODUCT } from "~/domain/shared/pickers.server";
import {
  containsPattern,
  likeEscaped,
  pageOfRows,
  recordCommands,
  type Actor,
  type Page,
} from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { ADMIN_RULES_PAGE_SIZE, type RuleListQuery, type VolumeDiscountInput } from "./pricing-rules.schema";

export const VOLUME_DISCOUNT_NOT_FOUND = "Volume discount not found";
export const VOLUME_RULE_EXISTS = "This product already has a volume discount at this minimum quantity";

export type VolumeDiscountRow = {
  id: number;
  productId: number;
  minQuantity: number;
  discountPercentage: number;
  createdAt: Date;
  productName: string | null;
  productSalesPrice: number | null;
};

function selectVolumeDiscounts(db: DB) {
  return db
    .select({
      id: volumeDiscounts.id,
      productId: volumeDiscounts.productId,
      minQuantity: volumeDiscounts.minQuantity,
      discountPercentage: volumeDiscounts.discountPercentage,
      createdAt: volumeDiscounts.createdAt,
      productName: products.name,
      productSalesPrice: products.salesPrice,
    })
    .from(volumeDiscounts)
    .leftJoin(products, eq(products.id, volumeDiscounts.productId));
}

export type VolumeDiscountQuery = RuleListQuery & { productId?: number };

/** Rules by product name, then minimum quantity; `q` searches the product name. */
export function listVolumeDiscounts(
  db: DB,
  query: VolumeDiscountQuery,
  pageSize = ADMIN_RULES_PAGE_SIZE,
): Page<VolumeDiscountRow> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(likeEscaped(products.name, containsPattern(query.q)));
  if (query.productId !== undefined) conditions.push(eq(volumeDiscounts.productId, query.productId));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    db
      .select({ n: count() })
      .from(volumeDiscounts)
      .leftJoin(products, eq(products.id, volumeDiscounts.productId))
      .where(where)
      .get()?.n ?? 0;
  return pageOfRows(total, query.page, pageSize, (limit, offset) =>
    selectVolumeDiscounts(db)
      .where(where)
      .orderBy(asc(products.name), asc(volumeDiscounts.productId), asc(volumeDiscounts.minQuantity))
      .limit(limit)
      .offset(offset)
      .all(),
  );
}

export function getVolumeDiscount(db: DB, id: number): VolumeDiscountRow | null {
  return selectVolumeDiscounts(db).where(eq(volumeDiscounts.id, id)).get() ?? null;
}

export function volumeDiscountJson(rule: VolumeDiscountRow) {
  return {
    id: rule.id,
    productId: rule.productId,
    minQuantity: rule.minQuantity,
    discountPercentage: toDecimalString(rule.discountPercentage),
    product:
      rule.productName === null
        ? null
        : { name: rule.productName, salesPrice: toDecimalString(rule.productSalesPrice ?? 0) },
    createdAt: rule.createdAt.toISOString(),
  };
}

function ruleAtQuantityExists(db: DB, productId: number, minQuantity: number, exceptId?: number) {
  const conditions = [eq(volumeDiscounts.productId, productId), eq(volumeDiscounts.minQuantity, minQuantity)];
  if (exceptId !== undefined) conditions.push(ne(volumeDiscounts.id, exceptId));
  return Boolean(db.select({ id: volumeDiscounts.id }).from(volumeDiscounts).where(and(...conditions)).get());
}

function volumeRuleProblem(tx: DB, input: VolumeDiscountInput, exceptId?: number) {
  if (!productExists(tx, input.productId)) return fail(400, UNKNOWN_PRODUCT, "productId");
  if (ruleAtQuantityExists(tx, input.productId, input.minQuantity, exceptId)) {
    return fail(409, VOLUME_RULE_EXISTS, "minQuantity");
  }
  return null;
}

const rules = recordCommands({
  entity: "volume_discount",
  table: volumeDiscounts,
  notFound: VOLUME_DISCOUNT_NOT_FOUND,
  get: getVolumeDiscount,
  scopes: {
    create: REPEAT_SCOPE.volumeDiscountCreate,
    update: REPEAT_SCOPE.volumeDiscountUpdate,
    delete: REPEAT_SCOPE.volumeDiscountDelete,
  },
});

const columnsOf = (rule: VolumeDiscountInput) => ({
  productId: rule.productId,
  minQuantity: rule.minQuantity,
  discountPercentage: rule.discountPercentage,
});

export function createVolumeDiscount(
  db: DB,
  actor: Actor,
  input: VolumeDiscountInput,
  key: string | null = null,
): Result<VolumeDiscountRow> {
  return rules.create(db, actor, key, (tx) => {
    const problem = volumeRuleProblem(tx, input);
    if (problem) return problem;
    const row = tx.insert(volumeDiscounts).values(input).returning({ id: volumeDiscounts.id }).get();
    return ok({ id: row.id, details: { ...input } });
  });
}

export function updateVolumeDiscount(
  db: DB,
  actor: Actor,
  id: number,
  input: VolumeDiscountInput,
  key: string | null = null,
): Result<VolumeDiscountRow> {
  return rules.update(db, actor, id, key, (tx, existing) => {
    const problem = volumeRuleProblem(tx, input, id);
    if (problem) return problem;
    tx.update(volumeDiscounts).set(input).where(eq(volumeDiscounts.id, id)).run();
    return ok({ before: columnsOf(existing), after: { ...input } });
  });
}

export type DeletedVolumeDiscount = { id: number; productName: string | null; minQuantity: number };

export function deleteVolumeDiscount(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
): Result<DeletedVolumeDiscount> {
  return rules.remove(db, actor, id, key, (existing) => ({
    details: columnsOf(existing),
    deleted: { id, productName: existing.productName, minQuantity: existing.minQuantity },
  }));
}
