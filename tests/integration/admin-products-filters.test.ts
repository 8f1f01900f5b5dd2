import { beforeAll, describe, expect, it } from "vitest";
import * as productsPage from "~/routes/admin.products/route";
import * as productsApi from "~/routes/api.admin.products";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

/**
 * The /admin/products list's VAT rate, price range and search over descriptions, through both doors: the
 * page's loader and GET /api/admin/products, with the same parameters.
 */

let adminCookie: string;
let buyerCookie: string;
let cateringId: number;

type PageData = {
  rows: { name: string }[];
  total: number;
  pageCount: number;
  facets: { vatRates: number[]; priceMin: number; priceMax: number };
};

async function page(search: string): Promise<PageData> {
  const response = await callRoute(productsPage.loader, buildRequest(`/admin/products${search}`, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

async function api(search: string, cookie = adminCookie) {
  return callRoute(productsApi.loader, buildRequest(`/api/admin/products${search}`, { cookie }));
}

/** The names each door lists for the same query string: they must agree. */
async function bothDoors(search: string): Promise<string[]> {
  const fromPage = (await page(search)).rows.map((row) => row.name);
  const response = await api(search);
  expect(response.status).toBe(200);
  const fromApi = ((await readJson(response)) as { name: string }[]).map((row) => row.name);
  expect(fromApi).toEqual(fromPage);
  return fromPage;
}

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  cateringId = createCategory("Catering Disposables").id;
  const cleaningId = createCategory("Cleaning").id;
  createProduct({ name: "Bleach 5L", salesPrice: 349, vatRate: 2000, categoryId: cleaningId, description: "Thick chlorine bleach" });
  createProduct({ name: "Hand Soap", salesPrice: 1250, vatRate: 2000, categoryId: cleaningId });
  createProduct({ name: "Sanitary Towels", salesPrice: 420, vatRate: 500, categoryId: null, description: "Reduced rate" });
  createProduct({ name: "Paper Cups", salesPrice: 199, vatRate: 0, categoryId: cateringId, description: "Compostable, for hot drinks" });
  createProduct({ name: "Napkins", salesPrice: 2075, vatRate: 2000, categoryId: cateringId, stockLevel: 0 });
});

describe("VAT rate filter", () => {
  it("lists only the products at that rate, on the page and in the API", async () => {
    expect(await bothDoors("?vat=5")).toEqual(["Sanitary Towels"]);
    expect(await bothDoors("?vat=0")).toEqual(["Paper Cups"]);
    expect(await bothDoors("?vat=20")).toEqual(["Bleach 5L", "Hand Soap", "Napkins"]);
  });

  it("is offered with every rate in view, and not when the products in view share one rate", async () => {
    expect((await page("")).facets.vatRates).toEqual([2000, 500, 0]);
    expect((await page("?category=" + cateringId)).facets.vatRates).toEqual([2000, 0]);
    // Cleaning has only 20% products: no VAT filter to show
    expect((await page("?q=cleaning")).facets.vatRates).toEqual([2000]);
  });
});

describe("price range", () => {
  it("keeps the products whose sales price (ex VAT) is within the bounds, inclusive", async () => {
    expect(await bothDoors("?min=3.49&max=12.50&sort=price-asc")).toEqual(["Bleach 5L", "Sanitary Towels", "Hand Soap"]);
    expect(await bothDoors("?min=12.51")).toEqual(["Napkins"]);
    expect(await bothDoors("?max=1.99")).toEqual(["Paper Cups"]);
  });

  it("a range typed the wrong way round means the same range", async () => {
    expect(await bothDoors("?min=12.50&max=3.49&sort=price-asc")).toEqual(["Bleach 5L", "Sanitary Towels", "Hand Soap"]);
  });

  it("the bounds are the floor of the lowest and the ceiling of the highest price in view, 0 to 100 when none", async () => {
    expect((await page("")).facets).toMatchObject({ priceMin: 1, priceMax: 21 });
    expect((await page("?category=" + cateringId)).facets).toMatchObject({ priceMin: 1, priceMax: 21 });
    expect((await page("?q=bleach")).facets).toMatchObject({ priceMin: 3, priceMax: 4 });
    expect((await page("?q=nothing-like-this")).facets).toMatchObject({ vatRates: [], priceMin: 0, priceMax: 100 });
  });
});

describe("search", () => {
  it("finds words in the description as well as the name, SKU and category name", async () => {
    expect(await bothDoors("?q=compostable")).toEqual(["Paper Cups"]);
    expect(await bothDoors("?q=chlorine")).toEqual(["Bleach 5L"]);
    expect(await bothDoors("?q=catering")).toEqual(["Napkins", "Paper Cups"]);
    expect(await bothDoors("?q=hot+cups")).toEqual(["Paper Cups"]);
  });
});

describe("every filter together", () => {
  it("search, category, stock, VAT, price and sort combine, and the paging links keep them", async () => {
    expect(await bothDoors(`?category=${cateringId}&vat=20&stock=out-of-stock&min=20&max=25`)).toEqual(["Napkins"]);
    expect(await bothDoors("?vat=20&max=15&sort=price-desc")).toEqual(["Hand Soap", "Bleach 5L"]);
    expect(await bothDoors("?category=none&vat=5")).toEqual(["Sanitary Towels"]);
    const data = await page("?vat=20&min=1&max=15&q=soap");
    expect(data.rows.map((row) => row.name)).toEqual(["Hand Soap"]);
    expect(data.total).toBe(1);
  });

  it("a customer gets 403 from the API", async () => {
    expect((await api("?vat=5", buyerCookie)).status).toBe(403);
  });
});
