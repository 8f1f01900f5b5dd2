import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~db/schema";
import * as productsPage from "~/routes/admin.products/route";
import { adminProductsHref, PRODUCT_INTENTS, type AdminProductsQuery } from "~/domain/catalog/product.schema";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

/**
 * The /admin/products list's search, category, stock and sort parameters, through the page's loader (and
 * its action's redirects), against a small catalogue whose every order and stock state is known.
 */

let adminCookie: string;
let cleaningId: number;
let cateringId: number;

type Row = { name: string; stockLevel: number; salesPrice: number; category: { name: string } | null };
type ListData = {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  catalogueSize: number;
  query: AdminProductsQuery;
  categories: { id: number; name: string }[];
};

async function list(search: string): Promise<ListData> {
  const response = await callRoute(productsPage.loader, buildRequest(`/admin/products${search}`, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

const names = (data: ListData) => data.rows.map((row) => row.name);

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  adminCookie = await signIn("admin@example.com", { via: "api" });

  cleaningId = createCategory("Cleaning & Hygiene").id;
  cateringId = createCategory("Catering Disposables").id;
  const cleaning = [
    // name, price (pence), stock, low-stock threshold: in stock above the product's own threshold
    ["Bleach 5L", 300, 50, 10], // in stock
    ["ammonia spray", 450, 5, 10], // low (lower case: names sort without regard to case)
    ["Degreaser", 120, 0, 10], // out of stock
    ["Cloths", 450, 12, 20], // low by its own threshold; same price as the spray
    ["Mop Head", 999, 21, 20], // in stock, just above its threshold
  ] as const;
  getDb()
    .insert(products)
    .values(
      cleaning.map(([name, salesPrice, stockLevel, lowStockThreshold]) => ({
        name,
        slug: name.toLowerCase().replace(/\s+/g, "-"),
        salesPrice,
        stockLevel,
        lowStockThreshold,
        categoryId: cleaningId,
      })),
    )
    .run();
  getDb()
    .insert(products)
    .values([
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `Paper Cup ${String(i).padStart(2, "0")}`,
        slug: `paper-cup-${i}`,
        salesPrice: 100 + i,
        stockLevel: 100,
        lowStockThreshold: 10,
        categoryId: cateringId,
      })),
      { name: "Paper Plate", slug: "paper-plate", salesPrice: 500, stockLevel: 0, categoryId: cateringId },
      { name: "Loose Twine", slug: "loose-twine", salesPrice: 250, stockLevel: 2, lowStockThreshold: 2, categoryId: null },
    ])
    .run();
});

describe("sort", () => {
  const cases: [string, string[]][] = [
    ["name-asc", ["ammonia spray", "Bleach 5L", "Cloths", "Degreaser", "Mop Head"]],
    ["name-desc", ["Mop Head", "Degreaser", "Cloths", "Bleach 5L", "ammonia spray"]],
    // equal prices fall back to the name
    ["price-asc", ["Degreaser", "Bleach 5L", "ammonia spray", "Cloths", "Mop Head"]],
    ["price-desc", ["Mop Head", "ammonia spray", "Cloths", "Bleach 5L", "Degreaser"]],
    ["stock-desc", ["Bleach 5L", "Mop Head", "Cloths", "ammonia spray", "Degreaser"]],
    ["stock-asc", ["Degreaser", "ammonia spray", "Cloths", "Mop Head", "Bleach 5L"]],
  ];
  for (const [sort, expected] of cases) {
    it(`${sort} orders the list`, async () => {
      const data = await list(`?category=${cleaningId}&sort=${sort}`);
      expect(names(data)).toEqual(expected);
      expect(data.query.sort).toBe(sort);
    });
  }

  it("without a sort the list is by name", async () => {
    const data = await list(`?category=${cleaningId}`);
    expect(data.query.sort).toBe("name-asc");
    expect(names(data)).toEqual(cases[0][1]);
  });
});

describe("stock filter", () => {
  it("in-stock, low-stock and out-of-stock follow each product's own threshold", async () => {
    expect(names(await list(`?category=${cleaningId}&stock=in-stock`))).toEqual(["Bleach 5L", "Mop Head"]);
    expect(names(await list(`?category=${cleaningId}&stock=low-stock`))).toEqual(["ammonia spray", "Cloths"]);
    expect(names(await list(`?category=${cleaningId}&stock=out-of-stock`))).toEqual(["Degreaser"]);
    expect(names(await list(`?category=${cleaningId}&stock=all`))).toHaveLength(5);
  });

  it("across every category", async () => {
    const out = await list("?stock=out-of-stock");
    expect(names(out)).toEqual(["Degreaser", "Paper Plate"]);
    expect(out.rows.every((row) => row.stockLevel === 0)).toBe(true);
    const low = await list("?stock=low-stock&sort=stock-asc");
    expect(names(low)).toEqual(["Loose Twine", "ammonia spray", "Cloths"]);
  });
});

describe("category filter", () => {
  it("shows one category's products, or those without a category", async () => {
    const catering = await list(`?category=${cateringId}`);
    expect(catering.total).toBe(31);
    expect(catering.rows.every((row) => row.category?.name === "Catering Disposables")).toBe(true);
    const none = await list("?category=none");
    expect(names(none)).toEqual(["Loose Twine"]);
    expect(none.rows[0].category).toBeNull();
    expect(none.query.category).toBe("none");
  });

  it("offers every category to filter by", async () => {
    const data = await list("");
    expect(data.categories.map((category) => category.name)).toEqual(["Catering Disposables", "Cleaning & Hygiene"]);
  });

  it("combines with the search, the stock filter and the sort", async () => {
    const data = await list(`?q=cup&category=${cateringId}&stock=in-stock&sort=price-desc`);
    expect(data.total).toBe(30);
    expect(data.rows[0].name).toBe("Paper Cup 29");
    // the search alone would also find nothing in the other category
    expect((await list(`?q=cup&category=${cleaningId}`)).total).toBe(0);
  });
});

describe("paging keeps the filters", () => {
  it("page 2 continues the same filtered, sorted list", async () => {
    const first = await list(`?category=${cateringId}&stock=in-stock&sort=price-desc`);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0].name).toBe("Paper Cup 29");
    expect(first.rows[24].name).toBe("Paper Cup 05");
    // the page links are built from the loader's query: they carry every filter
    const next = adminProductsHref({ ...first.query, page: 2 });
    expect(next).toBe(`/admin/products?category=${cateringId}&stock=in-stock&sort=price-desc&page=2`);
    const second = await list(next.slice("/admin/products".length));
    expect(names(second)).toEqual(["Paper Cup 04", "Paper Cup 03", "Paper Cup 02", "Paper Cup 01", "Paper Cup 00"]);
    expect(second.page).toBe(2);
  });

  it("says how big the whole catalogue is while a filter narrows the list", async () => {
    const data = await list("?stock=out-of-stock");
    expect(data.total).toBe(2);
    expect(data.catalogueSize).toBe(37);
  });

  it("an action's redirect goes back to the same filtered page", async () => {
    // the cheapest in-stock catering product, so the last row of page 2 when sorted by price, highest first
    const target = getDb()
      .insert(products)
      .values({ name: "Paper Straw", slug: "paper-straw", salesPrice: 50, stockLevel: 40, categoryId: cateringId })
      .returning()
      .get();
    const at = `/admin/products?category=${cateringId}&stock=in-stock&sort=price-desc&page=2`;
    expect(names(await list(at.slice("/admin/products".length))).at(-1)).toBe("Paper Straw");
    const response = await callRoute(
      productsPage.action,
      buildRequest(at, {
        form: { intent: PRODUCT_INTENTS.delete, id: target.id, idempotencyKey: crypto.randomUUID() },
        cookie: adminCookie,
      }),
    );
    expect(redirectLocation(response)).toBe(at);
    expect(getDb().select().from(products).where(eq(products.id, target.id)).get()).toBeUndefined();
    expect(names(await list(at.slice("/admin/products".length)))).toEqual([
      "Paper Cup 04",
      "Paper Cup 03",
      "Paper Cup 02",
      "Paper Cup 01",
      "Paper Cup 00",
    ]);
  });
});

describe("values that cannot be read fall back to the defaults", () => {
  it("nonsense sort, stock, category and page show the whole list by name", async () => {
    const data = await list("?sort=cheapest&stock=plenty&category=cleaning&page=-3");
    expect(data.query).toMatchObject({ sort: "name-asc", stock: "all", category: null, page: 1 });
    expect(data.total).toBe(37);
    expect(data.rows[0].name).toBe("ammonia spray");
  });

  it("a category that does not exist means every category", async () => {
    for (const category of ["999999", "0", "1e3", "-1", "99999999999999999999"]) {
      const data = await list(`?category=${category}`);
      expect(data.query.category).toBeNull();
      expect(data.total).toBe(37);
    }
  });

  it("repeated and upper-case values do not fail either", async () => {
    const data = await list(`?sort=PRICE-ASC&sort=price-desc&stock=Low-Stock&category=${cleaningId}&category=x`);
    expect(data.query).toMatchObject({ sort: "name-asc", stock: "all", category: cleaningId });
    expect(names(data)).toEqual(["ammonia spray", "Bleach 5L", "Cloths", "Degreaser", "Mop Head"]);
  });
});
