/**
 * Volume discounts: a percentage off a product's price when the cart holds at least a minimum quantity of
 * it. The pricing engine reads them on every request.
 *
 * Rule: a product has at most one volume rule per minimum quantity.
 */
import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { products, volumeDiscounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail } from "~/utils/result";
import { productExists, productJson, UNKNOWN_PRODUCT } from "~/domain/shared/pickers.server";
import {
  containsPattern,
  inputRecordCommands,
  likeEscaped,
  pageOfQuery,
  type Page,
} from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { ADMIN_RULES_PAGE_SIZE, type RuleListQuery, type VolumeDiscountInput } from "./pricing-rules.schema";

export const VOLUME_DISCOUNT_NOT_FOUND = "Volume discount not found";
const VOLUME_RULE_EXISTS = "This product already has a volume discount at this minimum quantity";

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

type VolumeDiscountQuery = RuleListQuery & { productId?: number };

/** Rules by product name, then minimum quantity; `q` searches the product name. */
export function listVolumeDiscounts(
  db: DB,
  query: VolumeDiscountQuery,
  pageSize = ADMIN_RULES_PAGE_SIZE,
): Page<VolumeDiscountRow> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(likeEscaped(products.name, containsPattern(query.q)));
  if (query.productId !== undefined) conditions.push(eq(volumeDiscounts.productId, query.productId));
  const rows = selectVolumeDiscounts(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(products.name), asc(volumeDiscounts.productId), asc(volumeDiscounts.minQuantity));
  return pageOfQuery(db, rows.$dynamic(), query.page, pageSize);
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
    product: productJson(rule.productName, rule.productSalesPrice),
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

function columnsOf(rule: VolumeDiscountRow) {
  return { productId: rule.productId, minQuantity: rule.minQuantity, discountPercentage: rule.discountPercentage };
}

const rules = inputRecordCommands({
  entity: "volume_discount",
  table: volumeDiscounts,
  notFound: VOLUME_DISCOUNT_NOT_FOUND,
  get: getVolumeDiscount,
  scopes: {
    create: REPEAT_SCOPE.volumeDiscountCreate,
    update: REPEAT_SCOPE.volumeDiscountUpdate,
    delete: REPEAT_SCOPE.volumeDiscountDelete,
  },
  problem: volumeRuleProblem,
  columnsOf,
  onDelete: (rule) => ({
    details: columnsOf(rule),
    deleted: { id: rule.id, productName: rule.productName, minQuantity: rule.minQuantity },
  }),
});

/** A new rule: 400 for an unknown product, 409 when the product has a rule at that minimum quantity. */
export const createVolumeDiscount = rules.create;
/** Replaces a rule's fields: 404 unknown rule, else as createVolumeDiscount. */
export const updateVolumeDiscount = rules.update;
/** Deletes a rule: 404 unknown rule. */
export const deleteVolumeDiscount = rules.remove;
