/**
 * The back office's products: the list, one product with its variants and supplier, and the admin API's
 * Product shape. The changes, each checked first and written with its audit record in one IMMEDIATE
 * transaction (a failure writes nothing; with an idempotency key a repeat answers the first result):
 * product-changes.server.ts (products), product-categories.server.ts, product-variants.server.ts.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { categories, orderItems, products, users } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { SortOption, StockFilter } from "./catalog.schema";
import {
  catalogFacets,
  filterConditions,
  loadVariants,
  orderFor,
  productJson,
  productRowColumns,
  toProductRow,
  type CatalogFacets,
  type CatalogScope,
  type ProductJson,
  type ProductRow,
  type ProductWithVariants,
} from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { amongIds } from "~/domain/shared/record-store.server";
import { NO_CATEGORY, type AdminCategoryFilter } from "./product.schema";
import { barcodesOf, type ProductBarcodes } from "./barcodes.server";
import { withOptionBarcodes, type VariantWithBarcodes } from "./variant-barcodes.server";
import { packFieldsOf, type PackRuleFields } from "./pack-rules";

export type Actor = Pick<SessionUser, "id">;
export type WriteOptions = { idempotencyKey?: string | null };

// ─── Reading ────────────────────────────────────────────────────────────────

export type AdminProduct = ProductWithVariants & { supplierId: string | null } & ProductBarcodes;
export type AdminProductJson = Omit<ProductJson, "variants" | keyof PackRuleFields> & {
  costPrice: string;
  supplierId: string | null;
  /** the product's own barcodes */
  barcodes: string[];
  /** each variant with the barcodes of each of its options and its pack rule fields (null inherits the product's) */
  variants: (VariantWithBarcodes & PackRuleFields)[];
} & PackRuleFields;

/**
 * The Product of the admin API: the public shape with the cost price, the preferred supplier, the barcodes
 * (the product's, and each variant option's) and the pack rule fields (each variant's too).
 */
export function adminProductJson(product: AdminProduct): AdminProductJson {
  const base = productJson(product, { includeCost: true }) as ProductJson & { costPrice: string };
  return {
    ...base,
    supplierId: product.supplierId,
    barcodes: [...product.barcodes],
    variants: base.variants.map((variant, index) => ({
      ...withOptionBarcodes(variant, product.variantBarcodes),
      ...toPackFields(product.variants[index]),
    })),
    ...packFieldsOf(product),
  };
}

function toPackFields(variant: Partial<PackRuleFields>): PackRuleFields {
  return {
    minOrderQuantity: variant.minOrderQuantity ?? null,
    orderMultiple: variant.orderMultiple ?? null,
    packLabel: variant.packLabel ?? null,
    unitsPerPack: variant.unitsPerPack ?? null,
  };
}

const adminColumns = { ...productRowColumns, supplierId: products.supplierId };

function toAdminRow({ supplierId, ...row }: { supplierId: string | null } & Parameters<typeof toProductRow>[0]) {
  return { ...toProductRow(row), supplierId };
}

export type AdminProductPage = {
  items: (ProductRow & { supplierId: string | null })[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** The list's category filter as the catalogue's scope: a category, or the products without one. */
function scopeOf(category: AdminCategoryFilter): CatalogScope {
  if (category === null) return {};
  return category === NO_CATEGORY ? { withoutCategory: true } : { categoryId: category };
}

export type AdminProductListOptions = {
  q: string;
  page: number;
  pageSize: number;
  category?: AdminCategoryFilter;
  stock?: StockFilter;
  sort?: SortOption;
  /** VAT rate in hundredths, or null for every rate */
  vat?: number | null;
  /** sales price bounds ex VAT, pence, or null */
  min?: number | null;
  max?: number | null;
};

/**
 * One page of the products matching the search (every word in the name, description, SKU or category
 * name), category, stock state, VAT rate and sales price range (ex VAT), with the storefront's very
 * conditions, in the chosen order (by name when none is given). A page past the end is empty.
 */
export function listAdminProducts(
  db: DB,
  { q, page, pageSize, category = null, stock = "all", sort = "name-asc", vat = null, min = null, max = null }: AdminProductListOptions,
): AdminProductPage {
  const size = Math.max(1, Math.floor(pageSize));
  const current = Math.max(1, Math.floor(page));
  const where = and(...filterConditions(db, scopeOf(category), { q, stock, sort, vat, min, max }, "ex"));
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  // the page's ids first, in order off an index of the products, then their rows and categories: a deep page
  // no longer reads every product it skips (0.2 s for the last page of 100,000)
  const ids =
    total === 0 || (current - 1) * size >= total
      ? []
      : db
          .select({ id: products.id })
          .from(products)
          .where(where)
          .orderBy(orderFor(sort))
          .limit(size)
          .offset((current - 1) * size)
          .all()
          .map((row) => row.id);
  const items =
    ids.length === 0
      ? []
      : db
          .select(adminColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(amongIds(products.id, ids))
          .orderBy(orderFor(sort))
          .all()
          .map(toAdminRow);
  return { items, total, page: current, pageSize: size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

/** The VAT rates and whole-pound sales price bounds (ex VAT) of the products in the list's category and search. */
export function adminProductFacets(db: DB, { q, category = null }: { q: string; category?: AdminCategoryFilter }): CatalogFacets {
  return catalogFacets(db, { ...scopeOf(category), q, basis: "ex" });
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
  return { ...toAdminRow(row), variants: loadVariants(db, [id]).get(id) ?? [], ...barcodesOf(db, id) };
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
