import { beforeAll, describe, expect, it } from "vitest";
import {
  customerPricing,
  orderItems,
  orders,
  priceTiers,
  products,
  productVariants,
  volumeDiscounts,
  type OrderStatus,
} from "~db/schema";
import * as apiProduct from "~/routes/api.products.$slug";
import * as apiProductById from "~/routes/api.products.id.$id";
import * as apiPricing from "~/routes/api.products.$slug.pricing";
import * as apiRecommendations from "~/routes/api.products.$slug.recommendations";
import * as productPage from "~/routes/products.$slug";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

type ProductInsert = typeof products.$inferInsert;

const db = () => getDb();
const p: Record<string, typeof products.$inferSelect> = {};
const cookies: Record<string, string> = {};
let orderCount = 0;

function product(key: string, values: Omit<ProductInsert, "slug"> & { slug?: string }) {
  p[key] = db()
    .insert(products)
    .values({ slug: values.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), ...values })
    .returning()
    .get();
  return p[key];
}

function order(keys: string[], status: OrderStatus = "delivered") {
  orderCount += 1;
  const row = db()
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(orderCount).padStart(6, "0")}`,
      status,
      subtotal: 0,
      vatAmount: 0,
      total: 0,
      shippingName: "Test",
      shippingEmail: "test@example.com",
      shippingAddress: "1 Road",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 1AA",
    })
    .returning()
    .get();
  for (const key of keys) {
    db()
      .insert(orderItems)
      .values({
        orderId: row.id,
        productId: p[key].id,
        productName: p[key].name,
        quantity: 1,
        unitPrice: p[key].salesPrice,
        vatRate: p[key].vatRate,
        total: p[key].salesPrice,
        vatAmount: 0,
      })
      .run();
  }
}

function getProduct(slug: string, cookie?: string) {
  return callRoute(apiProduct.loader, buildRequest(`/api/products/${slug}`, { cookie }), { slug });
}

function getPricing(id: string | number, quantity: string | null, cookie?: string) {
  const query = quantity === null ? "" : `?quantity=${encodeURIComponent(quantity)}`;
  return callRoute(apiPricing.loader, buildRequest(`/api/products/${id}/pricing${query}`, { cookie }), {
    slug: String(id),
  });
}

function loadPage(slug: string, cookie?: string) {
  return callRoute(productPage.loader, buildRequest(`/products/${slug}`, { cookie }), { slug });
}

beforeAll(async () => {
  const silver = db().insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get();
  const workwear = createCategory("Workwear", "Clothing and PPE");
  const cleaning = createCategory("Cleaning");

  product("vest", {
    name: "Hi-Vis Vest",
    sku: "HIVIS-VEST",
    description: "Class 2 waistcoat",
    costPrice: 145,
    salesPrice: 249,
    vatRate: 2000,
    categoryId: workwear.id,
    stockLevel: 240,
    lowStockThreshold: 10,
  });
  db()
    .insert(productVariants)
    .values([
      { productId: p.vest.id, name: "Size", options: ["S", "M", "L"], position: 0 },
      { productId: p.vest.id, name: "Colour", options: ["Yellow", "Orange"], position: 1 },
    ])
    .run();
  db()
    .insert(volumeDiscounts)
    .values([
      { productId: p.vest.id, minQuantity: 50, discountPercentage: 1000 },
      { productId: p.vest.id, minQuantity: 10, discountPercentage: 500 },
    ])
    .run();

  product("gloves", { name: "Nitrile Gloves", salesPrice: 549, costPrice: 349, categoryId: workwear.id, stockLevel: 180 });
  db().insert(volumeDiscounts).values({ productId: p.gloves.id, minQuantity: 10, discountPercentage: 500 }).run();
  product("boots", { name: "Safety Boots", salesPrice: 3499, categoryId: workwear.id, stockLevel: 3, lowStockThreshold: 5 });
  product("apron", { name: "Bib Apron", salesPrice: 549, categoryId: workwear.id, stockLevel: 85 });
  product("polo", { name: "Work Polo", salesPrice: 899, categoryId: workwear.id, stockLevel: 120 });
  product("jacket", { name: "Chef Jacket", salesPrice: 1499, categoryId: workwear.id, stockLevel: 36 });
  product("bleach", { name: "Thick Bleach", salesPrice: 299, vatRate: 2000, categoryId: cleaning.id, stockLevel: 150 });
  product("coal", { name: "Smokeless Coal", salesPrice: 1599, vatRate: 500, stockLevel: 0 });

  await createUser({ email: "buyer@example.com", priceTierId: silver.id });
  const buyer2 = await createUser({ email: "buyer2@example.com", priceTierId: silver.id });
  await createUser({ email: "pending@example.com", priceTierId: silver.id, approvedAt: null });
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "supplier@example.com", role: "supplier" });
  db().insert(customerPricing).values({ companyId: companyIdOf(buyer2.id), productId: p.gloves.id, customPrice: 300 }).run();

  order(["vest", "gloves", "bleach"]);
  order(["vest", "gloves"]);
  order(["vest", "bleach"], "processing");
  order(["vest", "bleach"], "pending");
  order(["vest", "boots"]);
  order(["vest", "coal", "coal"]);
  order(["vest", "apron"], "cancelled");
  order(["vest", "apron"], "cancelled");
  order(["vest", "apron"], "cancelled");

  for (const email of ["buyer", "buyer2", "pending", "admin", "supplier"]) {
    cookies[email] = await signIn(`${email}@example.com`, { via: "api" });
  }
});

describe("GET /api/products/{slug}", () => {
  it("answers the product with its category and variants, money and rates as 2-decimal strings", async () => {
    const response = await getProduct("hi-vis-vest");
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toEqual({
      id: p.vest.id,
      name: "Hi-Vis Vest",
      slug: "hi-vis-vest",
      sku: "HIVIS-VEST",
      description: "Class 2 waistcoat",
      imageUrl: null,
      categoryId: p.vest.categoryId,
      category: { id: p.vest.categoryId, name: "Workwear", slug: "workwear" },
      salesPrice: "2.49",
      vatRate: "20.00",
      stockLevel: 240,
      lowStockThreshold: 10,
      variants: [
        { id: expect.any(Number), name: "Size", options: ["S", "M", "L"] },
        { id: expect.any(Number), name: "Colour", options: ["Yellow", "Orange"] },
      ],
      minOrderQuantity: 1,
      orderMultiple: 1,
      packLabel: null,
      unitsPerPack: null,
    });
    expect(body).not.toHaveProperty("costPrice");
  });

  it("keeps the cost price from customers and shows it to admins", async () => {
    expect(await readJson(await getProduct("hi-vis-vest", cookies.buyer))).not.toHaveProperty("costPrice");
    expect(await readJson(await getProduct("hi-vis-vest", cookies.supplier))).not.toHaveProperty("costPrice");
    expect((await readJson(await getProduct("hi-vis-vest", cookies.admin))).costPrice).toBe("1.45");
  });

  it("gives a product without a category a null category and a 5% rate as 5.00", async () => {
    const body = await readJson(await getProduct("smokeless-coal"));
    expect(body).toMatchObject({ categoryId: null, category: null, vatRate: "5.00", salesPrice: "15.99", stockLevel: 0, variants: [] });
  });

  it("answers 404 with a message for an unknown slug", async () => {
    const response = await getProduct("no-such-thing");
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ message: "Product not found" });
  });
});

describe("GET /api/products/id/{id}", () => {
  it("answers the short form with the list price and VAT rate as strings", async () => {
    const response = await callRoute(
      apiProductById.loader,
      buildRequest(`/api/products/id/${p.coal.id}`),
      { id: String(p.coal.id) },
    );
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      id: p.coal.id,
      name: "Smokeless Coal",
      slug: "smokeless-coal",
      sku: null,
      imageUrl: null,
      price: "15.99",
      vatRate: "5.00",
      minOrderQuantity: 1,
      orderMultiple: 1,
      packLabel: null,
      unitsPerPack: null,
    });
  });

  it.each(["999999", "abc", "0", "-1", "1.5"])("answers 404 for id %j", async (id) => {
    const response = await callRoute(apiProductById.loader, buildRequest(`/api/products/id/${id}`), { id });
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ message: "Product not found" });
  });
});

describe("GET /api/products/{id}/pricing", () => {
  it("answers 401 when signed out", async () => {
    const response = await getPricing(p.vest.id, "1");
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: "Unauthorized" });
  });

  it("answers 403 to a customer awaiting approval, saying so", async () => {
    const response = await getPricing(p.vest.id, "1", cookies.pending);
    expect(response.status).toBe(403);
    expect((await readJson(response)).message).toMatch(/awaiting approval/);
  });

  it("answers 403 to admins and suppliers", async () => {
    for (const who of ["admin", "supplier"]) {
      const response = await getPricing(p.vest.id, "1", cookies[who]);
      expect(response.status, who).toBe(403);
      expect((await readJson(response)).message).toBe("Trade pricing is only available to approved customer accounts.");
    }
  });

  it("answers 404 for an unknown product", async () => {
    for (const id of ["999999", "abc"]) {
      const response = await getPricing(id, "1", cookies.buyer);
      expect(response.status, id).toBe(404);
      expect(await readJson(response)).toEqual({ message: "Product not found" });
    }
  });

  it.each(["0", "-2", "2.5", "ten", "1e2"])("answers 400 on the quantity field for %j", async (quantity) => {
    const response = await getPricing(p.vest.id, quantity, cookies.buyer);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: "Quantity must be a positive whole number", field: "quantity" });
  });

  it("gives an approved customer their tier price as 2-decimal strings", async () => {
    const response = await getPricing(p.vest.id, "1", cookies.buyer);
    expect(response.status).toBe(200);
    // 2.49 less 10% = 2.241 → 2.24
    expect(await readJson(response)).toEqual({
      finalPrice: "2.24",
      customPrice: null,
      tierDiscount: "10.00",
      volumeDiscount: "0.00",
    });
    expect(await readJson(await getPricing(p.vest.id, null, cookies.buyer))).toMatchObject({ finalPrice: "2.24" });
  });

  it("applies a volume step once the quantity reaches it", async () => {
    const at = async (quantity: string) => readJson(await getPricing(p.vest.id, quantity, cookies.buyer));
    expect(await at("9")).toMatchObject({ finalPrice: "2.24", volumeDiscount: "0.00" });
    // 2.49 × 0.9 × 0.95 = 2.12895 → 2.13
    expect(await at("10")).toEqual({ finalPrice: "2.13", customPrice: null, tierDiscount: "10.00", volumeDiscount: "5.00" });
    expect(await at("49")).toMatchObject({ finalPrice: "2.13", volumeDiscount: "5.00" });
    // 2.49 × 0.9 × 0.9 = 2.0169 → 2.02
    expect(await at("50")).toMatchObject({ finalPrice: "2.02", volumeDiscount: "10.00" });
  });

  it("lets a customer price win over tier and volume discounts", async () => {
    for (const quantity of ["1", "10", "500"]) {
      const body = await readJson(await getPricing(p.gloves.id, quantity, cookies.buyer2));
      expect(body, quantity).toEqual({ finalPrice: "3.00", customPrice: "3.00", tierDiscount: "0.00", volumeDiscount: "0.00" });
    }
    // another customer on the same tier has no such price
    expect(await readJson(await getPricing(p.gloves.id, "10", cookies.buyer))).toEqual({
      finalPrice: "4.69",
      customPrice: null,
      tierDiscount: "10.00",
      volumeDiscount: "5.00",
    });
  });
});

describe("GET /api/products/{id}/recommendations", () => {
  it("is public and ranks products bought in the same orders, cancelled orders left out", async () => {
    const response = await callRoute(
      apiRecommendations.loader,
      buildRequest(`/api/products/${p.vest.id}/recommendations`),
      { slug: String(p.vest.id) },
    );
    expect(response.status).toBe(200);
    // bleach: 3 orders (pending and processing count); gloves 2; boots and coal 1 each (coal twice in one
    // order counts once), tied and so by id; apron only in cancelled orders
    expect(await readJson(response)).toEqual([
      { productId: p.bleach.id, frequency: 3 },
      { productId: p.gloves.id, frequency: 2 },
      { productId: p.boots.id, frequency: 1 },
      { productId: p.coal.id, frequency: 1 },
    ]);
  });

  it("answers 404 for an unknown product", async () => {
    for (const id of ["999999", "abc"]) {
      const response = await callRoute(
        apiRecommendations.loader,
        buildRequest(`/api/products/${id}/recommendations`),
        { slug: id },
      );
      expect(response.status, id).toBe(404);
      expect(await readJson(response)).toEqual({ message: "Product not found" });
    }
  });
});

describe("methods", () => {
  it("answers 405 to anything but GET on the product calls", async () => {
    for (const route of [apiProduct, apiProductById, apiPricing, apiRecommendations]) {
      const response = await callRoute(route.action, buildRequest("/api/products/x", { json: {} }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET");
    }
  });
});

describe("/products/{slug} loader", () => {
  it("answers 404 for an unknown slug", async () => {
    const response = await loadPage("no-such-thing");
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ message: "Product Not Found" });
  });

  it("shows a guest list prices, the list-price volume steps and the related products", async () => {
    const response = await loadPage("hi-vis-vest");
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.product).toMatchObject({ id: p.vest.id, name: "Hi-Vis Vest", salesPrice: 249, vatRate: 2000 });
    expect(data.product).not.toHaveProperty("costPrice");
    expect(data.product.variants.map((v: { name: string }) => v.name)).toEqual(["Size", "Colour"]);
    expect(data.pricing).toEqual({
      audience: "guest",
      price: null,
      tierDiscount: 0,
      steps: [
        { minQuantity: 10, discountPercentage: 500, unitPrice: 237 },
        { minQuantity: 50, discountPercentage: 1000, unitPrice: 224 },
      ],
    });
    expect(data.frequentlyBoughtTogether.map((c: { product: { id: number } }) => c.product.id)).toEqual([
      p.bleach.id,
      p.gloves.id,
      p.boots.id,
      p.coal.id,
    ]);
    expect(data.frequentlyBoughtTogether.every((c: { price: unknown }) => c.price === null)).toBe(true);
    // up to 4 others from Workwear, by name, never the product itself
    expect(data.moreFromCategory.map((c: { product: { name: string } }) => c.product.name)).toEqual([
      "Bib Apron",
      "Chef Jacket",
      "Nitrile Gloves",
      "Safety Boots",
    ]);
  });

  it("gives an approved customer their price, their volume steps and priced cards", async () => {
    const data = await readJson(await loadPage("hi-vis-vest", cookies.buyer));
    expect(data.pricing).toEqual({
      audience: "customer",
      price: { finalPrice: 224, customPrice: null, tierDiscount: 1000, volumeDiscount: 0 },
      tierDiscount: 1000,
      steps: [
        { minQuantity: 10, discountPercentage: 500, unitPrice: 213 },
        { minQuantity: 50, discountPercentage: 1000, unitPrice: 202 },
      ],
    });
    const gloves = data.moreFromCategory.find((c: { product: { id: number } }) => c.product.id === p.gloves.id);
    expect(gloves.price).toEqual({ finalPrice: 494, customPrice: null, tierDiscount: 1000, volumeDiscount: 0 });
  });

  it("shows a customer's own price and no volume steps when a customer price applies", async () => {
    const data = await readJson(await loadPage("nitrile-gloves", cookies.buyer2));
    expect(data.pricing).toEqual({
      audience: "customer",
      price: { finalPrice: 300, customPrice: 300, tierDiscount: 0, volumeDiscount: 0 },
      tierDiscount: 1000,
      steps: [],
    });
  });

  it("keeps a customer awaiting approval on list prices", async () => {
    const data = await readJson(await loadPage("hi-vis-vest", cookies.pending));
    expect(data.pricing).toMatchObject({ audience: "pending", price: null, tierDiscount: 0 });
    expect(data.pricing.steps).toHaveLength(2);
    expect(data.moreFromCategory.every((c: { price: unknown }) => c.price === null)).toBe(true);
  });

  it("shows a product without a category with no related category section", async () => {
    const data = await readJson(await loadPage("smokeless-coal"));
    expect(data.product).toMatchObject({ category: null, stockLevel: 0 });
    expect(data.moreFromCategory).toEqual([]);
    expect(data.frequentlyBoughtTogether.map((c: { product: { id: number } }) => c.product.id)).toEqual([p.vest.id]);
  });
});
