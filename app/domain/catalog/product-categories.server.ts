/**
 * Categories from the back office (and the CSV import): a unique name, a slug made from it; renamed with
 * the slug following the name; deleted only when no product uses it.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { categories, products } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { type CategorySummary } from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { slugify } from "~/utils/slug";
import {
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  CATEGORY_SLUG_MAX,
  CATEGORY_SLUG_TAKEN,
  categoryInUseMessage,
  type CategoryInput,
  type CategoryRenameInput,
} from "./product.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Actor, WriteOptions } from "./products.server";

/** True when a category other than `exceptId` has the slug. */
function slugTaken(db: DB, slug: string, exceptId?: number): boolean {
  const where = exceptId === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, exceptId));
  return Boolean(db.select({ id: categories.id }).from(categories).where(where).get());
}

/** A category slug no other category has (`exceptId`: the one being renamed): the name's, then -2, -3… */
export function uniqueCategorySlug(db: DB, name: string, exceptId?: number): string {
  const base = slugify(name).slice(0, CATEGORY_SLUG_MAX - 4).replace(/-+$/, "") || "category";
  let candidate = base;
  for (let n = 2; slugTaken(db, candidate, exceptId); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

const summaryColumns = { id: categories.id, name: categories.name, slug: categories.slug, description: categories.description };

/** The category with this name, ignoring case. */
export function findCategoryByName(db: DB, name: string): CategorySummary | null {
  return db.select(summaryColumns).from(categories).where(sql`lower(${categories.name}) = lower(${name})`).get() ?? null;
}

/** findCategoryByName for many names at once: each name as given → its category's id (names with none are absent). */
export function findCategoryIdsByNames(db: DB, names: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  if (names.length === 0) return found;
  // the lowered names are worked out once and looked up through an index SQLite builds for the statement: joined
  // on lower() directly, every name given lowered every category's name (a Shopify batch's 240 types took 9 ms)
  const rows = db.all<{ name: string; id: number }>(
    sql`WITH keyed AS MATERIALIZED (SELECT ${categories.id} AS id, lower(${categories.name}) AS key FROM ${categories})
        SELECT given.value AS name, keyed.id AS id FROM json_each(${JSON.stringify([...new Set(names)])}) AS given
        JOIN keyed ON keyed.key = lower(given.value) ORDER BY keyed.id`,
  );
  for (const row of rows) if (!found.has(row.name)) found.set(row.name, row.id);
  return found;
}

export type CategoryWithCount = CategorySummary & { productCount: number };

function countProductsIn(db: DB, categoryId: number): number {
  return db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId)).get()?.n ?? 0;
}

/** Every category by name, with how many products use it. */
export function listCategoriesWithCounts(db: DB): CategoryWithCount[] {
  return db
    .select({ ...summaryColumns, productCount: sql<number>`(SELECT count(*) FROM ${products} WHERE ${products.categoryId} = ${categories.id})` })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
}

export function getCategoryWithCount(db: DB, id: number): CategoryWithCount | null {
  const category = db.select(summaryColumns).from(categories).where(eq(categories.id, id)).get();
  return category ? { ...category, productCount: countProductsIn(db, id) } : null;
}

/** Creates a category. 409 when the name (ignoring case) or the given slug is taken. */
export function createCategory(db: DB, actor: Actor, input: CategoryInput, options: WriteOptions = {}): Result<CategorySummary> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.categoryCreate, key: options.idempotencyKey ?? null, command: input },
    (tx): Result<CategorySummary> => {
      if (findCategoryByName(tx, input.name)) return fail(409, CATEGORY_NAME_TAKEN, "name");
      let slug: string;
      if (input.slug) {
        if (slugTaken(tx, input.slug)) return fail(409, CATEGORY_SLUG_TAKEN, "slug");
        slug = input.slug;
      } else {
        slug = uniqueCategorySlug(tx, input.name);
      }
      const created = tx
        .insert(categories)
        .values({ name: input.name, slug, description: input.description ?? null })
        .returning(summaryColumns)
        .get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "category.created",
        entityType: "category",
        entityId: created.id,
        details: { name: created.name, slug: created.slug },
      });
      return ok(created);
    },
    (result) => result.ok,
  ).result;
}

/**
 * Renames a category: the slug follows the new name by the slug rule unless one is given. 404 when it is
 * gone; 409 when another category has the name (ignoring case, field name) or the given slug (field slug).
 */
export function renameCategory(
  db: DB,
  actor: Actor,
  id: number,
  input: CategoryRenameInput,
  options: WriteOptions = {},
): Result<CategorySummary> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.categoryRename, id), key: options.idempotencyKey ?? null, command: input },
    (tx): Result<CategorySummary> => {
      const current = tx.select(summaryColumns).from(categories).where(eq(categories.id, id)).get();
      if (!current) return fail(404, CATEGORY_NOT_FOUND);
      const namesake = findCategoryByName(tx, input.name);
      if (namesake && namesake.id !== id) return fail(409, CATEGORY_NAME_TAKEN, "name");
      if (input.slug && slugTaken(tx, input.slug, id)) return fail(409, CATEGORY_SLUG_TAKEN, "slug");
      const slug = input.slug || uniqueCategorySlug(tx, input.name, id);
      const renamed = tx
        .update(categories)
        .set({ name: input.name, slug })
        .where(eq(categories.id, id))
        .returning(summaryColumns)
        .get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "category.renamed",
        entityType: "category",
        entityId: id,
        details: { from: { name: current.name, slug: current.slug }, to: { name: renamed.name, slug: renamed.slug } },
      });
      return ok(renamed);
    },
    (result) => result.ok,
  ).result;
}

/**
 * Deletes a category no product uses. 404 when it is gone; 409 "<name> is used by N products: move them
 * first" while products use it (nothing changes: products are never left without their category silently).
 */
export function deleteCategory(db: DB, actor: Actor, id: number, options: WriteOptions = {}): Result<CategorySummary> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.categoryDelete, id), key: options.idempotencyKey ?? null, command: { id } },
    (tx): Result<CategorySummary> => {
      const current = tx.select(summaryColumns).from(categories).where(eq(categories.id, id)).get();
      if (!current) return fail(404, CATEGORY_NOT_FOUND);
      const used = countProductsIn(tx, id);
      if (used > 0) return fail(409, categoryInUseMessage(current.name, used));
      tx.delete(categories).where(eq(categories.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "category.deleted",
        entityType: "category",
        entityId: id,
        details: { name: current.name, slug: current.slug },
      });
      return ok(current);
    },
    (result) => result.ok,
  ).result;
}
