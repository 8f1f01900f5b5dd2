/**
 * The catalogue's filters as GET parameters, shared by the home page, the category pages, the filter bar
 * (in the browser) and GET /api/products. Lenient on purpose: a bookmarked or hand-edited URL with a bad
 * value shows the catalogue with that filter at its default rather than an error page.
 *
 * Amounts are integer pence and rates integer hundredths, as everywhere else; the URL carries pounds
 * ("12.50") and percentages ("20").
 */
import type { PackRule } from "~/domain/catalog/pack-rules";
import { parseDecimalToHundredths, toDecimalString } from "~/utils/money";
import { requestedPage } from "~/utils/paging";

export const SORT_OPTIONS = ["name-asc", "name-desc", "price-asc", "price-desc", "stock-desc", "stock-asc"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<SortOption, string> = {
  "name-asc": "Name (A to Z)",
  "name-desc": "Name (Z to A)",
  "price-asc": "Price (low to high)",
  "price-desc": "Price (high to low)",
  "stock-desc": "Stock (most first)",
  "stock-asc": "Stock (least first)",
};

export const STOCK_FILTERS = ["all", "in-stock", "low-stock", "out-of-stock"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const STOCK_LABELS: Record<StockFilter, string> = {
  all: "All stock levels",
  "in-stock": "In stock",
  "low-stock": "Low stock",
  "out-of-stock": "Out of stock",
};

export const SEARCH_MAX_LENGTH = 100;
/** A search is split into words that must all match; more than this many words adds nothing useful. */
const SEARCH_MAX_TERMS = 8;
const MAX_PAGE = 100_000;
/** 100% in hundredths */
const MAX_RATE = 10_000;

/** The filters that decide which products are in view, and their order. */
export type CatalogFilters = {
  /** search text, trimmed, single-spaced; "" for none */
  q: string;
  stock: StockFilter;
  /** VAT rate in hundredths (2000 = 20%), or null for every rate */
  vat: number | null;
  /** lowest list price ex VAT, pence, or null */
  min: number | null;
  /** highest list price ex VAT, pence, or null */
  max: number | null;
  sort: SortOption;
};

export const DEFAULT_FILTERS: CatalogFilters = {
  q: "",
  stock: "all",
  vat: null,
  min: null,
  max: null,
  sort: "name-asc",
};

/** A sort option from a URL; anything else (missing, misspelt) is the default order. */
export function sortParam(value: unknown): SortOption {
  return SORT_OPTIONS.find((option) => option === value) ?? DEFAULT_FILTERS.sort;
}

/** A stock filter from a URL; anything else is every stock level. */
export function stockParam(value: unknown): StockFilter {
  return STOCK_FILTERS.find((filter) => filter === value) ?? DEFAULT_FILTERS.stock;
}

/** Search text, single-spaced and trimmed, at most SEARCH_MAX_LENGTH characters; anything else is "". */
function searchText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim() : "";
}

/** "20", "20.00", "20%" → 2000; "all", "", nonsense or out of range → null (every rate). */
function vatRate(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/%$/, "");
  if (text === "" || text.toLowerCase() === "all") return null;
  const rate = parseDecimalToHundredths(text);
  return rate !== null && rate >= 0 && rate <= MAX_RATE ? rate : null;
}

/** Pounds, ex VAT ("12.5", "£1,200") → pence; empty, negative or not a number → null (no bound). */
function pounds(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const pence = parseDecimalToHundredths(value);
  return pence !== null && pence >= 0 ? pence : null;
}

export type CatalogQuery = CatalogFilters & { page: number };

/**
 * Reads the filters and page from a URL's query string; never fails. Plain functions rather than a schema
 * library: the filter bar runs this in the browser on every catalogue page, whose script stays small.
 */
export function parseCatalogQuery(params: URLSearchParams | Record<string, unknown>): CatalogQuery {
  const input: Record<string, unknown> = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  const min = pounds(input.min);
  const max = pounds(input.max);
  // a range typed the wrong way round means the same range
  const swapped = min !== null && max !== null && min > max;
  return {
    q: searchText(input.q),
    stock: stockParam(input.stock),
    vat: vatRate(input.vat),
    min: swapped ? max : min,
    max: swapped ? min : max,
    sort: sortParam(input.sort),
    page: requestedPage(input.page, MAX_PAGE),
  };
}

/** Just the filters (sort included) of a query, without the page. */
export function filtersOf(query: CatalogFilters): CatalogFilters {
  return { q: query.q, stock: query.stock, vat: query.vat, min: query.min, max: query.max, sort: query.sort };
}

/** True when a filter narrows the products in view (the sort order does not). */
export function hasActiveFilters(filters: CatalogFilters): boolean {
  return (
    filters.q !== "" || filters.stock !== "all" || filters.vat !== null || filters.min !== null || filters.max !== null
  );
}

/** 2000 → "20", 1250 → "12.5": a rate as the URL and the VAT select carry it. */
export function rateParam(hundredths: number): string {
  return String(Number(toDecimalString(hundredths)));
}

/** 1250 → "12.5", 1200 → "12": pence as pounds for the URL and the price inputs. */
export function poundsParam(pence: number): string {
  return String(Number(toDecimalString(pence)));
}

/**
 * The query string for filters (and a page), leaving out every default so links stay short and the same
 * filters always give the same URL.
 */
export function catalogSearchParams(filters: CatalogFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.stock !== "all") params.set("stock", filters.stock);
  if (filters.vat !== null) params.set("vat", rateParam(filters.vat));
  if (filters.min !== null) params.set("min", poundsParam(filters.min));
  if (filters.max !== null) params.set("max", poundsParam(filters.max));
  if (filters.sort !== "name-asc") params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** `path` with the filters' query string, e.g. "/category/cleaning?stock=low-stock&page=2". */
export function catalogHref(path: string, filters: CatalogFilters, page = 1): string {
  const search = catalogSearchParams(filters, page).toString();
  return search ? `${path}?${search}` : path;
}

/** The words of a search, each matched on its own (all must match). */
export function searchTerms(q: string): string[] {
  return q.split(" ").filter(Boolean).slice(0, SEARCH_MAX_TERMS);
}

/** A LIKE pattern that matches `term` anywhere, with `%`, `_` and the escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The page links to show: always the first and last page, the current page with `spread` pages either
 * side, and "gap" where pages are left out. [1, 2, 3] for three pages; [1, "gap", 9, 10, 11, "gap", 40].
 */
export function pageWindow(page: number, pageCount: number, spread = 2): (number | "gap")[] {
  if (pageCount <= 1) return [1];
  const current = Math.min(Math.max(1, page), pageCount);
  const from = Math.max(2, current - spread);
  const to = Math.min(pageCount - 1, current + spread);
  const out: (number | "gap")[] = [1];
  if (from > 2) out.push(from === 3 ? 2 : "gap");
  for (let n = from; n <= to; n++) out.push(n);
  if (to < pageCount - 1) out.push(to === pageCount - 2 ? pageCount - 1 : "gap");
  out.push(pageCount);
  return out;
}

/** "1 product", "12 products" */
export function productCount(n: number): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? "product" : "products"}`;
}

/** "1 product matches your filters." / "12 products match your filters." */
export function filterMatchText(n: number): string {
  return `${productCount(n)} ${n === 1 ? "matches" : "match"} your filters.`;
}

// ─── Product cards ──────────────────────────────────────────────────────────

/** What a card needs; amounts in pence, rates in hundredths. */
export type ProductCardData = {
  id: number;
  slug: string;
  name: string;
  sku: string | null;
  description: string | null;
  imageUrl: string | null;
  salesPrice: number;
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
  /** the product's pack rule (minimum, multiple, pack label, units per pack) */
  packRule: PackRule;
};

/** The buyer's price for one unit (null: list price, e.g. guests or when pricing failed). */
export type CardPrice = {
  finalPrice: number;
  customPrice: number | null;
  tierDiscount: number;
  volumeDiscount: number;
} | null;
