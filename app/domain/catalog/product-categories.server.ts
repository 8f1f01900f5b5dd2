/** New categories from the back office (and the CSV import): a unique name, a slug made from it. */
import { eq, sql } from "drizzle-orm";
import { categories } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { type CategorySummary } from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { slugify } from "~/utils/slug";
import { CATEGORY_NAME_TAKEN, CATEGORY_SLUG_MAX, CATEGORY_SLUG_TAKEN, type CategoryInput } from "./product.schema";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { Actor, WriteOptions } from "./products.server";

/** A category slug no other category has: the name's, then -2, -3… */
export function uniqueCategorySlug(db: DB, name: string): string {
  const base = slugify(name).slice(0, CATEGORY_SLUG_MAX - 4).replace(/-+$/, "") || "category";
  let candidate = base;
  for (let n = 2; db.select({ id: categories.id }).from(categories).where(eq(categories.slug, candidate)).get(); n += 1) {
    candidate = `${base}-${n}`;
  }
  return candidate;
}

/** The category with this name, ignoring case. */
export function findCategoryByName(db: DB, name: string): CategorySummary | null {
  return (
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${name})`)
      .get() ?? null
  );
}

/** Creates a category. 409 when the name (ignoring case) or the given slug is taken. */
export function createCategory(db: DB, actor: Actor, input: CategoryInput, options: WriteOptions = {}): Result<CategorySummary> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.categoryCreate, key: options.idempotencyKey ?? null },
    (tx): Result<CategorySummary> => {
      if (findCategoryByName(tx, input.name)) return fail(409, CATEGORY_NAME_TAKEN, "name");
      let slug: string;
      if (input.slug) {
        if (tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.slug)).get()) {
          return fail(409, CATEGORY_SLUG_TAKEN, "slug");
        }
        slug = input.slug;
      } else {
        slug = uniqueCategorySlug(tx, input.name);
      }
      const created = tx
        .insert(categories)
        .values({ name: input.name, slug, description: input.description ?? null })
        .returning({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
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
