/**
 * The back office's products: the list, and the use-cases behind both doors (the /admin/products screen
 * and /api/admin/...): create, update and delete products, create categories, add and delete variants.
 * (Generated descriptions: description-generator.server.ts.) Every change is checked first and written with its audit record in one
 * IMMEDIATE transaction; a failure writes nothing. With an idempotency key a repeat of the same
 * submission answers the first result and writes nothing new.
 */
import { and, count, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { categories, orderItems, products, productVariants, users } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { containsPattern, searchTerms, type SortOption, type StockFilter } from "~/domain/catalog/catalog.schema";
import {
  loadVariants,
  orderFor,
  productJson,
  productRowColumns,
  stockConditions,
  toProductRow,
  type CategorySummary,
  type ProductJson,
  type ProductRow,
  type ProductVariant,
  type ProductWithVariants,
} from "~/domain/catalog/catalog.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { slugify } from "~/utils/slug";
import {
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  CATEGORY_SLUG_MAX,
  CATEGORY_SLUG_TAKEN,
  NO_CATEGORY,
  PRODUCT_NOT_FOUND,
  SLUG_NOT_DERIVABLE,
  SLUG_TAKEN,
  SUPPLIER_NOT_FOUND,
  TOO_MANY_VARIANTS,
  VARIANT_NAME_TAKEN,
  VARIANT_NOT_FOUND,
  VARIANTS_PER_PRODUCT_MAX,
  resolveSlug,
  type AdminCategoryFilter,
  type CategoryInput,
  type ProductInput,
  type ProductPatch,
  type VariantInput,
} from "./product.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export type Actor = Pick<SessionUser, "id">;
type WriteOptions = { idempotencyKey?: string | null };

// ─── Reading ────────────────────────────────────────────────────────────────

export type AdminProduct = ProductWithVariants & { supplierId: string | null };
export type AdminProductJson = ProductJson & { costPrice: string; supplierId: string | null };

/** The Product of the admin API: the public shape with the cost price and the preferred supplier. */
export function adminProductJson(product: AdminProduct): AdminProductJson {
  return { ...(productJson(product, { includeCost: true }) as ProductJson & { costPrice: string }), supplierId: product.supplierId };
}

const adminColumns = { ...productRowColumns, supplierId: products.supplierId };

function toAdminRow({ supplierId, ...row }: { supplierId: string | null } & Parameters<typeof toProductRow>[0]) {
  return { ...toProductRow(row), supplierId };
}

/** Every word must be in the product's name or its category's name (spec: search by name or category). */
function searchConditions(q: string): SQL[] {
  return searchTerms(q).map((term) => {
    const pattern = containsPattern(term);
    return sql`(${products.name} LIKE ${pattern} ESCAPE '\\' OR ${products.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${categories.name} LIKE ${pattern} ESCAPE '\\'))`;
  });
}

export type AdminProductPage = {
  items: (ProductRow & { supplierId: string | null })[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** The products of one category, or those without one (`none`); every product for null. */
function categoryConditions(category: AdminCategoryFilter): SQL[] {
  if (category === null) return [];
  return [category === NO_CATEGORY ? isNull(products.categoryId) : eq(products.categoryId, category)];
}

export type AdminProductListOptions = {
  q: string;
  page: number;
  pageSize: number;
  category?: AdminCategoryFilter;
  stock?: StockFilter;
  sort?: SortOption;
};

/**
 * One page of the products matching the search, category and stock state (the storefront's states, each
 * product against its own low-stock threshold), in the chosen order (by name when none is given). A page
 * past the end is empty.
 */
export function listAdminProducts(
  db: DB,
  { q, page, pageSize, category = null, stock = "all", sort = "name-asc" }: AdminProductListOptions,
): AdminProductPage {
  const size = Math.max(1, Math.floor(pageSize));
  const current = Math.max(1, Math.floor(page));
  const where = and(...searchConditions(q), ...categoryConditions(category), ...stockConditions(stock));
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  const items =
    total === 0 || (current - 1) * size >= total
      ? []
      : db
          .select(adminColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(orderFor(sort))
          .limit(size)
          .offset((current - 1) * size)
          .all()
          .map(toAdminRow);
  return { items, total, page: current, pageSize: size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

export function countAllProducts(db: DB): number {
  return db.select({ n: count() }).from(products).get()?.n ?? 0;
}

export function getAdminProduct(db: DB, id: number): AdminProduct | null {
  const row = db
    .select(adminColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .get();
  if (!row) return null;
  return { ...toAdminRow(row), variants: loadVariants(db, [id]).get(id) ?? [] };
}

/** How many order lines name the product (they keep their history if it is deleted). */
export function countOrderLines(db: DB, productId: number): number {
  return db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, productId)).get()?.n ?? 0;
}

export type SupplierOption = { id: string; label: string };

/** The users a product may name as its preferred supplier: role supplier, by business name or email. */
export function listSupplierOptions(db: DB): SupplierOption[] {
  return db
    .select({ id: users.id, email: users.email, businessName: users.businessName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.role, "supplier"))
    .orderBy(sql`coalesce(${users.businessName}, ${users.email}) COLLATE NOCASE`)
    .all()
    .map((user) => ({
      id: user.id,
      label: user.businessName ? `${user.businessName} (${user.email})` : user.email,
    }));
}

// ─── Checks shared by create and update ─────────────────────────────────────

function categoryExists(db: DB, id: number) {
  return Boolean(db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get());
}

function isSupplier(db: DB, id: string) {
  return Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, "supplier")))
      .get(),
  );
}

function slugTaken(db: DB, slug: string, exceptId?: number) {
  return Boolean(
    db
      .select({ id: products.id })
      .from(products)
      .where(exceptId === undefined ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, exceptId)))
      .get(),
  );
}

function checkReferences(db: DB, input: Pick<ProductPatch, "categoryId" | "supplierId">) {
  if (input.categoryId !== undefined && input.categoryId !== null && !categoryExists(db, input.categoryId)) {
    return fail(400, CATEGORY_NOT_FOUND, "categoryId");
  }
  if (input.supplierId !== undefined && input.supplierId !== null && !isSupplier(db, input.supplierId)) {
    return fail(400, SUPPLIER_NOT_FOUND, "supplierId");
  }
  return null;
}

type ProductValues = Omit<ProductInput, "slug"> & { slug: string };

// ─── Products ───────────────────────────────────────────────────────────────

/** Creates a product; a blank slug is derived from the name. 409 on a slug already in use. */
export function createProduct(db: DB, actor: Actor, input: ProductInput, options: WriteOptions = {}): Result<AdminProductJson> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.productCreate, key: options.idempotencyKey ?? null },
    (tx): Result<AdminProductJson> => {
      const slug = resolveSlug(input.slug, input.name);
      if (!slug) return fail(400, SLUG_NOT_DERIVABLE, "slug");
      if (slugTaken(tx, slug)) return fail(409, SLUG_TAKEN, "slug");
      const problem = checkReferences(tx, input);
      if (problem) return problem;
      const values: ProductValues = { ...input, slug };
      const { id } = tx.insert(products).values(values).returning({ id: products.id }).get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "product.created",
        entityType: "product",
        entityId: id,
        details: { slug, name: input.name, salesPrice: input.salesPrice },
      });
      return ok(adminProductJson(getAdminProduct(tx, id)!));
    },
    (result) => result.ok,
  ).result;
}

const PATCHABLE = [
  "name",
  "slug",
  "description",
  "categoryId",
  "costPrice",
  "salesPrice",
  "vatRate",
  "stockLevel",
  "lowStockThreshold",
  "imageUrl",
  "supplierId",
] as const;

/**
 * Changes the given fields of a product; absent fields stay as they are. A blank slug is derived from the
 * (new) name. 404 when there is no such product, 409 when the slug belongs to another one.
 */
export function updateProduct(db: DB, actor: Actor, id: number, patch: ProductPatch, options: WriteOptions = {}): Result<AdminProductJson> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.productUpdate, id), key: options.idempotencyKey ?? null },
    (tx): Result<AdminProductJson> => {
      const current = tx.select().from(products).where(eq(products.id, id)).get();
      if (!current) return fail(404, PRODUCT_NOT_FOUND);
      const next: Partial<ProductValues> = {};
      for (const key of PATCHABLE) {
        if (key === "slug") continue;
        if (patch[key] !== undefined) (next as Record<string, unknown>)[key] = patch[key];
      }
      if (patch.slug !== undefined) {
        const slug = resolveSlug(patch.slug, patch.name ?? current.name);
        if (!slug) return fail(400, SLUG_NOT_DERIVABLE, "slug");
        next.slug = slug;
      }
      if (next.slug !== undefined && next.slug !== current.slug && slugTaken(tx, next.slug, id)) {
        return fail(409, SLUG_TAKEN, "slug");
      }
      const problem = checkReferences(tx, next);
      if (problem) return problem;

      // before/after of each changed field; a description is only marked as changed (it can be long)
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        const before = current[key as keyof typeof current];
        if (before !== value) changes[key] = key === "description" ? "changed" : { from: before, to: value };
      }
      if (Object.keys(changes).length > 0) {
        tx.update(products)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(products.id, id))
          .run();
        recordAudit(tx, { actorId: actor.id, action: "product.updated", entityType: "product", entityId: id, details: { changes } });
      }
      return ok(adminProductJson(getAdminProduct(tx, id)!));
    },
    (result) => result.ok,
  ).result;
}

/**
 * Deletes a product with its variants, volume discounts and customer prices. Orders, invoices and returns
 * that name it keep their lines (product name, price and VAT are copied onto them; the link is cleared by
 * the schema), so the history stays whole.
 */
export function deleteProduct(db: DB, actor: Actor, id: number, options: WriteOptions = {}): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.productDelete, id), key: options.idempotencyKey ?? null },
    (tx): Result<{ id: number; name: string }> => {
      const current = tx.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.id, id)).get();
      if (!current) return fail(404, PRODUCT_NOT_FOUND);
      tx.delete(products).where(eq(products.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "product.deleted",
        entityType: "product",
        entityId: id,
        details: { name: current.name, slug: current.slug },
      });
      return ok({ id, name: current.name });
    },
    (result) => result.ok,
  ).result;
}

// ─── Categories ─────────────────────────────────────────────────────────────

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

// ─── Variants ───────────────────────────────────────────────────────────────

/** Adds a variant (name and options) after the product's others. At most three per product. */
export function addVariant(
  db: DB,
  actor: Actor,
  productId: number,
  input: VariantInput,
  options: WriteOptions = {},
): Result<ProductVariant> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.variantAdd, productId), key: options.idempotencyKey ?? null },
    (tx): Result<ProductVariant> => {
      if (!tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get()) {
        return fail(404, PRODUCT_NOT_FOUND);
      }
      const existing = tx
        .select({ name: productVariants.name, position: productVariants.position })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .all();
      if (existing.some((variant) => variant.name.toLowerCase() === input.name.toLowerCase())) {
        return fail(409, VARIANT_NAME_TAKEN, "name");
      }
      if (existing.length >= VARIANTS_PER_PRODUCT_MAX) return fail(409, TOO_MANY_VARIANTS, "name");
      const position = existing.reduce((highest, variant) => Math.max(highest, variant.position + 1), 0);
      const created = tx
        .insert(productVariants)
        .values({ productId, name: input.name, options: input.options, position })
        .returning({ id: productVariants.id, name: productVariants.name, options: productVariants.options })
        .get();
      tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "variant.added",
        entityType: "product",
        entityId: productId,
        details: { variantId: created.id, name: created.name, options: created.options },
      });
      return ok({ id: created.id, name: created.name, options: created.options });
    },
    (result) => result.ok,
  ).result;
}

/** Deletes one of a product's variants. Past orders keep the options they were placed with. */
export function deleteVariant(
  db: DB,
  actor: Actor,
  productId: number,
  variantId: number,
  options: WriteOptions = {},
): Result<{ id: number; name: string }> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.variantDelete, productId, variantId), key: options.idempotencyKey ?? null },
    (tx): Result<{ id: number; name: string }> => {
      if (!tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get()) {
        return fail(404, PRODUCT_NOT_FOUND);
      }
      const variant = tx
        .select({ id: productVariants.id, name: productVariants.name, options: productVariants.options })
        .from(productVariants)
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
        .get();
      if (!variant) return fail(404, VARIANT_NOT_FOUND);
      tx.delete(productVariants).where(eq(productVariants.id, variantId)).run();
      tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "variant.deleted",
        entityType: "product",
        entityId: productId,
        details: { variantId, name: variant.name, options: variant.options },
      });
      return ok({ id: variant.id, name: variant.name });
    },
    (result) => result.ok,
  ).result;
}
