import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, customerPricing, priceTiers, products, users, volumeDiscounts, companies } from "~db/schema";
import * as root from "~/root";
import * as customerPricingPage from "~/routes/admin.customer-pricing/route";
import * as priceTiersPage from "~/routes/admin.price-tiers";
import * as volumeDiscountsPage from "~/routes/admin.volume-discounts/route";
import * as apiCustomerPricing from "~/routes/api.admin.customer-pricing";
import * as apiCustomerPrice from "~/routes/api.admin.customer-pricing.$id";
import * as apiPriceTiers from "~/routes/api.admin.price-tiers";
import * as apiPriceTier from "~/routes/api.admin.price-tiers.$id";
import * as apiVolumeDiscounts from "~/routes/api.admin.volume-discounts";
import * as apiVolumeDiscount from "~/routes/api.admin.volume-discounts.$id";
import * as apiPricing from "~/routes/api.products.$slug.pricing";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { buyerFor, priceOne } from "~/domain/pricing/pricing.server";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser, companyIdOf } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation, type RouteHandler } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let buyerId: string;
let supplierId: string;
let silverId: number;
let teaId: number; // £20.00 list
let cupsId: number; // £35.00 list

const db = () => getDb();
type Table = typeof priceTiers | typeof volumeDiscounts | typeof customerPricing | typeof auditLogs;
const countOf = (table: Table) => db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  silverId = db().insert(priceTiers).values({ name: "Silver", discountPercentage: 1000 }).returning().get().id;
  buyerId = (await createUser({ email: "buyer@example.com", priceTierId: silverId, firstName: "Bea", lastName: "Buyer" })).id;
  supplierId = (await createUser({ email: "supplier@example.com", role: "supplier" })).id;
  const category = createCategory("Catering");
  teaId = db()
    .insert(products)
    .values({ name: "Catering Tea Bags", slug: "tea", salesPrice: 2000, categoryId: category.id, stockLevel: 50 })
    .returning()
    .get().id;
  cupsId = db()
    .insert(products)
    .values({ name: "Ripple Cups", slug: "cups", salesPrice: 3500, categoryId: category.id, stockLevel: 50 })
    .returning()
    .get().id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

function api(handler: RouteHandler, path: string, method: string, body?: unknown, cookie = adminCookie, params = {}) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie }), params);
}

function pagePost(handler: RouteHandler, path: string, form: Record<string, string | number | undefined>, cookie = adminCookie) {
  return callRoute(handler, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

/** After a redirect: where it went and the notice the next page shows. */
async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast as { title: string; description?: string; variant?: string } | null };
}

/** The pricing call a customer's browser makes. */
async function customerPrice(productId: number, quantity: number) {
  const response = await callRoute(
    apiPricing.loader,
    buildRequest(`/api/products/${productId}/pricing?quantity=${quantity}`, { cookie: buyerCookie }),
    { slug: String(productId) },
  );
  expect(response.status).toBe(200);
  return readJson(response);
}

function buyerPrice(productId: number, quantity: number) {
  const user = findSessionUser(db(), buyerId)!;
  return priceOne(db(), buyerFor(db(), user), productId, quantity);
}

describe("guards", () => {
  it("refuses a customer (403) and a visitor (401) on every pricing-rule API, writing nothing", async () => {
    const before = [countOf(priceTiers), countOf(volumeDiscounts), countOf(customerPricing)];
    const calls: [RouteHandler, string, string, unknown][] = [
      [apiPriceTiers.loader, "/api/admin/price-tiers", "GET", undefined],
      [apiPriceTiers.action, "/api/admin/price-tiers", "POST", { name: "Sneaky", discountPercentage: "50" }],
      [apiVolumeDiscounts.loader, "/api/admin/volume-discounts", "GET", undefined],
      [apiVolumeDiscounts.action, "/api/admin/volume-discounts", "POST", { productId: teaId, minQuantity: 1, discountPercentage: 90 }],
      [apiCustomerPricing.loader, "/api/admin/customer-pricing", "GET", undefined],
      [apiCustomerPricing.action, "/api/admin/customer-pricing", "POST", { userId: buyerId, productId: teaId, customPrice: "0.01" }],
    ];
    for (const [handler, path, method, body] of calls) {
      const forbidden = await api(handler, path, method, body, buyerCookie);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(await readJson(forbidden)).toEqual({ message: "You do not have admin privileges." });
      expect((await callRoute(handler, buildRequest(path, { method, json: body }))).status).toBe(401);
    }
    const tierDelete = await api(apiPriceTier.action, `/api/admin/price-tiers/${silverId}`, "DELETE", undefined, buyerCookie, { id: String(silverId) });
    expect(tierDelete.status).toBe(403);
    expect([countOf(priceTiers), countOf(volumeDiscounts), countOf(customerPricing)]).toEqual(before);
  });

  it("sends a customer away from the screens with Access Denied, and a visitor to sign in", async () => {
    for (const [page, path] of [
      [priceTiersPage, "/admin/price-tiers"],
      [volumeDiscountsPage, "/admin/volume-discounts"],
      [customerPricingPage, "/admin/customer-pricing"],
    ] as const) {
      expect(redirectLocation(await callRoute(page.loader, buildRequest(path, { cookie: buyerCookie })))).toBe("/");
      const post = await pagePost(page.action, path, { intent: "delete", id: 1 }, buyerCookie);
      expect(redirectLocation(post)).toBe("/");
      const anonymous = await callRoute(page.action, buildRequest(path, { form: { intent: "delete", id: 1 } }));
      expect(redirectLocation(anonymous)).toMatch(/^\/login\?redirectTo=/);
    }
  });
});

describe("price tiers", () => {
  it("API: creates, lists, updates and deletes a tier, with decimal strings and an audit trail", async () => {
    const audits = countOf(auditLogs);
    const created = await api(apiPriceTiers.action, "/api/admin/price-tiers", "POST", {
      name: "  Gold ",
      description: "Our best trade accounts",
      discountPercentage: "15",
    });
    expect(created.status).toBe(201);
    const gold = await readJson(created);
    expect(gold).toMatchObject({ name: "Gold", description: "Our best trade accounts", discountPercentage: "15.00", userCount: 0 });

    const listed = await readJson(await api(apiPriceTiers.loader, "/api/admin/price-tiers", "GET"));
    expect(listed.map((tier: { name: string }) => tier.name)).toEqual(["Gold", "Silver"]);
    expect(listed.find((tier: { name: string }) => tier.name === "Silver")).toMatchObject({ discountPercentage: "10.00", userCount: 1 });

    const updated = await api(apiPriceTier.action, `/api/admin/price-tiers/${gold.id}`, "PUT", { name: "Gold", description: null, discountPercentage: 17.5 }, adminCookie, { id: String(gold.id) });
    expect(updated.status).toBe(200);
    expect(await readJson(updated)).toMatchObject({ name: "Gold", description: null, discountPercentage: "17.50" });

    const removed = await api(apiPriceTier.action, `/api/admin/price-tiers/${gold.id}`, "DELETE", undefined, adminCookie, { id: String(gold.id) });
    expect(await readJson(removed)).toEqual({ message: "Price Tier Deleted", id: gold.id, usersMoved: 0 });
    expect((await api(apiPriceTier.loader, `/api/admin/price-tiers/${gold.id}`, "GET", undefined, adminCookie, { id: String(gold.id) })).status).toBe(404);
    const actions = db().select({ action: auditLogs.action }).from(auditLogs).all().slice(audits).map((row) => row.action);
    expect(actions).toEqual(["price_tier.created", "price_tier.updated", "price_tier.deleted"]);
  });

  it("API: a bad discount answers 400 with the field and a taken name 409 with the field; nothing is written", async () => {
    const before = countOf(priceTiers);
    const audits = countOf(auditLogs);
    const bad = await api(apiPriceTiers.action, "/api/admin/price-tiers", "POST", { name: "Platinum", discountPercentage: "120" });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({
      message: "Discount percentage must be a number from 0 to 100, with at most two decimals",
      field: "discountPercentage",
    });
    const noName = await api(apiPriceTiers.action, "/api/admin/price-tiers", "POST", { discountPercentage: "5" });
    expect(await readJson(noName)).toEqual({ message: "Tier name is required", field: "name" });
    const taken = await api(apiPriceTiers.action, "/api/admin/price-tiers", "POST", { name: "silver", discountPercentage: "5" });
    expect(taken.status).toBe(409);
    expect(await readJson(taken)).toEqual({ message: "A price tier with this name already exists", field: "name" });
    expect(countOf(priceTiers)).toBe(before);
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("page: creates and edits a tier with the spec's notices; bad input shows the field's error and saves nothing", async () => {
    const before = countOf(priceTiers);
    const bad = await pagePost(priceTiersPage.action, "/admin/price-tiers?dialog=new", { intent: "create", name: "Bronze", discountPercentage: "abc" });
    expect(bad.status).toBe(400);
    const badBody = await readJson(bad);
    expect(badBody.result.error.discountPercentage).toEqual(["Discount percentage must be a number from 0 to 100, with at most two decimals"]);
    expect(countOf(priceTiers)).toBe(before);

    const created = await follow(await pagePost(priceTiersPage.action, "/admin/price-tiers?dialog=new", { intent: "create", name: "Bronze", description: "", discountPercentage: "5" }));
    expect(created.location).toBe("/admin/price-tiers");
    expect(created.toast).toMatchObject({ title: "Price Tier Created", description: "Bronze gives 5% off list prices." });
    const bronze = db().select().from(priceTiers).where(eq(priceTiers.name, "Bronze")).get()!;
    expect(bronze.discountPercentage).toBe(500);

    const edited = await follow(await pagePost(priceTiersPage.action, `/admin/price-tiers?edit=${bronze.id}`, { intent: "update", id: bronze.id, name: "Bronze", discountPercentage: "7.5" }));
    expect(edited.toast?.title).toBe("Price Tier Updated");
    expect(db().select().from(priceTiers).where(eq(priceTiers.id, bronze.id)).get()!.discountPercentage).toBe(750);

    const duplicate = await pagePost(priceTiersPage.action, `/admin/price-tiers?edit=${bronze.id}`, { intent: "update", id: bronze.id, name: "Silver", discountPercentage: "7.5" });
    expect(duplicate.status).toBe(409);
    expect((await readJson(duplicate)).result.error.name).toEqual(["A price tier with this name already exists"]);

    const page = await readJson(await callRoute(priceTiersPage.loader, buildRequest(`/admin/price-tiers?delete=${silverId}`, { cookie: adminCookie })));
    expect(page.tiers.map((tier: { name: string }) => tier.name)).toEqual(["Bronze", "Silver"]);
    expect(page.deleting).toMatchObject({ name: "Silver", userCount: 1 });
  });

  it("a tier change shows at once in the customer's prices, and deleting the tier puts its customers on list prices", async () => {
    const lemon = db().insert(products).values({ name: "Lemon Squash", slug: "lemon", salesPrice: 1000, stockLevel: 5 }).returning().get();
    const other = db().insert(priceTiers).values({ name: "Temporary", discountPercentage: 2000 }).returning().get();
    const tierBuyer = await createUser({ email: "tier-buyer@example.com", priceTierId: other.id });
    const tierCookie = await signIn("tier-buyer@example.com", { via: "api" });
    const priceFor = async () =>
      readJson(await callRoute(apiPricing.loader, buildRequest(`/api/products/${lemon.id}/pricing?quantity=1`, { cookie: tierCookie }), { slug: String(lemon.id) }));
    expect(await priceFor()).toMatchObject({ finalPrice: "8.00", tierDiscount: "20.00" });

    await api(apiPriceTier.action, `/api/admin/price-tiers/${other.id}`, "PUT", { name: "Temporary", discountPercentage: "25" }, adminCookie, { id: String(other.id) });
    expect(await priceFor()).toMatchObject({ finalPrice: "7.50", tierDiscount: "25.00" });

    const removed = await follow(await pagePost(priceTiersPage.action, `/admin/price-tiers?delete=${other.id}`, { intent: "delete", id: other.id }));
    expect(removed.toast).toMatchObject({ title: "Price Tier Deleted", description: "Temporary was deleted; 1 customer is now on list prices." });
    expect(db().select().from(companies).where(eq(companies.id, companyIdOf(tierBuyer.id))).get()!.priceTierId).toBeNull();
    expect(await priceFor()).toMatchObject({ finalPrice: "10.00", tierDiscount: "0.00" });
  });
});

describe("volume discounts", () => {
  it("API: a new rule changes the customer's price at once (GET pricing and priceOne)", async () => {
    expect(await customerPrice(teaId, 6)).toMatchObject({ finalPrice: "18.00", volumeDiscount: "0.00" });
    const created = await api(apiVolumeDiscounts.action, "/api/admin/volume-discounts", "POST", { productId: teaId, minQuantity: 6, discountPercentage: "10" });
    expect(created.status).toBe(201);
    const rule = await readJson(created);
    expect(rule).toMatchObject({
      productId: teaId,
      minQuantity: 6,
      discountPercentage: "10.00",
      product: { name: "Catering Tea Bags", salesPrice: "20.00" },
    });
    // £20.00 × 0.9 (Silver) × 0.9 (volume) = £16.20, from 6 units
    expect(await customerPrice(teaId, 6)).toMatchObject({ finalPrice: "16.20", tierDiscount: "10.00", volumeDiscount: "10.00" });
    expect(await customerPrice(teaId, 5)).toMatchObject({ finalPrice: "18.00", volumeDiscount: "0.00" });
    expect(buyerPrice(teaId, 6)).toMatchObject({ finalPrice: 1620, volumeDiscount: 1000 });

    const updated = await api(apiVolumeDiscount.action, `/api/admin/volume-discounts/${rule.id}`, "PUT", { productId: teaId, minQuantity: 6, discountPercentage: 20 }, adminCookie, { id: String(rule.id) });
    expect(await readJson(updated)).toMatchObject({ discountPercentage: "20.00" });
    expect(await customerPrice(teaId, 6)).toMatchObject({ finalPrice: "14.40", volumeDiscount: "20.00" });

    const listed = await api(apiVolumeDiscounts.loader, `/api/admin/volume-discounts?productId=${teaId}`, "GET");
    expect(listed.headers.get("X-Total-Count")).toBe("1");
    expect((await readJson(listed)).map((r: { id: number }) => r.id)).toEqual([rule.id]);

    const removed = await api(apiVolumeDiscount.action, `/api/admin/volume-discounts/${rule.id}`, "DELETE", undefined, adminCookie, { id: String(rule.id) });
    expect(await readJson(removed)).toEqual({ message: "Volume Discount Deleted", id: rule.id });
    expect(await customerPrice(teaId, 6)).toMatchObject({ finalPrice: "18.00", volumeDiscount: "0.00" });
  });

  it("API: bad input answers 400 with the field, an unknown product 400 productId, a second rule at the same quantity 409 minQuantity", async () => {
    db().insert(volumeDiscounts).values({ productId: cupsId, minQuantity: 10, discountPercentage: 500 }).run();
    const before = countOf(volumeDiscounts);
    const audits = countOf(auditLogs);
    const cases: [unknown, number, { message: string; field: string }][] = [
      [{ productId: cupsId, minQuantity: 0, discountPercentage: "5" }, 400, { message: "Minimum quantity must be a whole number of at least 1", field: "minQuantity" }],
      [{ productId: cupsId, minQuantity: 2.5, discountPercentage: "5" }, 400, { message: "Minimum quantity must be a whole number of at least 1", field: "minQuantity" }],
      [{ productId: cupsId, minQuantity: 2, discountPercentage: "101" }, 400, { message: "Discount percentage must be a number from 0 to 100, with at most two decimals", field: "discountPercentage" }],
      [{ minQuantity: 2, discountPercentage: "5" }, 400, { message: "Product is required", field: "productId" }],
      [{ productId: 999_999, minQuantity: 2, discountPercentage: "5" }, 400, { message: "Product not found: choose a product from the list", field: "productId" }],
      [{ productId: cupsId, minQuantity: 10, discountPercentage: "8" }, 409, { message: "This product already has a volume discount at this minimum quantity", field: "minQuantity" }],
    ];
    for (const [body, status, error] of cases) {
      const response = await api(apiVolumeDiscounts.action, "/api/admin/volume-discounts", "POST", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await readJson(response)).toEqual(error);
    }
    expect(countOf(volumeDiscounts)).toBe(before);
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("page: adds a rule (Volume Discount Created), lists it as 'N+ units' / 'N% off' data, and refuses bad input without writing", async () => {
    const before = countOf(volumeDiscounts);
    const bad = await pagePost(volumeDiscountsPage.action, "/admin/volume-discounts?dialog=new", { intent: "create", productId: String(cupsId), minQuantity: "", discountPercentage: "10" });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).result.error.minQuantity).toEqual(["Minimum quantity is required"]);
    expect(countOf(volumeDiscounts)).toBe(before);

    const created = await follow(
      await pagePost(volumeDiscountsPage.action, "/admin/volume-discounts?dialog=new", {
        intent: "create",
        productId: String(cupsId),
        minQuantity: "2",
        discountPercentage: "10",
        returnTo: "/admin/volume-discounts?q=cups",
      }),
    );
    expect(created.location).toBe("/admin/volume-discounts?q=cups");
    expect(created.toast).toMatchObject({ title: "Volume Discount Created", description: "Ripple Cups: 2+ units, 10% off." });
    // £35.00 × 0.9 × 0.9 = £28.35 for 2 cups boxes
    expect(buyerPrice(cupsId, 2)).toMatchObject({ finalPrice: 2835, volumeDiscount: 1000 });
    expect(await customerPrice(cupsId, 2)).toMatchObject({ finalPrice: "28.35" });

    const page = await readJson(await callRoute(volumeDiscountsPage.loader, buildRequest("/admin/volume-discounts?dialog=new", { cookie: adminCookie })));
    expect(page.total).toBe(before + 1);
    expect(page.rules.map((r: { product: { name: string }; minQuantity: number }) => `${r.product.name} ${r.minQuantity}`)).toEqual(["Ripple Cups 2", "Ripple Cups 10"]);
    expect(page.products.map((p: { name: string }) => p.name)).toEqual(["Catering Tea Bags", "Lemon Squash", "Ripple Cups"]);

    const rule = db().select().from(volumeDiscounts).where(eq(volumeDiscounts.minQuantity, 2)).get()!;
    const clash = await pagePost(volumeDiscountsPage.action, `/admin/volume-discounts?edit=${rule.id}`, { intent: "update", id: rule.id, productId: String(cupsId), minQuantity: "10", discountPercentage: "12" });
    expect(clash.status).toBe(409);
    expect((await readJson(clash)).result.error.minQuantity).toEqual(["This product already has a volume discount at this minimum quantity"]);

    const deleted = await follow(await pagePost(volumeDiscountsPage.action, `/admin/volume-discounts?delete=${rule.id}`, { intent: "delete", id: rule.id }));
    expect(deleted.toast).toMatchObject({ title: "Volume Discount Deleted" });
    expect(buyerPrice(cupsId, 2)).toMatchObject({ finalPrice: 3150, volumeDiscount: 0 });
  });
});

describe("customer prices", () => {
  it("API: a custom price replaces the customer's discounts at once, and PUT changes it", async () => {
    const created = await api(apiCustomerPricing.action, "/api/admin/customer-pricing", "POST", { userId: buyerId, productId: teaId, customPrice: "15.25" });
    expect(created.status).toBe(201);
    const row = await readJson(created);
    expect(row).toMatchObject({
      userId: buyerId,
      productId: teaId,
      customPrice: "15.25",
      user: { email: "buyer@example.com", firstName: "Bea", lastName: "Buyer" },
      product: { name: "Catering Tea Bags", salesPrice: "20.00" },
    });
    expect(await customerPrice(teaId, 1)).toEqual({ finalPrice: "15.25", customPrice: "15.25", tierDiscount: "0.00", volumeDiscount: "0.00" });
    expect(buyerPrice(teaId, 1)).toMatchObject({ finalPrice: 1525, customPrice: 1525 });

    const updated = await api(apiCustomerPrice.action, `/api/admin/customer-pricing/${row.id}`, "PUT", { userId: buyerId, productId: teaId, customPrice: 14 }, adminCookie, { id: String(row.id) });
    expect(await readJson(updated)).toMatchObject({ customPrice: "14.00" });
    expect(await customerPrice(teaId, 1)).toMatchObject({ finalPrice: "14.00" });

    const again = await api(apiCustomerPricing.action, "/api/admin/customer-pricing", "POST", { userId: buyerId, productId: teaId, customPrice: "9.99" });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({
      message: "This customer already has a custom price for this product. Edit the existing rule instead.",
      field: "productId",
    });

    const removed = await api(apiCustomerPrice.action, `/api/admin/customer-pricing/${row.id}`, "DELETE", undefined, adminCookie, { id: String(row.id) });
    expect(await readJson(removed)).toEqual({ message: "Customer Pricing Deleted", id: row.id });
    expect(await customerPrice(teaId, 1)).toMatchObject({ finalPrice: "18.00", customPrice: null });
  });

  it("API: only customers get custom prices (400 userId), an unknown product is 400 productId, bad prices 400; nothing is written", async () => {
    const before = countOf(customerPricing);
    const audits = countOf(auditLogs);
    const cases: [unknown, { message: string; field: string }][] = [
      [{ userId: supplierId, productId: teaId, customPrice: "5" }, { message: "Choose a customer: custom prices are only for users with the customer role", field: "userId" }],
      [{ userId: "no-such-user", productId: teaId, customPrice: "5" }, { message: "Choose a customer: custom prices are only for users with the customer role", field: "userId" }],
      [{ userId: buyerId, productId: 424242, customPrice: "5" }, { message: "Product not found: choose a product from the list", field: "productId" }],
      [{ userId: buyerId, productId: cupsId, customPrice: "-1" }, { message: "Custom price must be an amount in pounds of 0 or more, like 12.50", field: "customPrice" }],
      [{ userId: buyerId, productId: cupsId }, { message: "Custom price is required", field: "customPrice" }],
    ];
    for (const [body, error] of cases) {
      const response = await api(apiCustomerPricing.action, "/api/admin/customer-pricing", "POST", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await readJson(response)).toEqual(error);
    }
    expect(countOf(customerPricing)).toBe(before);
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("page: creates a custom price (Customer Pricing Created) and offers only customers in the picker", async () => {
    const page = await readJson(await callRoute(customerPricingPage.loader, buildRequest("/admin/customer-pricing?dialog=new", { cookie: adminCookie })));
    expect(page.customers.map((c: { email: string }) => c.email)).toEqual(["buyer@example.com", "tier-buyer@example.com"]);

    const before = countOf(customerPricing);
    const bad = await pagePost(customerPricingPage.action, "/admin/customer-pricing?dialog=new", { intent: "create", userId: supplierId, productId: String(cupsId), customPrice: "30" });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).result.error.userId).toEqual(["Choose a customer: custom prices are only for users with the customer role"]);
    expect(countOf(customerPricing)).toBe(before);

    const created = await follow(await pagePost(customerPricingPage.action, "/admin/customer-pricing?dialog=new", { intent: "create", userId: buyerId, productId: String(cupsId), customPrice: "30.00" }));
    expect(created.toast).toMatchObject({ title: "Customer Pricing Created", description: "buyer@example.com pays £30.00 (ex VAT) for Ripple Cups." });
    expect(buyerPrice(cupsId, 1)).toMatchObject({ finalPrice: 3000, customPrice: 3000 });

    const listed = await readJson(await callRoute(customerPricingPage.loader, buildRequest("/admin/customer-pricing", { cookie: adminCookie })));
    expect(listed.total).toBe(before + 1);
    expect(listed.rows[0]).toMatchObject({ customPrice: "30.00", product: { name: "Ripple Cups", salesPrice: "35.00" }, user: { email: "buyer@example.com" } });

    const row = db().select().from(customerPricing).where(eq(customerPricing.productId, cupsId)).get()!;
    const edited = await follow(await pagePost(customerPricingPage.action, `/admin/customer-pricing?edit=${row.id}`, { intent: "update", id: row.id, userId: buyerId, productId: String(cupsId), customPrice: "29.50" }));
    expect(edited.toast?.title).toBe("Customer Pricing Updated");
    const deleted = await follow(await pagePost(customerPricingPage.action, `/admin/customer-pricing?delete=${row.id}`, { intent: "delete", id: row.id }));
    expect(deleted.toast?.title).toBe("Customer Pricing Deleted");
    expect(countOf(customerPricing)).toBe(before);
  });
});
