import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { customerPricing, priceTiers, products, productVariants, volumeDiscounts } from "~db/schema";
import { DEFAULT_FILTERS, type CatalogFilters } from "~/domain/catalog/catalog.schema";
import {
  catalogFacets,
  listCategorySections,
  listProducts,
  productCards,
  searchCategorySections,
  type ProductRow,
} from "~/domain/catalog/catalog.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as apiProducts from "~/routes/api.products";
import * as categoryPage from "~/routes/category.$slug";
import * as homePage from "~/routes/_index";
import { getDb, type DB } from "~/utils/db.server";
import { createCategory, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();

type Seed = Partial<typeof products.$inferInsert> & { name: string; salesPrice: number };
function addProduct(categoryId: number | null, p: Seed) {
  const slug = p.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return db()
    .insert(products)
    .values({ slug, costPrice: Math.round(p.salesPrice * 0.6), stockLevel: 50, lowStockThreshold: 10, categoryId, ...p })
    .returning()
    .get();
}

const ids: Record<string, number> = {};
let cleaningId = 0;
let cateringId = 0;
let bulkId = 0;
let emptyId = 0;

beforeAll(async () => {
  const cleaning = createCategory("Cleaning & Hygiene", "Bleach, soap and cloths.");
  const catering = createCategory("Catering Food", "Store-cupboard staples.");
  const bulk = createCategory("Bulk Aisle", "Lots of things.");
  const empty = createCategory("Empty Shelf", "Nothing here yet.");
  cleaningId = cleaning.id;
  cateringId = catering.id;
  bulkId = bulk.id;
  emptyId = empty.id;

  for (const p of [
    { name: "Thick Bleach 5L", sku: "BLEACH-THICK-5L", salesPrice: 299, stockLevel: 150, description: "Kills 99.9% of germs." },
    { name: "Washing-Up Liquid 5L", salesPrice: 499, stockLevel: 5, description: "Concentrated lemon." },
    { name: "Floor Cleaner 100% Concentrate", salesPrice: 999, stockLevel: 0, description: "Low-foam neutral floor cleaner." },
    { name: "Microfibre Cloths", salesPrice: 449, stockLevel: 10, description: "Lint-free cloths." },
    { name: "Hand_Soap Refill", salesPrice: 899, stockLevel: 11, description: "Mild liquid soap." },
  ]) {
    ids[p.name] = addProduct(cleaning.id, { vatRate: 2000, ...p }).id;
  }
  db()
    .insert(productVariants)
    .values({ productId: ids["Microfibre Cloths"], name: "Colour", options: ["Blue", "Red"], position: 0 })
    .run();
  for (const p of [
    { name: "Catering Tea Bags", salesPrice: 1849, vatRate: 0, stockLevel: 96 },
    { name: "Hot Chocolate Powder", salesPrice: 1099, vatRate: 0, stockLevel: 33 },
    { name: "Wood Pellets 15kg", salesPrice: 599, vatRate: 500, stockLevel: 130, description: "Low ash pellets." },
    { name: "Still Water 24 Pack", salesPrice: 499, vatRate: 2000, stockLevel: 3, lowStockThreshold: 5 },
  ]) {
    ids[p.name] = addProduct(catering.id, p).id;
  }
  // 30 products, ten of them at the same price, so paging has ties to break
  for (let i = 1; i <= 30; i++) {
    const name = `Bulk Item ${String(i).padStart(2, "0")}`;
    ids[name] = addProduct(bulk.id, { name, salesPrice: i <= 10 ? 1000 : 100 * i, stockLevel: i }).id;
  }
  ids["Loose Widget"] = addProduct(null, { name: "Loose Widget", salesPrice: 150 }).id;

  const silver = db().insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  const buyer = await createUser({ email: "buyer@example.com", priceTierId: silver.id });
  await createUser({ email: "pending@example.com", priceTierId: silver.id, approvedAt: null });
  await createUser({ email: "admin@example.com", role: "admin" });
  db().insert(customerPricing).values({ companyId: companyIdOf(buyer.id), productId: ids["Washing-Up Liquid 5L"], customPrice: 420 }).run();
  db().insert(volumeDiscounts).values({ productId: ids["Thick Bleach 5L"], minQuantity: 1, discountPercentage: 500 }).run();
});

afterEach(() => vi.restoreAllMocks());

const filters = (overrides: Partial<CatalogFilters> = {}): CatalogFilters => ({ ...DEFAULT_FILTERS, ...overrides });
const names = (rows: ProductRow[]) => rows.map((row) => row.name);
function list(categoryId: number | undefined, overrides: Partial<CatalogFilters> = {}, page = 1, pageSize = 100) {
  return listProducts(db(), { categoryId, filters: filters(overrides), page, pageSize });
}

describe("listProducts: search", () => {
  it("lists a category by name, A to Z, with the total and page count", () => {
    const result = list(cleaningId);
    expect(names(result.items)).toEqual([
      "Floor Cleaner 100% Concentrate",
      "Hand_Soap Refill",
      "Microfibre Cloths",
      "Thick Bleach 5L",
      "Washing-Up Liquid 5L",
    ]);
    expect(result).toMatchObject({ total: 5, page: 1, pageCount: 1 });
    expect(result.items[0].category).toEqual({ id: cleaningId, name: "Cleaning & Hygiene", slug: "cleaning-hygiene" });
  });

  it("matches the name in any case, the description and the category name", () => {
    expect(names(list(undefined, { q: "BLEACH" }).items)).toEqual(["Thick Bleach 5L"]);
    expect(names(list(undefined, { q: "low-foam" }).items)).toEqual(["Floor Cleaner 100% Concentrate"]);
    expect(list(undefined, { q: "hygiene" }).total).toBe(5);
    expect(names(list(undefined, { q: "low" }).items)).toEqual(["Floor Cleaner 100% Concentrate", "Wood Pellets 15kg"]);
  });

  it("matches a product code, in any case", () => {
    expect(names(list(undefined, { q: "bleach-thick" }).items)).toEqual(["Thick Bleach 5L"]);
    expect(list(undefined, { q: "bleach-thick" }).items[0].sku).toBe("BLEACH-THICK-5L");
  });

  it("needs every word of a search to match somewhere", () => {
    expect(names(list(undefined, { q: "tea catering" }).items)).toEqual(["Catering Tea Bags"]);
    expect(names(list(undefined, { q: "pellets hygiene" }).items)).toEqual([]);
  });

  it("takes % and _ literally", () => {
    expect(names(list(undefined, { q: "100%" }).items)).toEqual(["Floor Cleaner 100% Concentrate"]);
    // "99.9%" is in a description; a bare % must not match everything
    expect(names(list(undefined, { q: "%" }).items)).toEqual(["Floor Cleaner 100% Concentrate", "Thick Bleach 5L"]);
    expect(names(list(undefined, { q: "_" }).items)).toEqual(["Hand_Soap Refill"]);
  });

  it("stays within the category", () => {
    expect(list(cateringId, { q: "bleach" }).total).toBe(0);
    expect(list(cleaningId, { q: "bleach" }).total).toBe(1);
  });
});

describe("listProducts: filters", () => {
  it("filters by stock state: low is above 0 and at or below the threshold", () => {
    expect(names(list(cleaningId, { stock: "in-stock" }).items)).toEqual(["Hand_Soap Refill", "Thick Bleach 5L"]);
    expect(names(list(cleaningId, { stock: "low-stock" }).items)).toEqual(["Microfibre Cloths", "Washing-Up Liquid 5L"]);
    expect(names(list(cleaningId, { stock: "out-of-stock" }).items)).toEqual(["Floor Cleaner 100% Concentrate"]);
    expect(names(list(cateringId, { stock: "low-stock" }).items)).toEqual(["Still Water 24 Pack"]);
  });

  it("filters by VAT rate, zero included", () => {
    expect(names(list(cateringId, { vat: 0 }).items)).toEqual(["Catering Tea Bags", "Hot Chocolate Powder"]);
    expect(names(list(cateringId, { vat: 500 }).items)).toEqual(["Wood Pellets 15kg"]);
    expect(list(cateringId, { vat: 1250 }).total).toBe(0);
  });

  it("filters by list price ex VAT, bounds included", () => {
    expect(names(list(cleaningId, { min: 449, max: 899 }).items)).toEqual([
      "Hand_Soap Refill",
      "Microfibre Cloths",
      "Washing-Up Liquid 5L",
    ]);
    expect(names(list(cleaningId, { min: 900 }).items)).toEqual(["Floor Cleaner 100% Concentrate"]);
    expect(names(list(cleaningId, { max: 300 }).items)).toEqual(["Thick Bleach 5L"]);
  });

  it("combines filters", () => {
    expect(names(list(undefined, { q: "5L", stock: "low-stock", max: 500 }).items)).toEqual(["Washing-Up Liquid 5L"]);
  });
});

describe("listProducts: sorting and paging", () => {
  it("sorts by price, stock and name both ways", () => {
    expect(names(list(cleaningId, { sort: "price-asc" }).items)).toEqual([
      "Thick Bleach 5L",
      "Microfibre Cloths",
      "Washing-Up Liquid 5L",
      "Hand_Soap Refill",
      "Floor Cleaner 100% Concentrate",
    ]);
    expect(names(list(cleaningId, { sort: "price-desc" }).items)[0]).toBe("Floor Cleaner 100% Concentrate");
    expect(list(cleaningId, { sort: "stock-desc" }).items.map((p) => p.stockLevel)).toEqual([150, 11, 10, 5, 0]);
    expect(list(cleaningId, { sort: "stock-asc" }).items.map((p) => p.stockLevel)).toEqual([0, 5, 10, 11, 150]);
    expect(names(list(cleaningId, { sort: "name-desc" }).items)[0]).toBe("Washing-Up Liquid 5L");
  });

  it("pages without overlaps or gaps, ties broken the same way every time", () => {
    const first = list(bulkId, { sort: "price-asc" }, 1, 24);
    const second = list(bulkId, { sort: "price-asc" }, 2, 24);
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(24);
    expect(second.items).toHaveLength(6);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((p) => p.id)).size).toBe(30);
    // the ten at £10.00 come first, by name; then the others by price
    expect(names(all.slice(0, 10))).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Item ${String(i + 1).padStart(2, "0")}`));
    expect(all.map((p) => p.salesPrice)).toEqual([...all.map((p) => p.salesPrice)].sort((a, b) => a - b));
    expect(names(list(bulkId, { sort: "price-asc" }, 1, 24).items)).toEqual(names(first.items));
  });

  it("answers an empty page past the end, still with the total", () => {
    expect(list(bulkId, {}, 5, 24)).toMatchObject({ items: [], total: 30, page: 5, pageCount: 2 });
  });
});

describe("catalogFacets", () => {
  it("gives the VAT rates in view and the price bounds in whole pounds", () => {
    expect(catalogFacets(db(), { categoryId: cleaningId, q: "" })).toEqual({ vatRates: [2000], priceMin: 2, priceMax: 10 });
    expect(catalogFacets(db(), { categoryId: cateringId, q: "" })).toEqual({
      vatRates: [2000, 500, 0],
      priceMin: 4,
      priceMax: 19,
    });
  });

  it("follows the search, and is 0 to 100 with no rates when nothing is in view", () => {
    expect(catalogFacets(db(), { categoryId: cateringId, q: "tea" })).toEqual({ vatRates: [0], priceMin: 18, priceMax: 19 });
    expect(catalogFacets(db(), { categoryId: emptyId, q: "" })).toEqual({ vatRates: [], priceMin: 0, priceMax: 100 });
  });
});

describe("listCategorySections (home page)", () => {
  it("gives at most N products per category with each category's total", () => {
    const sections = listCategorySections(db(), { filters: filters(), perSection: 8 });
    expect(sections.get(bulkId)?.total).toBe(30);
    expect(names(sections.get(bulkId)!.items)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Bulk Item ${String(i + 1).padStart(2, "0")}`),
    );
    expect(sections.get(cleaningId)?.items).toHaveLength(5);
    expect(sections.has(emptyId)).toBe(false);
  });

  it("applies the filters and the sort inside each category", () => {
    const sections = listCategorySections(db(), { filters: filters({ stock: "low-stock", sort: "stock-asc" }), perSection: 8 });
    expect(names(sections.get(cleaningId)!.items)).toEqual(["Washing-Up Liquid 5L", "Microfibre Cloths"]);
    expect(sections.get(bulkId)?.total).toBe(10);
    expect(sections.get(bulkId)?.items.map((p) => p.stockLevel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("searchCategorySections (a search on the home page)", () => {
  // what the one pass must equal: each category's own list (its count and first products) and the filter bar of the search
  function separately(overrides: Partial<CatalogFilters>, perSection: number) {
    const sections = new Map<number, { total: number; names: string[] }>();
    for (const categoryId of [cleaningId, cateringId, bulkId, emptyId]) {
      const page = list(categoryId, overrides, 1, perSection);
      if (page.total > 0) sections.set(categoryId, { total: page.total, names: names(page.items) });
    }
    return sections;
  }

  it.each<[string, Partial<CatalogFilters>]>([
    ["a word in one product", { q: "bleach" }],
    ["a word in many, A to Z", { q: "l" }],
    ["a word in many, filtered by stock, by price inc VAT", { q: "e", stock: "in-stock", sort: "price-desc" }],
    ["a category's name, a VAT rate and a price range", { q: "catering", vat: 0, min: 1000, max: 2000 }],
    ["a word in most of a category, by stock", { q: "item", sort: "stock-desc" }],
    ["nothing", { q: "zzzz" }],
  ])("%s: counts, first products and filter bar as the separate reads give them", (_, overrides) => {
    for (const basis of ["ex", "inc"] as const) {
      const found = searchCategorySections(db(), { filters: filters(overrides), perSection: 3, basis });
      const got = new Map([...found.sections].map(([id, section]) => [id, { total: section.total, names: names(section.items) }]));
      const expected = new Map(
        [...separately(overrides, 3)].map(([id, section]) => [
          id,
          basis === "ex" ? section : { total: section.total, names: names(listProducts(db(), { categoryId: id, filters: filters(overrides), page: 1, pageSize: 3, basis }).items) },
        ]),
      );
      expect(got).toEqual(expected);
      expect(found.facets).toEqual(catalogFacets(db(), { q: overrides.q ?? "", basis }));
    }
  });

  it("is what listCategorySections gives for a search", () => {
    const options = { filters: filters({ q: "bulk", sort: "price-asc" }), perSection: 4 };
    expect(listCategorySections(db(), options)).toEqual(searchCategorySections(db(), options).sections);
    expect(listCategorySections(db(), options).get(bulkId)?.total).toBe(30);
  });
});

describe("productCards: prices", () => {
  const rows = () => list(cleaningId).items;
  const priceOf = (cards: ReturnType<typeof productCards>, name: string) =>
    cards.find((card) => card.product.name === name)!.price;

  it("gives an approved customer their own price for one unit", () => {
    const buyer = findSessionUser(db(), getUserId("buyer@example.com"))!;
    const cards = productCards(db(), buyer, rows());
    expect(priceOf(cards, "Washing-Up Liquid 5L")).toEqual({ finalPrice: 420, customPrice: 420, tierDiscount: 0, volumeDiscount: 0 });
    // Silver 10% and a 5% volume rule from 1 unit: 299 × 0.9 × 0.95 = 255.645 → 256
    expect(priceOf(cards, "Thick Bleach 5L")).toEqual({ finalPrice: 256, customPrice: null, tierDiscount: 1000, volumeDiscount: 500 });
    expect(priceOf(cards, "Microfibre Cloths")).toMatchObject({ finalPrice: 404, tierDiscount: 1000 });
  });

  it("gives guests, pending customers and admins the list price", () => {
    for (const user of [null, findSessionUser(db(), getUserId("pending@example.com")), findSessionUser(db(), getUserId("admin@example.com"))]) {
      expect(productCards(db(), user, rows()).every((card) => card.price === null)).toBe(true);
    }
  });

  it("falls back to list prices, and logs, when pricing fails", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { select: () => { throw new Error("database is locked"); } } as unknown as DB;
    const buyer = findSessionUser(db(), getUserId("buyer@example.com"))!;
    const cards = productCards(broken, buyer, rows());
    expect(cards).toHaveLength(5);
    expect(cards.every((card) => card.price === null)).toBe(true);
    expect(logged).toHaveBeenCalled();
  });
});

function getUserId(email: string) {
  return db().query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!.id;
}

describe("/category/{slug} loader", () => {
  it("answers 24 products a page with the total, keeping the filters", async () => {
    const response = await callRoute(categoryPage.loader, buildRequest("/category/bulk-aisle?page=2"), { slug: "bulk-aisle" });
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.category.name).toBe("Bulk Aisle");
    expect(data.items).toHaveLength(6);
    expect(data).toMatchObject({ total: 30, page: 2, pageCount: 2, categoryIsEmpty: false });
    expect(data.otherCategories.map((c: { slug: string }) => c.slug)).not.toContain("bulk-aisle");
  });

  it("sends a page past the end to the last page, filters kept", async () => {
    const response = await callRoute(
      categoryPage.loader,
      buildRequest("/category/bulk-aisle?page=9&sort=price-desc"),
      { slug: "bulk-aisle" },
    );
    expect(redirectLocation(response)).toBe("/category/bulk-aisle?sort=price-desc&page=2");
  });

  it("tells an empty category from filters that exclude everything", async () => {
    const empty = await readJson(await callRoute(categoryPage.loader, buildRequest("/category/empty-shelf"), { slug: "empty-shelf" }));
    expect(empty).toMatchObject({ total: 0, categoryIsEmpty: true, facets: { vatRates: [], priceMin: 0, priceMax: 100 } });
    const filtered = await readJson(
      await callRoute(categoryPage.loader, buildRequest("/category/cleaning-hygiene?q=nothing-like-this"), { slug: "cleaning-hygiene" }),
    );
    expect(filtered).toMatchObject({ total: 0, categoryIsEmpty: false });
  });

  it("shows bad filter values as their defaults instead of failing", async () => {
    const response = await callRoute(
      categoryPage.loader,
      buildRequest("/category/cleaning-hygiene?stock=lots&sort=weird&page=abc&min=x"),
      { slug: "cleaning-hygiene" },
    );
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.total).toBe(5);
    expect(data.filters).toEqual(DEFAULT_FILTERS);
  });

  it("answers 404 for an unknown category", async () => {
    const response = await callRoute(categoryPage.loader, buildRequest("/category/no-such-thing"), { slug: "no-such-thing" });
    expect(response.status).toBe(404);
  });

  it("prices the cards for a signed-in approved customer", async () => {
    const cookie = await signIn("buyer@example.com", { via: "api" });
    const data = await readJson(
      await callRoute(categoryPage.loader, buildRequest("/category/cleaning-hygiene", { cookie }), { slug: "cleaning-hygiene" }),
    );
    const washing = data.items.find((item: { product: { name: string } }) => item.product.name === "Washing-Up Liquid 5L");
    expect(washing.price).toMatchObject({ finalPrice: 420, customPrice: 420 });
    const guest = await readJson(
      await callRoute(categoryPage.loader, buildRequest("/category/cleaning-hygiene"), { slug: "cleaning-hygiene" }),
    );
    expect(guest.items.every((item: { price: unknown }) => item.price === null)).toBe(true);
  });
});

describe("home loader", () => {
  it("shows every category, a row of at most 4 products each", async () => {
    const data = await readJson(await callRoute(homePage.loader, buildRequest("/")));
    const bySlug = Object.fromEntries(data.sections.map((s: { category: { slug: string } }) => [s.category.slug, s]));
    expect(Object.keys(bySlug).sort()).toEqual(["bulk-aisle", "catering-food", "cleaning-hygiene", "empty-shelf"]);
    expect(bySlug["bulk-aisle"].items).toHaveLength(4);
    expect(bySlug["bulk-aisle"].total).toBe(30);
    expect(bySlug["empty-shelf"]).toMatchObject({ total: 0, items: [] });
    expect(data.hasCategories).toBe(true);
  });

  it("with filters on, shows only the categories with matches", async () => {
    const data = await readJson(await callRoute(homePage.loader, buildRequest("/?q=bleach")));
    expect(data.sections).toHaveLength(1);
    expect(data.sections[0]).toMatchObject({ category: { slug: "cleaning-hygiene" }, total: 1 });
    expect(data.sections[0].items[0].product.name).toBe("Thick Bleach 5L");
    const none = await readJson(await callRoute(homePage.loader, buildRequest("/?q=zzzz")));
    expect(none.sections).toEqual([]);
  });
});

describe("GET /api/products", () => {
  it("answers an array of Products with money and rates as strings, and the total in a header", async () => {
    const response = await callRoute(apiProducts.loader, buildRequest("/api/products?category=cleaning-hygiene"));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("5");
    const body = await readJson(response);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(5);
    expect(body.find((p: { name: string }) => p.name === "Thick Bleach 5L").sku).toBe("BLEACH-THICK-5L");
    const cloths = body.find((p: { name: string }) => p.name === "Microfibre Cloths");
    expect(cloths).toEqual({
      id: ids["Microfibre Cloths"],
      name: "Microfibre Cloths",
      slug: "microfibre-cloths",
      sku: null,
      description: "Lint-free cloths.",
      imageUrl: null,
      categoryId: cleaningId,
      category: { id: cleaningId, name: "Cleaning & Hygiene", slug: "cleaning-hygiene" },
      salesPrice: "4.49",
      vatRate: "20.00",
      stockLevel: 10,
      lowStockThreshold: 10,
      variants: [{ id: expect.any(Number), name: "Colour", options: ["Blue", "Red"] }],
      minOrderQuantity: 1,
      orderMultiple: 1,
      packLabel: null,
      unitsPerPack: null,
    });
  });

  it("never shows the cost price to guests or customers, only to admins", async () => {
    const guest = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products")));
    expect(guest.length).toBeGreaterThan(0);
    expect(guest.some((p: object) => "costPrice" in p)).toBe(false);
    const buyerCookie = await signIn("buyer@example.com", { via: "api" });
    const customer = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products", { cookie: buyerCookie })));
    expect(customer.some((p: object) => "costPrice" in p)).toBe(false);
    const adminCookie = await signIn("admin@example.com", { via: "api" });
    const admin = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products?q=bleach", { cookie: adminCookie })));
    expect(admin[0].costPrice).toBe("1.79");
  });

  it("filters, sorts and pages with the same parameters as the pages", async () => {
    const response = await callRoute(
      apiProducts.loader,
      buildRequest(`/api/products?categoryId=${bulkId}&sort=price-desc&page=2&pageSize=10`),
    );
    expect(response.headers.get("X-Total-Count")).toBe("30");
    expect(response.headers.get("X-Page-Count")).toBe("3");
    const body = await readJson(response);
    expect(body.map((p: { salesPrice: string }) => p.salesPrice)).toEqual(
      ["20.00", "19.00", "18.00", "17.00", "16.00", "15.00", "14.00", "13.00", "12.00", "11.00"],
    );
    const filtered = await readJson(
      await callRoute(apiProducts.loader, buildRequest("/api/products?stock=out-of-stock&vat=20&min=5&max=10")),
    );
    expect(filtered.map((p: { name: string }) => p.name)).toEqual(["Floor Cleaner 100% Concentrate"]);
  });

  it("includes products without a category, with category null", async () => {
    const body = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products?q=widget")));
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ name: "Loose Widget", categoryId: null, category: null });
  });

  it("defaults to 100 a page and never sends more", async () => {
    const many = await callRoute(apiProducts.loader, buildRequest("/api/products?pageSize=5000"));
    expect(many.headers.get("X-Page-Size")).toBe("100");
    expect(await readJson(many)).toHaveLength(40);
    const two = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/products?pageSize=2")));
    expect(two).toHaveLength(2);
  });

  it("answers 404 for an unknown category and 400 for a malformed categoryId", async () => {
    const unknown = await callRoute(apiProducts.loader, buildRequest("/api/products?category=nope"));
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ message: "Category not found", field: "category" });
    const missing = await callRoute(apiProducts.loader, buildRequest("/api/products?categoryId=99999"));
    expect(missing.status).toBe(404);
    const bad = await callRoute(apiProducts.loader, buildRequest("/api/products?categoryId=abc"));
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).field).toBe("categoryId");
  });
});

describe("home loader with more categories than a page shows", () => {
  it("pages the sections 12 at a time with plain ?page= links, and counts matches over every page", async () => {
    for (let i = 1; i <= 12; i++) {
      const category = createCategory(`Zone ${String(i).padStart(2, "0")}`, null);
      addProduct(category.id, { name: `Zone Bleach ${i}`, salesPrice: 100 + i, stockLevel: 5 });
    }
    const first = await readJson(await callRoute(homePage.loader, buildRequest("/")));
    expect(first).toMatchObject({ page: 1, pageCount: 2, sectionCount: 16 });
    expect(first.sections).toHaveLength(12);
    // 16 categories: 12 on a page, so three cards each (at most 40 on the page)
    expect(first.sections.find((s: { category: { slug: string } }) => s.category.slug === "bulk-aisle").items).toHaveLength(3);
    const second = await readJson(await callRoute(homePage.loader, buildRequest("/?page=2")));
    expect(second.sections.map((s: { category: { name: string } }) => s.category.name)).toEqual(["Zone 09", "Zone 10", "Zone 11", "Zone 12"]);
    // past the last page: the last page
    expect((await readJson(await callRoute(homePage.loader, buildRequest("/?page=7")))).page).toBe(2);
    // a search matching 13 categories: 12 on the first page, the count covers all 13
    const search = await readJson(await callRoute(homePage.loader, buildRequest("/?q=bleach")));
    expect(search).toMatchObject({ pageCount: 2, sectionCount: 13, matchCount: 13 });
    expect(search.sections).toHaveLength(12);
  });
});
