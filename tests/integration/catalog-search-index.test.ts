/**
 * Catalogue search goes through the trigram index products_search (migration 0010). It must find exactly
 * what reading every product found (every word, anywhere in the name, description, code or category name,
 * ASCII case ignored), and stay current however a product is written: the back office's form and API,
 * CSV imports, deletes.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~db/schema";
import { DEFAULT_FILTERS } from "~/domain/catalog/catalog.schema";
import { catalogFacets, listCategorySections, listProducts } from "~/domain/catalog/catalog.server";
import * as productsPage from "~/routes/admin.products/route";
import * as apiProducts from "~/routes/api.admin.products";
import * as apiProduct from "~/routes/api.admin.products.$id";
import * as apiImport from "~/routes/api.admin.products.import";
import * as apiCatalogue from "~/routes/api.products";
import * as homePage from "~/routes/_index";
import { getDb } from "~/utils/db.server";
import { integrityProblems } from "../support/invariants";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let adminCookie: string;

const CATALOGUE: { category: string; name: string; sku?: string; description?: string }[] = [
  { category: "Cleaning & Hygiene", name: "Thick Bleach 5L", sku: "BLEACH-THICK-5L", description: "Kills 99.9% of germs." },
  { category: "Cleaning & Hygiene", name: "Hand_Soap Refill", sku: "SOAP_REFILL", description: "Mild liquid soap, 5 x 1L." },
  { category: "Cleaning & Hygiene", name: "Floor Cleaner 100% Concentrate", description: 'Low-foam "neutral" cleaner.' },
  { category: "Catering Food", name: "Plain Flour 16kg Sack", sku: "FLOUR-PLAIN-16", description: "Soft wheat flour for baking." },
  { category: "Catering Food", name: "Crème Fraîche 2L", sku: "CREME-2L", description: "Café-grade, 30% fat." },
  { category: "Catering Food", name: "Catering Tea Bags", description: null as unknown as string },
  { category: "Hot Drinks", name: "ÉCLAIR Coffee Pods", sku: "ECL-POD", description: "Espresso pods, café crème." },
  { category: "Hot Drinks", name: "Hot Chocolate Powder", sku: "HOT-CHOC-1KG" },
  { category: "Tools", name: "Drill Bit Set (HSS)", sku: "DRILL-HSS-19", description: "19 bits, 1–10 mm; o'clock case." },
  { category: "Tools", name: "Floor Scraper", sku: "SCRAPE-FL" },
];

/** What search matched before the index: LIKE '%word%' on each field, ASCII letters in any case. */
function asciiLower(text: string) {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
function reference(q: string): string[] {
  const words = q.split(" ").filter(Boolean);
  const rows = db()
    .select({ name: products.name, sku: products.sku, description: products.description, category: categories.name })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .all();
  return rows
    .filter((row) =>
      words.every((word) =>
        [row.name, row.sku, row.description, row.category].some((field) => field !== null && asciiLower(field).includes(asciiLower(word))),
      ),
    )
    .map((row) => row.name)
    .sort();
}
function found(q: string): string[] {
  return listProducts(db(), { filters: { ...DEFAULT_FILTERS, q }, page: 1, pageSize: 1000 })
    .items.map((row) => row.name)
    .sort();
}

/** Imports simple CSV rows (after their header) through the import API; its answer. */
async function importCsv(rows: string[]) {
  const csv = ["Slug,Name,SKU,Description,SalesPrice", ...rows].join("\r\n");
  const form = new FormData();
  form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
  return readJson(await callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form, cookie: adminCookie })));
}

/** Each search and the products it must find (none: []); then the index checked against the products. */
function expectSearches(expected: Record<string, string[]>) {
  for (const [q, names] of Object.entries(expected)) expect(found(q), q).toEqual(names);
  expect(indexProblems()).toEqual([]);
}

/** The index checked against the products it indexes (FTS5's own check); throws when they differ. */
function indexProblems() {
  return integrityProblems(db().$client);
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  const categoryIds = new Map<string, number>();
  for (const item of CATALOGUE) {
    if (!categoryIds.has(item.category)) categoryIds.set(item.category, createCategory(item.category).id);
    createProduct({ name: item.name, sku: item.sku ?? null, description: item.description ?? null, salesPrice: 500, categoryId: categoryIds.get(item.category)! });
  }
});

describe("search through the index finds what reading every product found", () => {
  const queries = [
    // whole and partial words, any case
    "bleach", "BLEACH", "leac", "flour", "FlOuR", "plain flour", "flour plain", "tea", "cater", "powder",
    // codes, whole and partial
    "BLEACH-THICK-5L", "thick-5l", "HSS-19", "pod", "choc-1kg",
    // category names, and words split between a product and its category
    "hygiene", "drinks", "tools floor", "catering flour", "hygiene soap",
    // short words the index cannot look up (fewer than three characters)
    "5L", "l", "x", "1", "fl", "5l bleach", "tea bags x",
    // characters LIKE treats specially, quotes and punctuation
    "100%", "%", "_", "soap_", "5 x", '"neutral"', '"', "o'clock", "(hss)", "1–10", "99.9%",
    // beyond ASCII: LIKE matches these letters in the case typed only
    "crème", "CRÈME", "café", "CAFÉ", "éclair", "Éclair", "fraîche",
    // nothing
    "zzzz", "bleach zzzz",
  ];
  for (const q of queries) {
    it(`"${q}"`, () => {
      expect(found(q)).toEqual(reference(q));
    });
  }

  it("finds a product by a code or a part of its name, ignoring case", () => {
    expect(found("hss-19")).toEqual(["Drill Bit Set (HSS)"]);
    expect(found("lain fl")).toEqual(["Plain Flour 16kg Sack"]);
    expect(found("floor")).toEqual(["Floor Cleaner 100% Concentrate", "Floor Scraper"]);
  });

  it("the home page's sections and the filter bar follow the same matches", () => {
    const sections = listCategorySections(db(), { filters: { ...DEFAULT_FILTERS, q: "floor" }, perSection: 8 });
    const names = [...sections.values()].flatMap((section) => section.items.map((row) => row.name));
    expect(names.sort()).toEqual(["Floor Cleaner 100% Concentrate", "Floor Scraper"]);
    expect([...sections.values()].map((section) => section.total)).toEqual([1, 1]);
    expect(catalogFacets(db(), { q: "floor" })).toMatchObject({ priceMin: 5, priceMax: 5 });
  });

  it("both doors answer a search the same: the home page and GET /api/products", async () => {
    const page = await readJson(await callRoute(homePage.loader, buildRequest("/?q=pods")));
    expect(page.sections.flatMap((s: { items: { product: { name: string } }[] }) => s.items.map((i) => i.product.name))).toEqual([
      "ÉCLAIR Coffee Pods",
    ]);
    const api = await readJson(await callRoute(apiCatalogue.loader, buildRequest("/api/products?q=pods")));
    expect(api.map((p: { name: string }) => p.name)).toEqual(["ÉCLAIR Coffee Pods"]);
  });
});

describe("the index stays current", () => {
  const adminApi = (handler: typeof apiProducts.action, path: string, method: string, body?: unknown, params = {}) =>
    callRoute(handler, buildRequest(path, { method, json: body, cookie: adminCookie }), params);
  const slugOf = (name: string) => db().select().from(products).where(eq(products.name, name)).get()!;

  it("a product added through the API is found at once", async () => {
    const response = await adminApi(apiProducts.action, "/api/admin/products", "POST", {
      name: "Degreaser Spray 750ml",
      sku: "DEGR-750",
      description: "Cuts through kitchen grease.",
      salesPrice: "3.20",
    });
    expect(response.status).toBe(201);
    expectSearches({
      "degreaser": ["Degreaser Spray 750ml"],
      "kitchen grease": ["Degreaser Spray 750ml"],
      "degr-7": ["Degreaser Spray 750ml"],
    });
  });

  it("renaming, re-describing and re-coding through the API: the new words find it, the old ones no longer do", async () => {
    const product = slugOf("Degreaser Spray 750ml");
    const response = await adminApi(
      apiProduct.action,
      `/api/admin/products/${product.id}`,
      "PATCH",
      { name: "Oven Cleaner Gel 1L", sku: "OVEN-GEL-1L", description: "Thick gel for baked-on carbon." },
      { id: String(product.id) },
    );
    expect(response.status).toBe(200);
    expectSearches({
      "degreaser": [],
      "kitchen": [],
      "DEGR": [],
      "oven gel": ["Oven Cleaner Gel 1L"],
      "carbon": ["Oven Cleaner Gel 1L"],
      "oven-gel-1l": ["Oven Cleaner Gel 1L"],
    });
  });

  it("an edit from the back-office form is found by its new name", async () => {
    const product = slugOf("Oven Cleaner Gel 1L");
    const response = await callRoute(
      productsPage.action,
      buildRequest(`/admin/products?edit=${product.id}`, {
        cookie: adminCookie,
        form: {
          idempotencyKey: crypto.randomUUID(),
          intent: "update-product",
          productId: String(product.id),
          name: "Heavy Oven Cleaner Gel 1L",
          slug: product.slug,
          description: "For ranges and grills.",
          categoryId: "",
          costPrice: "1.00",
          salesPrice: "3.20",
          vatRateChoice: "20",
          vatRateCustom: "",
          stockLevel: "5",
          lowStockThreshold: "2",
          imageUrl: "",
          supplierId: "",
        },
      }),
    );
    expect(response.status).toBe(302);
    expectSearches({
      "heavy oven": ["Heavy Oven Cleaner Gel 1L"],
      "grills": ["Heavy Oven Cleaner Gel 1L"],
      "carbon": [],
    });
  });

  it("a stock or price change leaves the index as it was and the product still found", async () => {
    const product = slugOf("Heavy Oven Cleaner Gel 1L");
    db().update(products).set({ stockLevel: 77, salesPrice: 999 }).where(eq(products.id, product.id)).run();
    // an edit that sends the text as it was, with a new price
    const resend = await adminApi(
      apiProduct.action,
      `/api/admin/products/${product.id}`,
      "PATCH",
      { name: product.name, description: product.description, salesPrice: "4.10" },
      { id: String(product.id) },
    );
    expect(resend.status).toBe(200);
    expectSearches({
      "grills": ["Heavy Oven Cleaner Gel 1L"],
    });
  });

  it("products created and updated by a CSV import are found by their imported words", async () => {
    const outcome = await importCsv([
      "paper-towels,Paper Towels,PT-2PLY,Two-ply centrefeed rolls,2.50",
      `${slugOf("Floor Scraper").slug},Long Handle Floor Scraper,SCRAPE-FL,Tempered blade,9.99`,
    ]);
    expect(outcome).toMatchObject({ created: 1, updated: 1, errors: [] });
    expectSearches({
      "centrefeed": ["Paper Towels"],
      "pt-2p": ["Paper Towels"],
      "long handle": ["Long Handle Floor Scraper"],
      "tempered": ["Long Handle Floor Scraper"],
    });
  });

  it("renaming, re-describing and re-coding through a CSV import: the new words find it, the old ones no longer do", async () => {
    const scraper = slugOf("Long Handle Floor Scraper");
    const outcome = await importCsv([
      `${scraper.slug},Window Squeegee 45cm,SQG-45,Rubber wiper blade,9.99`,
      // a new product in the same batch, indexed by the same statement
      "mop-bucket,Mop Bucket 20L,MOP-20,Wringer included,12.00",
    ]);
    expect(outcome).toMatchObject({ created: 1, updated: 1, errors: [] });
    expectSearches({
      "long handle": [],
      "tempered": [],
      "scrape-fl": [],
      "squeegee": ["Window Squeegee 45cm"],
      "wiper": ["Window Squeegee 45cm"],
      "sqg-45": ["Window Squeegee 45cm"],
      "wringer": ["Mop Bucket 20L"],
    });
    expect(db().$client.prepare("select count(*) from search_index_deferrals").pluck().get()).toBe(0);
  });

  it("a deleted product is no longer found", async () => {
    const product = slugOf("Paper Towels");
    const response = await adminApi(apiProduct.action, `/api/admin/products/${product.id}`, "DELETE", undefined, { id: String(product.id) });
    expect(response.status).toBeLessThan(300);
    expectSearches({
      "centrefeed": [],
    });
  });

  it("after all of it, every query still agrees with reading every product", () => {
    const names = db().select({ name: products.name }).from(products).orderBy(asc(products.id)).all();
    for (const { name } of names) {
      for (const word of name.split(" ")) expect(found(word)).toEqual(reference(word));
    }
  });
});
