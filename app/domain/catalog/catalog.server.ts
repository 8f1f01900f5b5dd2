/** Catalogue reads shared by the storefront screens and the JSON API. */
import { effectivePackRule, packFieldsOf, packRuleJson, type PackRuleFields } from "~/domain/catalog/pack-rules";
import { productPackColumns, variantPackColumns } from "~/domain/catalog/pack-rules.server";
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, max, min, or, sql, type SQL } from "drizzle-orm";
import { categories, categoryProductCounts, products, productVariants } from "~db/schema";
import type { CardPrice, ProductCardData } from "./catalog.schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { buyerFor, priceMany } from "~/domain/pricing/pricing.server";
import { netBoundFor, type PriceBasis } from "~/domain/pricing/price-basis";
import type { DB } from "~/utils/db.server";
import { toDecimalString, withVat } from "~/utils/money";
import { containsPattern, searchTerms, type CatalogFilters, type SortOption, type StockFilter } from "./catalog.schema";

export type CategorySummary = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
};

export function listCategories(db: DB): CategorySummary[] {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
}

export function findCategoryBySlug(db: DB, slug: string): CategorySummary | null {
  return (
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
      })
      .from(categories)
      .where(eq(categories.slug, slug))
      .get() ?? null
  );
}

export function findCategoryById(db: DB, id: number): CategorySummary | null {
  return (
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
      })
      .from(categories)
      .where(eq(categories.id, id))
      .get() ?? null
  );
}

// ─── Products ───────────────────────────────────────────────────────────────

/** A product as lists and the API read it: amounts in pence, rates in hundredths. */
export type ProductRow = {
  id: number;
  name: string;
  slug: string;
  /** the product code, e.g. "HIVIS-VEST"; null when none is set */
  sku: string | null;
  description: string | null;
  imageUrl: string | null;
  categoryId: number | null;
  category: { id: number; name: string; slug: string } | null;
  salesPrice: number;
  costPrice: number;
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
} & PackRuleFields;

/** A variant group (e.g. Size with S, M, L); its pack rule fields override the product's (null inherits). */
export type ProductVariant = { id: number; name: string; options: string[] } & Partial<PackRuleFields>;
export type ProductWithVariants = ProductRow & { variants: ProductVariant[] };

/** The columns of a ProductRow; the category comes from a LEFT JOIN on categories. */
export const productRowColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  description: products.description,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  salesPrice: products.salesPrice,
  costPrice: products.costPrice,
  vatRate: products.vatRate,
  stockLevel: products.stockLevel,
  lowStockThreshold: products.lowStockThreshold,
  ...productPackColumns,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type FlatProductRow = Omit<ProductRow, "category"> & { categoryName: string | null; categorySlug: string | null };

/** Turns a row selected with `productRowColumns` into a ProductRow. */
export function toProductRow({ categoryName, categorySlug, ...row }: FlatProductRow): ProductRow {
  return {
    ...row,
    category:
      row.categoryId !== null && categoryName !== null && categorySlug !== null
        ? { id: row.categoryId, name: categoryName, slug: categorySlug }
        : null,
  };
}

/** Products by id with their category, in no particular order. */
function productRowsByIds(db: DB, ids: readonly number[]): ProductRow[] {
  const out: ProductRow[] = [];
  for (const chunk of chunks([...new Set(ids)], 500)) {
    out.push(
      ...db
        .select(productRowColumns)
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.id, chunk))
        .all()
        .map(toProductRow),
    );
  }
  return out;
}

/** The variants of many products in one query per 500 ids, in their display order. */
export function loadVariants(db: DB, productIds: readonly number[]): Map<number, ProductVariant[]> {
  const out = new Map<number, ProductVariant[]>();
  for (const chunk of chunks([...new Set(productIds)], 500)) {
    for (const row of db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        name: productVariants.name,
        options: productVariants.options,
        ...variantPackColumns,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, chunk))
      .orderBy(productVariants.productId, productVariants.position, productVariants.id)
      .all()) {
      const list = out.get(row.productId) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        options: Array.isArray(row.options) ? row.options : [],
        ...packFieldsOf(row),
      });
      out.set(row.productId, list);
    }
  }
  return out;
}

export function withVariants(db: DB, rows: readonly ProductRow[]): ProductWithVariants[] {
  const variants = loadVariants(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [] }));
}

/** The Product of the JSON API; money and rates as 2-decimal strings. */
export type ProductJson = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  description: string | null;
  imageUrl: string | null;
  categoryId: number | null;
  category: { id: number; name: string; slug: string } | null;
  salesPrice: string;
  /** present for admins only: a customer never sees what we paid */
  costPrice?: string;
  vatRate: string;
  stockLevel: number;
  lowStockThreshold: number;
  variants: ProductVariant[];
} & ReturnType<typeof packRuleJson>;

/** Serialises a product for the API. `includeCost` only for admins; otherwise the key is absent. */
export function productJson(row: ProductWithVariants, { includeCost }: { includeCost: boolean }): ProductJson {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
    category: row.category ? { id: row.category.id, name: row.category.name, slug: row.category.slug } : null,
    salesPrice: toDecimalString(row.salesPrice),
    ...(includeCost ? { costPrice: toDecimalString(row.costPrice) } : {}),
    vatRate: toDecimalString(row.vatRate),
    stockLevel: row.stockLevel,
    lowStockThreshold: row.lowStockThreshold,
    variants: row.variants.map((variant) => ({ id: variant.id, name: variant.name, options: [...variant.options] })),
    ...packRuleJson(effectivePackRule(row, row.variants)),
  };
}

// ─── Filtering, sorting, paging ─────────────────────────────────────────────

/** A category, or (the back office's "No category") the products without one; neither for every product. */
export type CatalogScope = { categoryId?: number | null; withoutCategory?: boolean };

/**
 * WHERE for the current category and search: what the facets describe. `rowByRow` leaves out the search
 * index, for a query that reads few rows of many that match (the index would first find every match).
 */
function scopeConditions({ categoryId, withoutCategory }: CatalogScope, q: string, { rowByRow = false } = {}): SQL[] {
  const conditions: SQL[] = [];
  if (categoryId !== undefined && categoryId !== null) conditions.push(eq(products.categoryId, categoryId));
  if (withoutCategory) conditions.push(isNull(products.categoryId));
  for (const term of searchTerms(q)) conditions.push(searchTermCondition(term, { rowByRow }));
  return conditions;
}

/** The search index matches a run of at least three characters (trigrams); shorter words are read row by row. */
const SEARCH_INDEX_MIN_LENGTH = 3;

/**
 * A product matches a search word found anywhere in its name, description or code, or in its category's
 * name. LIKE decides, as it always has (case-insensitive for ASCII; the backslash escapes % and _ in what
 * was typed). A word of three or more characters is first looked up in the trigram index products_search
 * (migration 0010), which finds every product containing it (and, as it folds case beyond ASCII, perhaps a
 * few more), so LIKE then reads those few rows rather than every product. The category name is matched in
 * a subquery run once, so counting needs no join.
 */
function searchTermCondition(term: string, { rowByRow }: { rowByRow: boolean }): SQL {
  const pattern = containsPattern(term);
  const inOwnText = or(
    sql`${products.name} LIKE ${pattern} ESCAPE '\\'`,
    sql`${products.description} LIKE ${pattern} ESCAPE '\\'`,
    // a code read off a label or an invoice finds its product too
    sql`${products.sku} LIKE ${pattern} ESCAPE '\\'`,
  )!;
  const inCategoryName = sql`${products.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${categories.name} LIKE ${pattern} ESCAPE '\\')`;
  // the index finds a superset of what LIKE finds, so leaving it out changes the cost, never the answer
  if (rowByRow || [...term].length < SEARCH_INDEX_MIN_LENGTH) return or(inOwnText, inCategoryName)!;
  const indexed = sql`${products.id} IN (SELECT rowid FROM products_search WHERE products_search MATCH ${searchPhrase(term)})`;
  return or(and(indexed, inOwnText), inCategoryName)!;
}

/** The word as one FTS5 phrase: every character taken literally (a double quote is written twice). */
export function searchPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * WHERE for a stock filter, shared by the storefront and the back office. The states follow stockState():
 * out at 0, low above 0 up to the product's own threshold, in stock above it.
 */
export function stockConditions(stock: StockFilter): SQL[] {
  switch (stock) {
    // "+" keeps SQLite off the stock index here: "more than 0" matches nearly every product, and walking
    // the index for it was several times slower than reading the table (29 ms against 8 at 10,000 products)
    case "in-stock":
      return [sql`+${products.stockLevel} > 0`, sql`${products.stockLevel} > ${products.lowStockThreshold}`];
    case "low-stock":
      return [sql`+${products.stockLevel} > 0`, sql`${products.stockLevel} <= ${products.lowStockThreshold}`];
    case "out-of-stock":
      return [lte(products.stockLevel, 0)];
    default:
      return [];
  }
}

/**
 * WHERE for the price range. Bounds are in the buyer's basis; the list prices compared are ex VAT. On the
 * inc-VAT basis each VAT rate gets its own ex-VAT bounds (see price-basis.ts), so a product matches exactly
 * when its inc-VAT list price is in the range the buyer typed.
 */
function priceConditions(db: DB, filters: CatalogFilters, basis: PriceBasis): SQL[] {
  const { min: low, max: high } = filters;
  if (low === null && high === null) return [];
  const within = (rate: number | null) => {
    const conditions: SQL[] = [];
    const bound = (value: number, side: "min" | "max") => (rate === null ? value : netBoundFor(value, side, rate, basis));
    if (low !== null) conditions.push(gte(products.salesPrice, bound(low, "min")));
    if (high !== null) conditions.push(lte(products.salesPrice, bound(high, "max")));
    return conditions;
  };
  if (basis === "ex") return within(null);
  const rates = filters.vat !== null ? [filters.vat] : catalogVatRates(db);
  if (rates.length === 0) return within(null);
  return [or(...rates.map((rate) => and(eq(products.vatRate, rate), ...within(rate))!))!];
}

/** The VAT rates products have: a handful, found by index seeks only when a price range is set. */
function catalogVatRates(db: DB): number[] {
  return priceRangesByRate(db, {}, "").map((row) => row.vatRate);
}

/** WHERE for every filter: the storefront's lists and the back office's products list. */
export function filterConditions(db: DB, scope: CatalogScope, filters: CatalogFilters, basis: PriceBasis): SQL[] {
  return [...scopeConditions(scope, filters.q), ...narrowingConditions(db, filters, basis)];
}

/** WHERE for the filters that narrow what the filter bar describes: stock, VAT rate and price. */
function narrowingConditions(db: DB, filters: CatalogFilters, basis: PriceBasis): SQL[] {
  const conditions = stockConditions(filters.stock);
  if (filters.vat !== null) conditions.push(eq(products.vatRate, filters.vat));
  conditions.push(...priceConditions(db, filters, basis));
  return conditions;
}

const byName = sql`${products.name} COLLATE NOCASE`;

/**
 * The list price on a basis, in SQL: ex VAT as stored, or with VAT added and rounded half-up per unit
 * exactly as withVat() does (integer division in SQLite floors a positive number).
 */
function listPriceSql(basis: PriceBasis): SQL {
  return basis === "ex"
    ? sql`${products.salesPrice}`
    : sql`(${products.salesPrice} + (${products.salesPrice} * ${products.vatRate} * 2 + 10000) / 20000)`;
}

/**
 * ORDER BY for a sort option, shared by the storefront and the back office; prices are list prices on the
 * buyer's basis (ex VAT for the back office and the API). Every order ends on the id so pages never overlap
 * or skip.
 */
export function orderFor(sort: SortOption, basis: PriceBasis = "ex"): SQL {
  switch (sort) {
    case "name-desc":
      return sql`${byName} DESC, ${products.id} DESC`;
    case "price-asc":
      return sql`${listPriceSql(basis)} ASC, ${byName} ASC, ${products.id} ASC`;
    case "price-desc":
      return sql`${listPriceSql(basis)} DESC, ${byName} ASC, ${products.id} ASC`;
    case "stock-desc":
      return sql`${products.stockLevel} DESC, ${byName} ASC, ${products.id} ASC`;
    case "stock-asc":
      return sql`${products.stockLevel} ASC, ${byName} ASC, ${products.id} ASC`;
    case "name-asc":
    default:
      return sql`${byName} ASC, ${products.id} ASC`;
  }
}

export type ProductPage = { items: ProductRow[]; total: number; page: number; pageCount: number };

/**
 * One page of products matching the filters, in the chosen order, with the total that match. A page past
 * the end is empty (the total still tells how many there are). Price bounds and the price order are on
 * `basis` (ex VAT unless the storefront buyer chose inc VAT).
 */
export function listProducts(
  db: DB,
  {
    categoryId,
    filters,
    page,
    pageSize,
    basis = "ex",
  }: { categoryId?: number | null; filters: CatalogFilters; page: number; pageSize: number; basis?: PriceBasis },
): ProductPage {
  const size = Math.max(1, Math.floor(pageSize));
  const current = Math.max(1, Math.floor(page));
  const where = and(...filterConditions(db, { categoryId }, filters, basis));
  const total =
    db
      .select({ n: count() })
      .from(products)
      .where(where)
      .get()?.n ?? 0;
  const items =
    total === 0 || (current - 1) * size >= total
      ? []
      : db
          .select(productRowColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(orderFor(filters.sort, basis))
          .limit(size)
          .offset((current - 1) * size)
          .all()
          .map(toProductRow);
  return { items, total, page: current, pageCount: Math.max(1, Math.ceil(total / size)) };
}

export type CatalogFacets = {
  /** the distinct VAT rates in view, hundredths, highest first */
  vatRates: number[];
  /** floor of the lowest list price in view, whole pounds on the basis asked for (0 when nothing is in view) */
  priceMin: number;
  /** ceiling of the highest list price in view, whole pounds on the basis asked for (100 when nothing is in view) */
  priceMax: number;
};

const EMPTY_FACETS: CatalogFacets = { vatRates: [], priceMin: 0, priceMax: 100 };

/**
 * What the filter bar offers for the current category and search: the VAT rates and the price bounds.
 * The other filters do not narrow it, so choosing a price or a rate never takes the other choices away.
 */
export function catalogFacets(
  db: DB,
  { categoryId, withoutCategory, q, basis = "ex" }: CatalogScope & { q: string; basis?: PriceBasis },
): CatalogFacets {
  return facetsOf(priceRangesByRate(db, { categoryId, withoutCategory }, q), basis);
}

/** The filter bar's offer from each VAT rate's lowest and highest list price, on the buyer's basis. */
function facetsOf(rows: RatePriceRange[], basis: PriceBasis): CatalogFacets {
  if (rows.length === 0) return { ...EMPTY_FACETS };
  // rows are per VAT rate, so each rate's extremes convert exactly
  const onBasis = (pence: number | null, rate: number) => (basis === "ex" ? (pence ?? 0) : withVat(pence ?? 0, rate));
  const low = Math.min(...rows.map((row) => onBasis(row.low, row.vatRate)));
  const high = Math.max(...rows.map((row) => onBasis(row.high, row.vatRate)));
  return {
    vatRates: rows.map((row) => row.vatRate).sort((a, b) => b - a),
    priceMin: Math.floor(low / 100),
    priceMax: Math.ceil(high / 100),
  };
}

type RatePriceRange = { vatRate: number; low: number | null; high: number | null };

/**
 * Each VAT rate in view with its lowest and highest list price. A search's matches are few and grouped as
 * they are read. Without a search, the rates are stepped through one index seek each (products_vat_price_idx,
 * or products_category_vat_price_idx within a category) and each rate's prices are two more: a handful of
 * seeks however many products there are, where grouping them read every one.
 */
function priceRangesByRate(db: DB, scope: CatalogScope, q: string): RatePriceRange[] {
  const where = and(...scopeConditions(scope, q));
  if (searchTerms(q).length > 0) {
    return db
      .select({ vatRate: products.vatRate, low: min(products.salesPrice), high: max(products.salesPrice) })
      .from(products)
      .where(where)
      .groupBy(products.vatRate)
      .all();
  }
  const inScope = where ?? sql`1`;
  return db.all<RatePriceRange>(sql`
    WITH RECURSIVE rates(rate) AS (
      SELECT min(${products.vatRate}) FROM ${products} WHERE ${inScope}
      UNION ALL
      SELECT (SELECT min(${products.vatRate}) FROM ${products} WHERE ${inScope} AND ${products.vatRate} > rates.rate)
      FROM rates WHERE rates.rate IS NOT NULL
    )
    SELECT rate AS vatRate,
      (SELECT min(${products.salesPrice}) FROM ${products} WHERE ${inScope} AND ${products.vatRate} = rates.rate) AS low,
      (SELECT max(${products.salesPrice}) FROM ${products} WHERE ${inScope} AND ${products.vatRate} = rates.rate) AS high
    FROM rates WHERE rate IS NOT NULL
  `);
}

/** How many products a category has, whatever the filters. */
export function countCategoryProducts(db: DB, categoryId: number): number {
  return (
    db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId)).get()?.n ?? 0
  );
}

export type CategorySection = { categoryId: number; total: number; items: ProductRow[] };

/**
 * The first `perSection` matching products of every category, in the chosen order, with how many match
 * in each: the home page's sections.
 */
export function listCategorySections(
  db: DB,
  { filters, perSection, basis = "ex" }: { filters: CatalogFilters; perSection: number; basis?: PriceBasis },
): Map<number, CategorySection> {
  if (searchTerms(filters.q).length > 0) return searchCategorySections(db, { filters, perSection, basis }).sections;
  const conditions = filterConditions(db, {}, filters, basis);
  const where = and(...conditions, sql`${products.categoryId} IS NOT NULL`);
  const sections = new Map<number, CategorySection>();
  // With no filter each section's total is its category's size, kept by the products' triggers
  // (category_product_counts): counting the whole catalogue on every home page view grew with it.
  const totals =
    conditions.length === 0
      ? db
          .select({ categoryId: categoryProductCounts.categoryId, n: categoryProductCounts.products })
          .from(categoryProductCounts)
          .where(sql`${categoryProductCounts.products} > 0`)
          .all()
      : db.select({ categoryId: products.categoryId, n: count() }).from(products).where(where).groupBy(products.categoryId).all();
  for (const row of totals) {
    if (row.categoryId !== null) sections.set(row.categoryId, { categoryId: row.categoryId, total: row.n, items: [] });
  }
  if (sections.size === 0) return sections;

  const rows = firstOfEachCategory(db, where, orderFor(filters.sort, basis), Math.max(1, Math.floor(perSection)));
  for (const row of rows) {
    if (row.categoryId !== null) sections.get(row.categoryId)?.items.push(row);
  }
  return sections;
}

/**
 * Each category's first matching products, in one query: per category, a subquery reads them in order off
 * the category's index when the order is by name (products_category_name_nocase_idx), otherwise sorts that
 * category's matches; never the whole catalogue. The rows come back in the chosen order.
 */
function firstOfEachCategory(db: DB, where: SQL | undefined, order: SQL, limit: number, categoryIds?: number[]): ProductRow[] {
  // inside the subquery "products" is the subquery's own table; "categories" is the category of this row
  const firstIds = sql`(SELECT ${products.id} FROM ${products} WHERE ${products.categoryId} = ${categories.id} AND ${where ?? sql`1`} ORDER BY ${order} LIMIT ${limit})`;
  return db
    .select(productRowColumns)
    .from(categories)
    .innerJoin(products, sql`${products.id} IN ${firstIds}`)
    .where(categoryIds ? inArray(categories.id, categoryIds) : undefined)
    .orderBy(order)
    .all()
    .map(toProductRow);
}

/** A search's home page: its sections (as listCategorySections) and the filter bar's offer (as catalogFacets). */
export type SearchResult = { sections: Map<number, CategorySection>; facets: CatalogFacets };

/**
 * The home page for a search. Its matches are read once, grouped by category and VAT rate: each group's
 * count under the other filters (the sections' exact totals) and its lowest and highest list price (the filter
 * bar describes the search alone). Before, the counts, the price ranges and the first of each section each read
 * every match (170 ms for "trade", in every product, at 30,000 products).
 *
 * The sections' first products then come one of two ways. When the matches are most of their categories (a broad
 * word), each category is read in the chosen order until it has enough (firstOfEachCategory), testing each row
 * by LIKE: a few rows a category. Otherwise the matches, being few, are ranked together.
 */
export function searchCategorySections(
  db: DB,
  { filters, perSection, basis = "ex" }: { filters: CatalogFilters; perSection: number; basis?: PriceBasis },
): SearchResult {
  const narrowing = narrowingConditions(db, filters, basis);
  const groups = db
    .select({
      categoryId: products.categoryId,
      vatRate: products.vatRate,
      inSections: narrowing.length > 0 ? sql<number>`count(*) FILTER (WHERE ${and(...narrowing)})` : count(),
      low: min(products.salesPrice),
      high: max(products.salesPrice),
    })
    .from(products)
    .where(and(...scopeConditions({}, filters.q)))
    .groupBy(products.categoryId, products.vatRate)
    .all();

  const ranges = new Map<number, RatePriceRange>();
  const sections = new Map<number, CategorySection>();
  for (const group of groups) {
    const range = ranges.get(group.vatRate);
    ranges.set(group.vatRate, {
      vatRate: group.vatRate,
      low: range ? Math.min(range.low ?? Infinity, group.low ?? Infinity) : group.low,
      high: range ? Math.max(range.high ?? -Infinity, group.high ?? -Infinity) : group.high,
    });
    if (group.categoryId === null || group.inSections === 0) continue;
    const section = sections.get(group.categoryId) ?? { categoryId: group.categoryId, total: 0, items: [] };
    section.total += group.inSections;
    sections.set(group.categoryId, section);
  }
  const facets = facetsOf([...ranges.values()], basis);
  if (sections.size === 0) return { sections, facets };

  const categoryIds = [...sections.keys()];
  const matched = [...sections.values()].reduce((sum, section) => sum + section.total, 0);
  const order = orderFor(filters.sort, basis);
  const limit = Math.max(1, Math.floor(perSection));
  const rows =
    matched * 2 >= productsInCategories(db, categoryIds)
      ? firstOfEachCategory(db, and(...scopeConditions({}, filters.q, { rowByRow: true }), ...narrowing), order, limit, categoryIds)
      : firstOfEachCategoryRanked(db, and(...filterConditions(db, {}, filters, basis), sql`${products.categoryId} IS NOT NULL`), order, limit);
  for (const row of rows) {
    if (row.categoryId !== null) sections.get(row.categoryId)?.items.push(row);
  }
  return { sections, facets };
}

/** How many products these categories hold, from the kept counts. */
function productsInCategories(db: DB, categoryIds: number[]): number {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${categoryProductCounts.products}), 0)` })
      .from(categoryProductCounts)
      .where(inArray(categoryProductCounts.categoryId, categoryIds))
      .get()?.n ?? 0
  );
}

/**
 * The first matching products of every category from one ranking of all the matches: for a search whose
 * matches (found through the search index) are few, where reading each category in order would read them all.
 */
function firstOfEachCategoryRanked(db: DB, where: SQL | undefined, order: SQL, limit: number): ProductRow[] {
  const ranked = db
    .select({
      id: products.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${products.categoryId} ORDER BY ${order})`.as("section_rank"),
    })
    .from(products)
    .where(where)
    .as("ranked");
  const top = db.select({ id: ranked.id, rank: ranked.rank }).from(ranked).where(lte(ranked.rank, limit)).all();
  const rankOf = new Map(top.map((row) => [row.id, row.rank]));
  return productRowsByIds(
    db,
    top.map((row) => row.id),
  ).sort((a, b) => rankOf.get(a.id)! - rankOf.get(b.id)!);
}

// ─── Cards ──────────────────────────────────────────────────────────────────

/** Cards show two lines of description; sending more would only make the page heavier. */
const CARD_DESCRIPTION_LENGTH = 160;

export function shortDescription(text: string | null, limit = CARD_DESCRIPTION_LENGTH): string | null {
  if (text === null) return null;
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** A card with its price for the buyer and whether the product has options to choose (then the card links to them). */
export type ProductCardItem = { product: ProductCardData; price: CardPrice; hasVariants: boolean };

export function toCardData(row: ProductRow): ProductCardData {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sku: row.sku,
    description: shortDescription(row.description),
    imageUrl: row.imageUrl,
    salesPrice: row.salesPrice,
    vatRate: row.vatRate,
    stockLevel: row.stockLevel,
    lowStockThreshold: row.lowStockThreshold,
    packRule: effectivePackRule(row),
  };
}

/**
 * The cards for a list of products, priced for this user at quantity 1 in one pricing call, each saying
 * whether the product has options to choose. Guests, admins, suppliers and customers awaiting approval see
 * list prices (price null). If pricing fails the cards still show, at list price, and the failure is logged.
 */
export function productCards(db: DB, user: SessionUser | null, rows: readonly ProductRow[]): ProductCardItem[] {
  let prices = new Map<number, NonNullable<CardPrice>>();
  if (user && rows.length > 0) {
    try {
      const buyer = buyerFor(db, user);
      if (buyer) {
        prices = priceMany(
          db,
          buyer,
          rows.map((row) => ({ productId: row.id, salesPrice: row.salesPrice, quantity: 1 })),
        );
      }
    } catch (error) {
      console.error("Pricing the product cards failed; showing list prices", error);
      prices = new Map();
    }
  }
  // when options cannot be looked up, every card links to its product page to choose them there
  let withOptions: Set<number> | null = null;
  try {
    withOptions = productsWithVariants(
      db,
      rows.map((row) => row.id),
    );
  } catch (error) {
    console.error("Looking up product options for the cards failed; cards link to their product pages", error);
  }
  return rows.map((row) => ({
    product: toCardData(row),
    price: prices.get(row.id) ?? null,
    hasVariants: withOptions ? withOptions.has(row.id) : true,
  }));
}

/** Which of these products have variants, in one query per 500 ids. */
function productsWithVariants(db: DB, productIds: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const chunk of chunks([...new Set(productIds)], 500)) {
    for (const row of db
      .selectDistinct({ productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(productVariants.productId, chunk))
      .all()) {
      out.add(row.productId);
    }
  }
  return out;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
