import { describe, expect, it } from "vitest";
import {
  catalogHref,
  catalogSearchParams,
  containsPattern,
  DEFAULT_FILTERS,
  hasActiveFilters,
  pageWindow,
  parseCatalogQuery,
  filterMatchText,
  productCount,
  searchTerms,
} from "./catalog.schema";

const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query));

describe("parseCatalogQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ ...DEFAULT_FILTERS, page: 1 });
    expect(parse("")).toEqual({ q: "", stock: "all", vat: null, min: null, max: null, sort: "name-asc", page: 1 });
  });

  it("reads every filter", () => {
    expect(parse("q=tea+bags&stock=low-stock&vat=20&min=5&max=12.50&sort=price-desc&page=3")).toEqual({
      q: "tea bags",
      stock: "low-stock",
      vat: 2000,
      min: 500,
      max: 1250,
      sort: "price-desc",
      page: 3,
    });
  });

  it("falls back to the default for each bad value, keeping the good ones", () => {
    expect(parse("stock=plenty&vat=lots&min=cheap&max=-4&sort=random&page=0&q=bleach")).toEqual({
      ...DEFAULT_FILTERS,
      q: "bleach",
      page: 1,
    });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=-1").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=999999999").page).toBe(1);
    expect(parse("vat=150").vat).toBeNull();
    expect(parse("vat=all").vat).toBeNull();
  });

  it("reads VAT rates as percentages", () => {
    expect(parse("vat=5").vat).toBe(500);
    expect(parse("vat=0").vat).toBe(0);
    expect(parse("vat=20.00").vat).toBe(2000);
    expect(parse("vat=12.5%25").vat).toBe(1250);
  });

  it("reads prices as pounds ex VAT and stores pence", () => {
    expect(parse("min=0").min).toBe(0);
    expect(parse("min=0.01").min).toBe(1);
    expect(parse("min=%C2%A31%2C200").min).toBe(120000);
    expect(parse("max=7.999").max).toBe(799);
    expect(parse("min=&max=").min).toBeNull();
    expect(parse("min=&max=").max).toBeNull();
    expect(parse("min=1e3").min).toBeNull();
  });

  it("swaps a price range given the wrong way round", () => {
    const query = parse("min=50&max=10");
    expect([query.min, query.max]).toEqual([1000, 5000]);
  });

  it("tidies the search text and limits its length", () => {
    expect(parse("q=%20%20washing%20%20%20up%20").q).toBe("washing up");
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("accepts a plain object, as from a JSON-ish source", () => {
    expect(parseCatalogQuery({ stock: "out-of-stock", page: "2" })).toMatchObject({ stock: "out-of-stock", page: 2 });
  });
});

describe("catalogSearchParams and catalogHref", () => {
  it("leave out defaults so the same filters always give the same URL", () => {
    expect(catalogHref("/category/cleaning", DEFAULT_FILTERS)).toBe("/category/cleaning");
    expect(catalogHref("/category/cleaning", DEFAULT_FILTERS, 1)).toBe("/category/cleaning");
    expect(catalogHref("/category/cleaning", DEFAULT_FILTERS, 2)).toBe("/category/cleaning?page=2");
  });

  it("write prices in pounds and rates in percent, and round-trip through the parser", () => {
    const filters = { q: "tea & 100%", stock: "in-stock", vat: 500, min: 1250, max: 10000, sort: "stock-asc" } as const;
    const params = catalogSearchParams(filters, 4);
    expect(params.get("vat")).toBe("5");
    expect(params.get("min")).toBe("12.5");
    expect(params.get("max")).toBe("100");
    expect(parseCatalogQuery(params)).toEqual({ ...filters, page: 4 });
  });
});

describe("hasActiveFilters", () => {
  it("counts filters that narrow the list but not the sort order", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: "price-desc" })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, q: "x" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, vat: 0 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, min: 0 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, stock: "out-of-stock" })).toBe(true);
  });
});

describe("search helpers", () => {
  it("split a search into words", () => {
    expect(searchTerms("tea bags")).toEqual(["tea", "bags"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(8);
  });

  it("escape LIKE wildcards so they match themselves", () => {
    expect(containsPattern("tea")).toBe("%tea%");
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\x")).toBe("%c:\\\\x%");
  });
});

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, "gap", 7]);
  });

  it("keeps the first, the last and the pages around the current one", () => {
    expect(pageWindow(10, 40)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 40]);
    expect(pageWindow(40, 40)).toEqual([1, "gap", 38, 39, 40]);
    expect(pageWindow(4, 11)).toEqual([1, 2, 3, 4, 5, 6, "gap", 11]);
  });

  it("never hides a single page behind a gap", () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("clamps a page out of range", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
  });
});

describe("productCount", () => {
  it("says product or products", () => {
    expect(productCount(1)).toBe("1 product");
    expect(productCount(0)).toBe("0 products");
    expect(productCount(1250)).toBe("1,250 products");
  });
});

describe("filterMatchText", () => {
  it("agrees with the count", () => {
    expect(filterMatchText(1)).toBe("1 product matches your filters.");
    expect(filterMatchText(2)).toBe("2 products match your filters.");
    expect(filterMatchText(1250)).toBe("1,250 products match your filters.");
  });
});
