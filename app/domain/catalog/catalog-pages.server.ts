/**
 * What the catalogue pages show: the home page (a taste of every category) and a category page (all its
 * products, a page at a time), filtered by the GET parameters, each card priced for the buyer in one call.
 */
import type { PriceBasis } from "~/domain/pricing/price-basis";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { HOME_SECTIONS_PER_PAGE, productsPerHomeSection } from "./catalog-pages";
import { catalogHref, filtersOf, hasActiveFilters, parseCatalogQuery, searchTerms } from "./catalog.schema";
import {
  catalogFacets,
  countCategoryProducts,
  findCategoryBySlug,
  listCategories,
  listCategorySections,
  listProducts,
  productCards,
  searchCategorySections,
} from "./catalog.server";

/**
 * The home page shows a taste of each category (productsPerHomeSection: a large catalogue gets a smaller
 * taste, so the page stays light on a slow connection); the category pages list them all, 24 a page
 * (about 12 KB of compressed HTML).
 */
const CATEGORY_PAGE_SIZE = 24;

/**
 * The home page: every category with its first products (with filters on, only the categories that match),
 * HOME_SECTIONS_PER_PAGE categories a page (`page`). The price range and price order are on the buyer's `basis`:
 * the URL's numbers are the ones they see.
 */
export function loadHomePage(db: DB, user: SessionUser | null, params: URLSearchParams, basis: PriceBasis) {
  const query = parseCatalogQuery(params);
  const filters = filtersOf(query);
  const categories = listCategories(db);
  if (categories.length === 0) {
    return { filters, facets: catalogFacets(db, { q: "", basis }), sections: [], hasCategories: false, page: 1, pageCount: 1, sectionCount: 0, matchCount: 0 };
  }
  const perSection = productsPerHomeSection(Math.min(categories.length, HOME_SECTIONS_PER_PAGE));
  // a search reads its matches once for the sections and the filter bar alike
  const { sections: found, facets } =
    searchTerms(filters.q).length > 0
      ? searchCategorySections(db, { filters, basis, perSection })
      : { sections: listCategorySections(db, { filters, basis, perSection }), facets: catalogFacets(db, { q: "", basis }) };
  const active = hasActiveFilters(filters);
  const every = categories
    .map((category) => ({ category, found: found.get(category.id) }))
    // with filters on, only the categories with matches; without, every category (empty ones say so)
    .filter((section) => !active || (section.found?.total ?? 0) > 0);
  const pageCount = Math.max(1, Math.ceil(every.length / HOME_SECTIONS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const shown = every.slice((page - 1) * HOME_SECTIONS_PER_PAGE, page * HOME_SECTIONS_PER_PAGE);
  // one pricing call for every card on the page
  const cards = productCards(
    db,
    user,
    shown.flatMap((section) => section.found?.items ?? []),
  );
  const cardById = new Map(cards.map((card) => [card.product.id, card]));
  const sections = shown.map(({ category, found: section }) => ({
    category,
    total: section?.total ?? 0,
    items: (section?.items ?? []).map((row) => cardById.get(row.id)!),
  }));
  const matchCount = every.reduce((sum, section) => sum + (section.found?.total ?? 0), 0);
  return { filters, facets, sections, hasCategories: true, page, pageCount, sectionCount: every.length, matchCount };
}

export type CategoryPageOutcome =
  | { kind: "not-found" }
  /** a page past the end (fewer products since the link was made): the last page that has some */
  | { kind: "redirect"; to: string }
  | { kind: "page"; page: ReturnType<typeof categoryPage> };

function categoryPage(
  db: DB,
  user: SessionUser | null,
  category: NonNullable<ReturnType<typeof findCategoryBySlug>>,
  filters: ReturnType<typeof filtersOf>,
  result: ReturnType<typeof listProducts>,
  basis: PriceBasis,
) {
  return {
    category,
    otherCategories: listCategories(db).filter((other) => other.id !== category.id),
    filters,
    facets: catalogFacets(db, { categoryId: category.id, q: filters.q, basis }),
    items: productCards(db, user, result.items),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    // only asked when nothing matches: is the category empty, or did the filters empty it?
    categoryIsEmpty: result.total === 0 && (!hasActiveFilters(filters) || countCategoryProducts(db, category.id) === 0),
  };
}

/** A category page at `path` (/category/{slug}) with the GET parameters' filters and page, prices on `basis`. */
export function loadCategoryPage(
  db: DB,
  user: SessionUser | null,
  { slug, path, params, basis }: { slug: string; path: string; params: URLSearchParams; basis: PriceBasis },
): CategoryPageOutcome {
  const category = findCategoryBySlug(db, slug);
  if (!category) return { kind: "not-found" };
  const query = parseCatalogQuery(params);
  const filters = filtersOf(query);
  const result = listProducts(db, {
    categoryId: category.id,
    filters,
    page: query.page,
    pageSize: CATEGORY_PAGE_SIZE,
    basis,
  });
  if (result.total > 0 && query.page > result.pageCount) {
    return { kind: "redirect", to: catalogHref(path, filters, result.pageCount) };
  }
  return { kind: "page", page: categoryPage(db, user, category, filters, result, basis) };
}
