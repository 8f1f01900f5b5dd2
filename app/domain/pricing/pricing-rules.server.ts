/**
 * The back office's pricing rules: price tiers, volume discounts and customer-specific prices. The pricing
 * engine (pricing.server.ts) reads these tables on every request, so a change here shows in the storefront's
 * prices at once. Every change is audited in the same transaction as the change.
 *
 * Rules: tier names are unique (ignoring case); a product has at most one volume rule per minimum quantity;
 * a customer has at most one custom price per product (creating a second answers 409; edit the first);
 * custom prices are only for users with the customer role. Deleting a tier moves its customers to no tier
 * (the schema's ON DELETE SET NULL).
 */
import { and, asc, count, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { customerPricing, priceTiers, products, users, volumeDiscounts } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import {
  ADMIN_RULES_PAGE_SIZE,
  type CustomerPriceInput,
  type PriceTierInput,
  type RuleListQuery,
  type VolumeDiscountInput,
} from "./pricing-rules.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export type Actor = { id: string };

export const TIER_NAME_TAKEN = "A price tier with this name already exists";
export const TIER_NOT_FOUND = "Price tier not found";
export const VOLUME_DISCOUNT_NOT_FOUND = "Volume discount not found";
export const VOLUME_RULE_EXISTS = "This product already has a volume discount at this minimum quantity";
export const UNKNOWN_PRODUCT = "Product not found: choose a product from the list";
export const CUSTOMER_PRICE_NOT_FOUND = "Custom pricing rule not found";
export const NOT_A_CUSTOMER = "Choose a customer: custom prices are only for users with the customer role";
export const CUSTOM_PRICE_EXISTS =
  "This customer already has a custom price for this product. Edit the existing rule instead.";

const storeSuccess = (result: Result<unknown>) => result.ok;

export type Page<T> = { items: T[]; total: number; page: number; pageCount: number; pageSize: number };

function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { pageCount, page, offset: (page - 1) * pageSize };
}

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function likeEscaped(column: SQL | typeof users.email | typeof products.name, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function productExists(db: DB, id: number) {
  return Boolean(db.select({ id: products.id }).from(products).where(eq(products.id, id)).get());
}

// ─── Price tiers ────────────────────────────────────────────────────────────

export type PriceTierRow = {
  id: number;
  name: string;
  description: string | null;
  discountPercentage: number;
  createdAt: Date;
  /** users on the tier */
  userCount: number;
};

function selectTiers(db: DB) {
  return db
    .select({
      id: priceTiers.id,
      name: priceTiers.name,
      description: priceTiers.description,
      discountPercentage: priceTiers.discountPercentage,
      createdAt: priceTiers.createdAt,
      // written out in full: inside a one-table select drizzle leaves column names unqualified
      userCount: sql<number>`(select count(*) from "users" as "tier_users" where "tier_users"."price_tier_id" = "price_tiers"."id")`,
    })
    .from(priceTiers);
}

/** Every tier by name (tiers are few: a handful of discount bands). */
export function listPriceTiers(db: DB): PriceTierRow[] {
  return selectTiers(db).orderBy(asc(priceTiers.name), asc(priceTiers.id)).all();
}

export function getPriceTier(db: DB, id: number): PriceTierRow | null {
  return selectTiers(db).where(eq(priceTiers.id, id)).get() ?? null;
}

export function priceTierJson(tier: PriceTierRow) {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    discountPercentage: toDecimalString(tier.discountPercentage),
    userCount: tier.userCount,
    createdAt: tier.createdAt.toISOString(),
  };
}

function tierNameTaken(db: DB, name: string, exceptId?: number) {
  const conditions = [sql`lower(${priceTiers.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(priceTiers.id, exceptId));
  return Boolean(db.select({ id: priceTiers.id }).from(priceTiers).where(and(...conditions)).get());
}

function isUniqueError(error: unknown, table: string) {
  return error instanceof Error && error.message.includes(`UNIQUE constraint failed: ${table}`);
}

function withTier(db: DB, result: Result<{ id: number }>): Result<PriceTierRow> {
  if (!result.ok) return result;
  const tier = getPriceTier(db, result.value.id);
  return tier ? ok(tier) : fail(404, TIER_NOT_FOUND);
}

export function createPriceTier(db: DB, actor: Actor, input: PriceTierInput, key: string | null = null): Result<PriceTierRow> {
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: REPEAT_SCOPE.priceTierCreate, key },
      (tx): Result<{ id: number }> => {
        if (tierNameTaken(tx, input.name)) return fail(409, TIER_NAME_TAKEN, "name");
        const row = tx
          .insert(priceTiers)
          .values({ name: input.name, description: input.description, discountPercentage: input.discountPercentage })
          .returning({ id: priceTiers.id })
          .get();
        recordAudit(tx, {
          actorId: actor.id,
          action: "price_tier.created",
          entityType: "price_tier",
          entityId: row.id,
          details: { name: input.name, discountPercentage: input.discountPercentage },
        });
        return ok({ id: row.id });
      },
      storeSuccess,
    );
    return withTier(db, result);
  } catch (error) {
    if (isUniqueError(error, "price_tiers.name")) return fail(409, TIER_NAME_TAKEN, "name");
    throw error;
  }
}

export function updatePriceTier(
  db: DB,
  actor: Actor,
  id: number,
  input: PriceTierInput,
  key: string | null = null,
): Result<PriceTierRow> {
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.priceTierUpdate, id), key },
      (tx): Result<{ id: number }> => {
        const existing = tx.select().from(priceTiers).where(eq(priceTiers.id, id)).get();
        if (!existing) return fail(404, TIER_NOT_FOUND);
        if (tierNameTaken(tx, input.name, id)) return fail(409, TIER_NAME_TAKEN, "name");
        tx.update(priceTiers)
          .set({ name: input.name, description: input.description, discountPercentage: input.discountPercentage })
          .where(eq(priceTiers.id, id))
          .run();
        recordAudit(tx, {
          actorId: actor.id,
          action: "price_tier.updated",
          entityType: "price_tier",
          entityId: id,
          details: {
            before: { name: existing.name, description: existing.description, discountPercentage: existing.discountPercentage },
            after: input,
          },
        });
        return ok({ id });
      },
      storeSuccess,
    );
    return withTier(db, result);
  } catch (error) {
    if (isUniqueError(error, "price_tiers.name")) return fail(409, TIER_NAME_TAKEN, "name");
    throw error;
  }
}

export type DeletedTier = { id: number; name: string; usersMoved: number };

/** Deletes a tier; its customers go back to list prices (no tier). */
export function deletePriceTier(db: DB, actor: Actor, id: number, key: string | null = null): Result<DeletedTier> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.priceTierDelete, id), key },
    (tx): Result<DeletedTier> => {
      const existing = getPriceTier(tx, id);
      if (!existing) return fail(404, TIER_NOT_FOUND);
      tx.delete(priceTiers).where(eq(priceTiers.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "price_tier.deleted",
        entityType: "price_tier",
        entityId: id,
        details: { name: existing.name, discountPercentage: existing.discountPercentage, usersMoved: existing.userCount },
      });
      return ok({ id, name: existing.name, usersMoved: existing.userCount });
    },
    storeSuccess,
  ).result;
}

// ─── Volume discounts ───────────────────────────────────────────────────────

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
  const { page, pageCount, offset } = pageOf(total, query.page, pageSize);
  const items = selectVolumeDiscounts(db)
    .where(where)
    .orderBy(asc(products.name), asc(volumeDiscounts.productId), asc(volumeDiscounts.minQuantity))
    .limit(pageSize)
    .offset(offset)
    .all();
  return { items, total, page, pageCount, pageSize };
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

function withVolumeDiscount(db: DB, result: Result<{ id: number }>): Result<VolumeDiscountRow> {
  if (!result.ok) return result;
  const rule = getVolumeDiscount(db, result.value.id);
  return rule ? ok(rule) : fail(404, VOLUME_DISCOUNT_NOT_FOUND);
}

function volumeRuleProblem(tx: DB, input: VolumeDiscountInput, exceptId?: number) {
  if (!productExists(tx, input.productId)) return fail(400, UNKNOWN_PRODUCT, "productId");
  if (ruleAtQuantityExists(tx, input.productId, input.minQuantity, exceptId)) {
    return fail(409, VOLUME_RULE_EXISTS, "minQuantity");
  }
  return null;
}

export function createVolumeDiscount(
  db: DB,
  actor: Actor,
  input: VolumeDiscountInput,
  key: string | null = null,
): Result<VolumeDiscountRow> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.volumeDiscountCreate, key },
    (tx): Result<{ id: number }> => {
      const problem = volumeRuleProblem(tx, input);
      if (problem) return problem;
      const row = tx.insert(volumeDiscounts).values(input).returning({ id: volumeDiscounts.id }).get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "volume_discount.created",
        entityType: "volume_discount",
        entityId: row.id,
        details: { ...input },
      });
      return ok({ id: row.id });
    },
    storeSuccess,
  );
  return withVolumeDiscount(db, result);
}

export function updateVolumeDiscount(
  db: DB,
  actor: Actor,
  id: number,
  input: VolumeDiscountInput,
  key: string | null = null,
): Result<VolumeDiscountRow> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.volumeDiscountUpdate, id), key },
    (tx): Result<{ id: number }> => {
      const existing = tx.select().from(volumeDiscounts).where(eq(volumeDiscounts.id, id)).get();
      if (!existing) return fail(404, VOLUME_DISCOUNT_NOT_FOUND);
      const problem = volumeRuleProblem(tx, input, id);
      if (problem) return problem;
      tx.update(volumeDiscounts).set(input).where(eq(volumeDiscounts.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "volume_discount.updated",
        entityType: "volume_discount",
        entityId: id,
        details: {
          before: {
            productId: existing.productId,
            minQuantity: existing.minQuantity,
            discountPercentage: existing.discountPercentage,
          },
          after: { ...input },
        },
      });
      return ok({ id });
    },
    storeSuccess,
  );
  return withVolumeDiscount(db, result);
}

export type DeletedVolumeDiscount = { id: number; productName: string | null; minQuantity: number };

export function deleteVolumeDiscount(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
): Result<DeletedVolumeDiscount> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.volumeDiscountDelete, id), key },
    (tx): Result<DeletedVolumeDiscount> => {
      const existing = getVolumeDiscount(tx, id);
      if (!existing) return fail(404, VOLUME_DISCOUNT_NOT_FOUND);
      tx.delete(volumeDiscounts).where(eq(volumeDiscounts.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "volume_discount.deleted",
        entityType: "volume_discount",
        entityId: id,
        details: {
          productId: existing.productId,
          minQuantity: existing.minQuantity,
          discountPercentage: existing.discountPercentage,
        },
      });
      return ok({ id, productName: existing.productName, minQuantity: existing.minQuantity });
    },
    storeSuccess,
  ).result;
}

// ─── Customer prices ────────────────────────────────────────────────────────

export type CustomerPriceRow = {
  id: number;
  userId: string;
  productId: number;
  customPrice: number;
  createdAt: Date;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  productName: string | null;
  productSalesPrice: number | null;
};

function selectCustomerPrices(db: DB) {
  return db
    .select({
      id: customerPricing.id,
      userId: customerPricing.userId,
      productId: customerPricing.productId,
      customPrice: customerPricing.customPrice,
      createdAt: customerPricing.createdAt,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      productName: products.name,
      productSalesPrice: products.salesPrice,
    })
    .from(customerPricing)
    .leftJoin(users, eq(users.id, customerPricing.userId))
    .leftJoin(products, eq(products.id, customerPricing.productId));
}

export type CustomerPriceQuery = RuleListQuery & { userId?: string; productId?: number };

/** Custom prices by customer email, then product name; `q` searches email, customer name and product name. */
export function listCustomerPrices(
  db: DB,
  query: CustomerPriceQuery,
  pageSize = ADMIN_RULES_PAGE_SIZE,
): Page<CustomerPriceRow> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(likeEscaped(users.email, pattern), likeEscaped(fullName, pattern), likeEscaped(products.name, pattern))!,
    );
  }
  if (query.userId !== undefined) conditions.push(eq(customerPricing.userId, query.userId));
  if (query.productId !== undefined) conditions.push(eq(customerPricing.productId, query.productId));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    db
      .select({ n: count() })
      .from(customerPricing)
      .leftJoin(users, eq(users.id, customerPricing.userId))
      .leftJoin(products, eq(products.id, customerPricing.productId))
      .where(where)
      .get()?.n ?? 0;
  const { page, pageCount, offset } = pageOf(total, query.page, pageSize);
  const items = selectCustomerPrices(db)
    .where(where)
    .orderBy(asc(users.email), asc(products.name), asc(customerPricing.id))
    .limit(pageSize)
    .offset(offset)
    .all();
  return { items, total, page, pageCount, pageSize };
}

export function getCustomerPrice(db: DB, id: number): CustomerPriceRow | null {
  return selectCustomerPrices(db).where(eq(customerPricing.id, id)).get() ?? null;
}

export function customerPriceJson(row: CustomerPriceRow) {
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    customPrice: toDecimalString(row.customPrice),
    user:
      row.userEmail === null
        ? null
        : { email: row.userEmail, firstName: row.userFirstName, lastName: row.userLastName },
    product:
      row.productName === null
        ? null
        : { name: row.productName, salesPrice: toDecimalString(row.productSalesPrice ?? 0) },
    createdAt: row.createdAt.toISOString(),
  };
}

function customerPriceProblem(tx: DB, input: CustomerPriceInput, exceptId?: number) {
  const user = tx.select({ role: users.role }).from(users).where(eq(users.id, input.userId)).get();
  if (!user || user.role !== "customer") return fail(400, NOT_A_CUSTOMER, "userId");
  if (!productExists(tx, input.productId)) return fail(400, UNKNOWN_PRODUCT, "productId");
  const conditions = [eq(customerPricing.userId, input.userId), eq(customerPricing.productId, input.productId)];
  if (exceptId !== undefined) conditions.push(ne(customerPricing.id, exceptId));
  if (tx.select({ id: customerPricing.id }).from(customerPricing).where(and(...conditions)).get()) {
    return fail(409, CUSTOM_PRICE_EXISTS, "productId");
  }
  return null;
}

function withCustomerPrice(db: DB, result: Result<{ id: number }>): Result<CustomerPriceRow> {
  if (!result.ok) return result;
  const row = getCustomerPrice(db, result.value.id);
  return row ? ok(row) : fail(404, CUSTOMER_PRICE_NOT_FOUND);
}

export function createCustomerPrice(
  db: DB,
  actor: Actor,
  input: CustomerPriceInput,
  key: string | null = null,
): Result<CustomerPriceRow> {
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: REPEAT_SCOPE.customerPriceCreate, key },
      (tx): Result<{ id: number }> => {
        const problem = customerPriceProblem(tx, input);
        if (problem) return problem;
        const row = tx.insert(customerPricing).values(input).returning({ id: customerPricing.id }).get();
        recordAudit(tx, {
          actorId: actor.id,
          action: "customer_price.created",
          entityType: "customer_price",
          entityId: row.id,
          details: { ...input },
        });
        return ok({ id: row.id });
      },
      storeSuccess,
    );
    return withCustomerPrice(db, result);
  } catch (error) {
    if (isUniqueError(error, "customer_pricing.")) return fail(409, CUSTOM_PRICE_EXISTS, "productId");
    throw error;
  }
}

export function updateCustomerPrice(
  db: DB,
  actor: Actor,
  id: number,
  input: CustomerPriceInput,
  key: string | null = null,
): Result<CustomerPriceRow> {
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.customerPriceUpdate, id), key },
      (tx): Result<{ id: number }> => {
        const existing = tx.select().from(customerPricing).where(eq(customerPricing.id, id)).get();
        if (!existing) return fail(404, CUSTOMER_PRICE_NOT_FOUND);
        const problem = customerPriceProblem(tx, input, id);
        if (problem) return problem;
        tx.update(customerPricing).set(input).where(eq(customerPricing.id, id)).run();
        recordAudit(tx, {
          actorId: actor.id,
          action: "customer_price.updated",
          entityType: "customer_price",
          entityId: id,
          details: {
            before: { userId: existing.userId, productId: existing.productId, customPrice: existing.customPrice },
            after: { ...input },
          },
        });
        return ok({ id });
      },
      storeSuccess,
    );
    return withCustomerPrice(db, result);
  } catch (error) {
    if (isUniqueError(error, "customer_pricing.")) return fail(409, CUSTOM_PRICE_EXISTS, "productId");
    throw error;
  }
}

export type DeletedCustomerPrice = { id: number; userEmail: string | null; productName: string | null };

export function deleteCustomerPrice(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
): Result<DeletedCustomerPrice> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.customerPriceDelete, id), key },
    (tx): Result<DeletedCustomerPrice> => {
      const existing = getCustomerPrice(tx, id);
      if (!existing) return fail(404, CUSTOMER_PRICE_NOT_FOUND);
      tx.delete(customerPricing).where(eq(customerPricing.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "customer_price.deleted",
        entityType: "customer_price",
        entityId: id,
        details: { userId: existing.userId, productId: existing.productId, customPrice: existing.customPrice },
      });
      return ok({ id, userEmail: existing.userEmail, productName: existing.productName });
    },
    storeSuccess,
  ).result;
}

// ─── Pickers ────────────────────────────────────────────────────────────────

/** How many options a picker lists at once; a search narrows a larger list. */
export const PICKER_LIMIT = 200;

export type ProductOption = { id: number; name: string; salesPrice: number };
export type CustomerOption = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
};
export type Options<T> = { items: T[]; total: number; limited: boolean };

/**
 * Products for a select, by name: those whose name contains `q` (all when blank), at most PICKER_LIMIT,
 * plus the one already chosen (`includeId`) so an edit form always shows its product.
 */
export function productOptions(db: DB, { q, includeId }: { q?: string; includeId?: number | null } = {}): Options<ProductOption> {
  const where = q ? likeEscaped(products.name, containsPattern(q)) : undefined;
  const columns = { id: products.id, name: products.name, salesPrice: products.salesPrice };
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  const items = db.select(columns).from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(PICKER_LIMIT).all();
  if (includeId && !items.some((item) => item.id === includeId)) {
    const chosen = db.select(columns).from(products).where(eq(products.id, includeId)).get();
    if (chosen) items.unshift(chosen);
  }
  return { items, total, limited: total > PICKER_LIMIT };
}

/** Users with the customer role for a select, by email; `q` searches email, name and business. */
export function customerOptions(db: DB, { q, includeId }: { q?: string; includeId?: string | null } = {}): Options<CustomerOption> {
  const conditions: SQL[] = [eq(users.role, "customer")];
  if (q) {
    const pattern = containsPattern(q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        likeEscaped(users.email, pattern),
        likeEscaped(fullName, pattern),
        likeEscaped(sql`coalesce(${users.businessName}, '')`, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const columns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const items = db.select(columns).from(users).where(where).orderBy(asc(users.email)).limit(PICKER_LIMIT).all();
  if (includeId && !items.some((item) => item.id === includeId)) {
    const chosen = db
      .select(columns)
      .from(users)
      .where(and(eq(users.id, includeId), eq(users.role, "customer")))
      .get();
    if (chosen) items.unshift(chosen);
  }
  return { items, total, limited: total > PICKER_LIMIT };
}
