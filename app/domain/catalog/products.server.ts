/**
 * The back office's products: the list, one product with its variants and supplier, and the admin API's
 * Product shape. The changes, each checked first and written with its audit record in one IMMEDIATE
 * transaction (a failure writes nothing; with an idempotency key a repeat answers the first result):
 * product-changes.server.ts (products), product-categories.server.ts, product-variants.server.ts.
 */
import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { categories, orderItems, products, users } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { containsPattern, searchTerms, type SortOption, type StockFilter } from "./catalog.schema";
import {
  loadVariants,
  orderFor,
  productJson,
  productRowColumns,
  stockConditions,
  toProductRow,
  type ProductJson,
  type ProductRow,
  type ProductWithVariants,
} from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { NO_CATEGORY, type AdminCategoryFilter } from "./product.schema";

export type Actor = Pick<SessionUser, "id">;
export type WriteOptions = { idempotencyKey?: string | null };

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

/**
 * Every word must be in the product's name, its category's name (spec: search by name or category) or its
 * SKU, so a code read off a label finds the product.
 */
function searchConditions(q: string): SQL[] {
  return searchTerms(q).map((term) => {
    const pattern = containsPattern(term);
    return sql`(${products.name} LIKE ${pattern} ESCAPE '\\' OR ${products.sku} LIKE ${pattern} ESCAPE '\\'
      OR ${products.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${categories.name} LIKE ${pattern} ESCAPE '\\'))`;
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
