/**
 * What the counter's product grid shows: the category tabs (All Products plus one per category, each with
 * how many products match the search), and one page of the products matching the search (a case-insensitive
 * name match) in the chosen category, with the shown price = salesPrice × (1 + vatRate/100).
 */
import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { categories, products } from "~db/schema";
import { containsPattern, likeEscaped } from "~/domain/shared/record-store.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString, withVat } from "~/utils/money";
import { POS_PAGE_SIZE, type PosQuery } from "./pos.schema";

export type PosProduct = {
  id: number;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  /** list price ex VAT, pence */
  salesPrice: number;
  vatRate: number;
  /** the shown price, VAT included, pence */
  priceIncVat: number;
  stockLevel: number;
};

export type PosCategoryTab = { slug: string | null; name: string; count: number };

export type PosCatalog = {
  tabs: PosCategoryTab[];
  /** the chosen category's slug, or null for All Products */
  category: string | null;
  products: PosProduct[];
  total: number;
  page: number;
  pageCount: number;
};

export function loadPosCatalog(db: DB, query: Pick<PosQuery, "q" | "category" | "page">): PosCatalog {
  const search = query.q ? likeEscaped(products.name, containsPattern(query.q)) : undefined;

  const counts = new Map<number | null, number>();
  for (const row of db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(search)
    .groupBy(products.categoryId)
    .all()) {
    counts.set(row.categoryId, row.n);
  }
  const allCount = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const categoryRows = db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
  const tabs: PosCategoryTab[] = [
    { slug: null, name: "All Products", count: allCount },
    ...categoryRows.map((row) => ({ slug: row.slug, name: row.name, count: counts.get(row.id) ?? 0 })),
  ];

  const chosen = query.category ? categoryRows.find((row) => row.slug === query.category) : undefined;
  // a category that is not there (renamed, deleted) shows an empty grid rather than everything
  if (query.category && !chosen) {
    return { tabs, category: query.category, products: [], total: 0, page: 1, pageCount: 1 };
  }
  const conditions: SQL[] = [];
  if (search) conditions.push(search);
  if (chosen) conditions.push(eq(products.categoryId, chosen.id));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const total = chosen ? (counts.get(chosen.id) ?? 0) : allCount;
  const pageCount = Math.max(1, Math.ceil(total / POS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      imageUrl: products.imageUrl,
      salesPrice: products.salesPrice,
      vatRate: products.vatRate,
      stockLevel: products.stockLevel,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(POS_PAGE_SIZE)
    .offset((page - 1) * POS_PAGE_SIZE)
    .all();

  return {
    tabs,
    category: chosen ? chosen.slug : null,
    products: rows.map((row) => ({ ...row, priceIncVat: withVat(row.salesPrice, row.vatRate) })),
    total,
    page,
    pageCount,
  };
}

/** A grid product in JSON: money and rates as 2-decimal strings. */
export function posProductJson(product: PosProduct) {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    imageUrl: product.imageUrl,
    salesPrice: toDecimalString(product.salesPrice),
    vatRate: toDecimalString(product.vatRate),
    priceIncVat: toDecimalString(product.priceIncVat),
    stockLevel: product.stockLevel,
  };
}
