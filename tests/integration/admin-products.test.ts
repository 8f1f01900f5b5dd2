import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLogs, categories, orderItems, orders, products, productVariants } from "~db/schema";
import * as root from "~/root";
import * as productsPage from "~/routes/admin.products/route";
import * as apiCategories from "~/routes/api.admin.categories";
import * as apiGenerate from "~/routes/api.admin.generate-description";
import * as apiProducts from "~/routes/api.admin.products";
import * as apiProduct from "~/routes/api.admin.products.$id";
import * as apiVariants from "~/routes/api.admin.products.$productId.variants";
import * as apiVariant from "~/routes/api.admin.products.$productId.variants.$variantId";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let adminId: string;
let supplierId: string;
let cleaningId: number;

beforeAll(async () => {
  adminId = (await createUser({ email: "admin@example.com", role: "admin" })).id;
  supplierId = (await createUser({ email: "supplier@example.com", role: "supplier", businessName: "Northern Supplies" })).id;
  await createUser({ email: "buyer@example.com" });
  cleaningId = createCategory("Cleaning & Hygiene").id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.LLM_API_URL;
});

const db = () => getDb();
const countOf = (table: typeof products | typeof categories | typeof productVariants | typeof auditLogs) =>
  db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;
const productBySlug = (slug: string) => db().select().from(products).where(eq(products.slug, slug)).get();
const variantsOf = (productId: number) =>
  db().select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position)).all();

function api(handler: typeof apiProducts.action, path: string, method: string, body?: unknown, cookie = adminCookie, params = {}) {
  return callRoute(handler, buildRequest(path, { method, json: body, cookie }), params);
}

function pagePost(path: string, form: Record<string, string | number | undefined>, cookie = adminCookie) {
  return callRoute(productsPage.action, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie }));
}

/** After a redirect: where it went, the toast the next page shows and the page's data. */
async function follow(response: Response, cookie = adminCookie) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, cookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(productsPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast, page };
}

const productForm = (overrides: Record<string, string | number | undefined> = {}) => ({
  name: "Lemon Washing-Up Liquid 5L",
  slug: "",
  description: "",
  categoryId: String(cleaningId),
  costPrice: "4.10",
  salesPrice: "6.75",
  vatRateChoice: "20",
  vatRateCustom: "",
  stockLevel: "40",
  lowStockThreshold: "8",
  imageUrl: "",
  supplierId: "",
  ...overrides,
});

describe("guards", () => {
  it("answers 401 signed out and 403 for a customer, on reads and writes", async () => {
    const before = countOf(products);
    expect((await callRoute(apiProducts.loader, buildRequest("/api/admin/products"))).status).toBe(401);
    const forbidden = await callRoute(apiProducts.loader, buildRequest("/api/admin/products", { cookie: buyerCookie }));
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ message: "You do not have admin privileges." });
    const create = await api(apiProducts.action, "/api/admin/products", "POST", { name: "X", salesPrice: "1.00" }, buyerCookie);
    expect(create.status).toBe(403);
    expect(countOf(products)).toBe(before);
  });

  it("sends a customer away from the page with Access Denied, and a visitor to sign in", async () => {
    const denied = await callRoute(productsPage.loader, buildRequest("/admin/products", { cookie: buyerCookie }));
    expect(redirectLocation(denied)).toBe("/");
    const anonymous = await callRoute(productsPage.action, buildRequest("/admin/products", { form: { intent: "delete-product", id: 1 } }));
    expect(redirectLocation(anonymous)).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("creating products", () => {
  it("API: creates with a slug derived from the name, defaults and pence, and audits it", async () => {
    const audits = countOf(auditLogs);
    const response = await api(apiProducts.action, "/api/admin/products", "POST", {
      name: "  Heavy-Duty Degreaser (5 Litre)  ",
      description: "Cuts through baked-on grease.",
      categoryId: cleaningId,
      costPrice: "7.20",
      salesPrice: 11.5,
      supplierId,
    });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({
      name: "Heavy-Duty Degreaser (5 Litre)",
      slug: "heavy-duty-degreaser-5-litre",
      salesPrice: "11.50",
      costPrice: "7.20",
      vatRate: "20.00",
      stockLevel: 0,
      lowStockThreshold: 10,
      category: { id: cleaningId, name: "Cleaning & Hygiene" },
      supplierId,
      variants: [],
    });
    const row = productBySlug("heavy-duty-degreaser-5-litre")!;
    expect(row).toMatchObject({ salesPrice: 1150, costPrice: 720, vatRate: 2000, stockLevel: 0, lowStockThreshold: 10 });
    expect(countOf(auditLogs)).toBe(audits + 1);
    const audit = db().select().from(auditLogs).orderBy(sql`${auditLogs.id} desc`).get()!;
    expect(audit).toMatchObject({ userId: adminId, action: "product.created", entityType: "product", entityId: String(row.id) });
  });

  it("API: bad input answers 400 with the field and writes nothing", async () => {
    const before = countOf(products);
    const audits = countOf(auditLogs);
    const cases: [unknown, string][] = [
      [{ salesPrice: "1.00" }, "name"],
      [{ name: "   ", salesPrice: "1.00" }, "name"],
      [{ name: "No Price" }, "salesPrice"],
      [{ name: "Bad Price", salesPrice: "12.345" }, "salesPrice"],
      [{ name: "Negative", salesPrice: "-1" }, "salesPrice"],
      [{ name: "Bad Slug", slug: "Not A Slug!", salesPrice: "1" }, "slug"],
      [{ name: "Bad Stock", salesPrice: "1", stockLevel: 2.5 }, "stockLevel"],
      [{ name: "Bad VAT", salesPrice: "1", vatRate: "120" }, "vatRate"],
      [{ name: "Bad Image", salesPrice: "1", imageUrl: "javascript:alert(1)" }, "imageUrl"],
      [{ name: "x".repeat(201), salesPrice: "1" }, "name"],
      [{ name: "Ghost Category", salesPrice: "1", categoryId: 9999 }, "categoryId"],
      [{ name: "Not A Supplier", salesPrice: "1", supplierId: adminId }, "supplierId"],
      [{ name: "!!!", salesPrice: "1" }, "slug"],
    ];
    for (const [body, field] of cases) {
      const response = await api(apiProducts.action, "/api/admin/products", "POST", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await readJson(response);
      expect(error.field, JSON.stringify(body)).toBe(field);
      expect(error.message).toEqual(expect.any(String));
    }
    expect(countOf(products)).toBe(before);
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("API: a slug already in use is 409 on slug", async () => {
    const before = countOf(products);
    const response = await api(apiProducts.action, "/api/admin/products", "POST", { name: "Heavy Duty Degreaser 5 Litre", slug: "heavy-duty-degreaser-5-litre", salesPrice: "1" });
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({ message: "A product with this slug already exists", field: "slug" });
    expect(countOf(products)).toBe(before);
  });

  it("page: creates from the form with a derived slug, then shows Product created on the list", async () => {
    const response = await pagePost("/admin/products?dialog=new", { intent: "create-product", ...productForm() });
    const next = await follow(response);
    expect(next.location).toBe("/admin/products");
    expect(next.toast).toEqual({
      title: "Product created",
      description: "Lemon Washing-Up Liquid 5L is in the catalogue at /products/lemon-washing-up-liquid-5l.",
    });
    const row = productBySlug("lemon-washing-up-liquid-5l")!;
    expect(row).toMatchObject({ costPrice: 410, salesPrice: 675, vatRate: 2000, stockLevel: 40, lowStockThreshold: 8, categoryId: cleaningId });
    expect(next.page.rows.map((r: { slug: string }) => r.slug)).toContain("lemon-washing-up-liquid-5l");
  });

  it("page: a custom VAT rate is stored in hundredths", async () => {
    const response = await pagePost("/admin/products?dialog=new", {
      intent: "create-product",
      ...productForm({ name: "Reduced Rate Fuel Logs", vatRateChoice: "custom", vatRateCustom: "17.5" }),
    });
    expect(response.status).toBe(302);
    expect(productBySlug("reduced-rate-fuel-logs")!.vatRate).toBe(1750);
  });

  it("page: bad input re-shows the form with the errors (400) and writes nothing", async () => {
    const before = countOf(products);
    const response = await pagePost("/admin/products?dialog=new", {
      intent: "create-product",
      ...productForm({ name: "", salesPrice: "abc", stockLevel: "-3" }),
    });
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.intent).toBe("create-product");
    expect(body.result.error).toMatchObject({
      name: ["Product name is required"],
      salesPrice: ["Sales price must be an amount in pounds, like 12.50"],
      stockLevel: ["Stock level must be a whole number of 0 or more"],
    });
    // a duplicate slug comes back on the slug field
    const duplicate = await pagePost("/admin/products?dialog=new", { intent: "create-product", ...productForm() });
    expect(duplicate.status).toBe(409);
    expect((await readJson(duplicate)).result.error).toEqual({ slug: ["A product with this slug already exists"] });
    expect(countOf(products)).toBe(before);
  });

  it("page: a repeated submission (same idempotency key) creates one product", async () => {
    const before = countOf(products);
    const key = crypto.randomUUID();
    const form = { intent: "create-product", ...productForm({ name: "Twice Clicked Mop" }), idempotencyKey: key };
    expect((await pagePost("/admin/products?dialog=new", form)).status).toBe(302);
    expect((await pagePost("/admin/products?dialog=new", form)).status).toBe(302);
    expect(countOf(products)).toBe(before + 1);
  });
});

describe("listing", () => {
  it("API lists with cost and searches by product or category name", async () => {
    const all = await callRoute(apiProducts.loader, buildRequest("/api/admin/products", { cookie: adminCookie }));
    expect(all.status).toBe(200);
    const list = await readJson(all);
    expect(Number(all.headers.get("X-Total-Count"))).toBe(list.length);
    expect(list[0]).toHaveProperty("costPrice");
    const byCategory = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/admin/products?q=hygiene", { cookie: adminCookie })));
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((p: { category: { name: string } | null }) => p.category?.name === "Cleaning & Hygiene")).toBe(true);
    const byName = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/admin/products?q=degreaser", { cookie: adminCookie })));
    expect(byName.map((p: { slug: string }) => p.slug)).toEqual(["heavy-duty-degreaser-5-litre"]);
  });

  it("page: 25 a page, and 'No products found' data when nothing matches", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ name: `Bulk Sponge ${String(i).padStart(2, "0")}`, slug: `bulk-sponge-${i}`, salesPrice: 100 }));
    db().insert(products).values(rows).run();
    const first = await readJson(await callRoute(productsPage.loader, buildRequest("/admin/products?q=bulk+sponge", { cookie: adminCookie })));
    expect(first.rows).toHaveLength(25);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    const second = await readJson(await callRoute(productsPage.loader, buildRequest("/admin/products?q=bulk+sponge&page=2", { cookie: adminCookie })));
    expect(second.rows).toHaveLength(5);
    const none = await readJson(await callRoute(productsPage.loader, buildRequest("/admin/products?q=zzzz", { cookie: adminCookie })));
    expect(none.rows).toEqual([]);
  });
});

describe("editing and deleting", () => {
  it("API PATCH changes only the fields sent; a blank slug is derived again; 409 on another's slug", async () => {
    const target = productBySlug("lemon-washing-up-liquid-5l")!;
    const response = await api(apiProduct.action, `/api/admin/products/${target.id}`, "PATCH", { salesPrice: "7.25", stockLevel: 3 }, adminCookie, { id: String(target.id) });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ salesPrice: "7.25", stockLevel: 3, costPrice: "4.10", name: "Lemon Washing-Up Liquid 5L" });

    const renamed = await api(apiProduct.action, `/api/admin/products/${target.id}`, "PATCH", { name: "Lime Washing-Up Liquid 5L", slug: "" }, adminCookie, { id: String(target.id) });
    expect((await readJson(renamed)).slug).toBe("lime-washing-up-liquid-5l");

    const clash = await api(apiProduct.action, `/api/admin/products/${target.id}`, "PATCH", { slug: "heavy-duty-degreaser-5-litre" }, adminCookie, { id: String(target.id) });
    expect(clash.status).toBe(409);
    expect((await readJson(clash)).field).toBe("slug");

    const bad = await api(apiProduct.action, `/api/admin/products/${target.id}`, "PATCH", { lowStockThreshold: "ten" }, adminCookie, { id: String(target.id) });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).field).toBe("lowStockThreshold");
    expect(db().select().from(products).where(eq(products.id, target.id)).get()).toMatchObject({ slug: "lime-washing-up-liquid-5l", lowStockThreshold: 8 });

    const missing = await api(apiProduct.action, "/api/admin/products/99999", "PATCH", { stockLevel: 1 }, adminCookie, { id: "99999" });
    expect(missing.status).toBe(404);
  });

  it("page: edits from the form and says Product updated; bad input is 400 and changes nothing", async () => {
    const target = productBySlug("lime-washing-up-liquid-5l")!;
    const bad = await pagePost(`/admin/products?edit=${target.id}`, {
      intent: "update-product",
      productId: target.id,
      ...productForm({ name: "Lime Washing-Up Liquid 5L", slug: "lime-washing-up-liquid-5l", salesPrice: "" }),
    });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).result.error).toEqual({ salesPrice: ["Sales price is required"] });
    expect(productBySlug("lime-washing-up-liquid-5l")!.salesPrice).toBe(725);

    const response = await pagePost(`/admin/products?edit=${target.id}`, {
      intent: "update-product",
      productId: target.id,
      ...productForm({ name: "Lime Washing-Up Liquid 5L", slug: "lime-washing-up-liquid-5l", salesPrice: "7.99", vatRateChoice: "5", supplierId }),
    });
    const next = await follow(response);
    expect(next.toast).toMatchObject({ title: "Product updated" });
    expect(productBySlug("lime-washing-up-liquid-5l")).toMatchObject({ salesPrice: 799, vatRate: 500, supplierId });
  });

  it("the edit form's loader gives the saved values as the form shows them", async () => {
    const target = productBySlug("lime-washing-up-liquid-5l")!;
    const page = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?edit=${target.id}`, { cookie: adminCookie })));
    expect(page.editing.defaults).toMatchObject({ salesPrice: "7.99", costPrice: "4.10", vatRateChoice: "5", supplierId });
    expect(page.suppliers).toEqual([{ id: supplierId, label: "Northern Supplies (supplier@example.com)" }]);
  });

  it("deleting keeps past orders' lines (page and API) and audits it", async () => {
    const doomed = productBySlug("reduced-rate-fuel-logs")!;
    const order = db()
      .insert(orders)
      .values({ orderNumber: "ORD-000001", subtotal: 100, vatAmount: 20, total: 120, shippingName: "A", shippingEmail: "a@example.com", shippingAddress: "1 St", shippingCity: "Leeds", shippingPostcode: "LS1 1AA" })
      .returning()
      .get();
    db().insert(orderItems).values({ orderId: order.id, productId: doomed.id, productName: doomed.name, quantity: 1, unitPrice: 100, vatRate: 2000, total: 100, vatAmount: 20 }).run();

    const confirm = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?delete=${doomed.id}`, { cookie: adminCookie })));
    expect(confirm.deleting).toMatchObject({ id: doomed.id, orderLines: 1 });

    const response = await pagePost(`/admin/products?delete=${doomed.id}`, { intent: "delete-product", id: doomed.id });
    const next = await follow(response);
    expect(next.toast).toMatchObject({ title: "Product deleted" });
    expect(productBySlug("reduced-rate-fuel-logs")).toBeUndefined();
    const line = db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).get()!;
    expect(line).toMatchObject({ productId: null, productName: "Reduced Rate Fuel Logs" });
    expect(db().select().from(auditLogs).where(eq(auditLogs.action, "product.deleted")).all()).toHaveLength(1);

    const viaApi = productBySlug("twice-clicked-mop")!;
    const deleted = await api(apiProduct.action, `/api/admin/products/${viaApi.id}`, "DELETE", undefined, adminCookie, { id: String(viaApi.id) });
    expect(await readJson(deleted)).toEqual({ message: "Product deleted", id: viaApi.id });
    const again = await api(apiProduct.action, `/api/admin/products/${viaApi.id}`, "DELETE", undefined, adminCookie, { id: String(viaApi.id) });
    expect(again.status).toBe(404);
  });
});

describe("categories", () => {
  it("API: creates one (201) with a derived slug; a duplicate name (any case) is 409; blank is 400", async () => {
    const before = countOf(categories);
    const created = await api(apiCategories.action, "/api/admin/categories", "POST", { name: "  Office & Stationery " });
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({ id: expect.any(Number), name: "Office & Stationery", slug: "office-stationery" });

    const duplicate = await api(apiCategories.action, "/api/admin/categories", "POST", { name: "office & stationery" });
    expect(duplicate.status).toBe(409);
    expect(await readJson(duplicate)).toEqual({ message: "A category with this name already exists", field: "name" });

    const blank = await api(apiCategories.action, "/api/admin/categories", "POST", { name: "   ", slug: "blank" });
    expect(blank.status).toBe(400);
    expect(await readJson(blank)).toEqual({ message: "Category name is required", field: "name" });
    expect(countOf(categories)).toBe(before + 1);
  });

  it("page: creates one and returns to the new-product form with it chosen", async () => {
    const response = await pagePost("/admin/products?dialog=new-category&then=new", { intent: "create-category", name: "Heating & Fuel", returnTo: "new" });
    const next = await follow(response);
    const created = db().select().from(categories).where(eq(categories.name, "Heating & Fuel")).get()!;
    expect(next.toast).toMatchObject({ title: "Category created" });
    expect(next.location).toBe(`/admin/products?dialog=new&categoryId=${created.id}`);
    expect(next.page.newDefaults.categoryId).toBe(String(created.id));

    const before = countOf(categories);
    const blank = await pagePost("/admin/products?dialog=new-category", { intent: "create-category", name: "  " });
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).result.error).toEqual({ name: ["Category name is required"] });
    const duplicate = await pagePost("/admin/products?dialog=new-category", { intent: "create-category", name: "HEATING & FUEL" });
    expect(duplicate.status).toBe(409);
    expect((await readJson(duplicate)).result.error).toEqual({ name: ["A category with this name already exists"] });
    expect(countOf(categories)).toBe(before);
  });
});

describe("variants", () => {
  let productId: number;
  beforeAll(() => {
    productId = productBySlug("heavy-duty-degreaser-5-litre")!.id;
  });

  it("API: adds one from a list, trimmed and without blanks or repeats (201)", async () => {
    const response = await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: " Size ", options: [" 1L", "5L ", "", "5l"] }, adminCookie, { productId: String(productId) });
    expect(response.status).toBe(201);
    expect(await readJson(response)).toMatchObject({ name: "Size", options: ["1L", "5L"] });
    expect(variantsOf(productId).map((v) => [v.name, v.options])).toEqual([["Size", ["1L", "5L"]]]);
  });

  it("API: no options left after trimming is 400 on options; a repeated name is 409; nothing written", async () => {
    const before = countOf(productVariants);
    const empty = await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: "Scent", options: [" ", ""] }, adminCookie, { productId: String(productId) });
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toEqual({ message: "Enter at least one option (separate options with commas)", field: "options" });
    const noName = await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: "", options: ["A"] }, adminCookie, { productId: String(productId) });
    expect((await readJson(noName)).field).toBe("name");
    const repeat = await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: "size", options: ["A"] }, adminCookie, { productId: String(productId) });
    expect(repeat.status).toBe(409);
    const unknown = await api(apiVariants.action, "/api/admin/products/99999/variants", "POST", { name: "A", options: ["B"] }, adminCookie, { productId: "99999" });
    expect(unknown.status).toBe(404);
    expect(countOf(productVariants)).toBe(before);
  });

  it("page: adds one from comma-separated options and shows Variant added on the edit form", async () => {
    const response = await pagePost(`/admin/products?edit=${productId}`, { intent: "add-variant", productId, name: "Scent", options: "Lemon, Pine ,, Lemon" });
    const next = await follow(response);
    expect(next.location).toBe(`/admin/products?edit=${productId}`);
    expect(next.toast).toEqual({ title: "Variant added", description: "Scent: Lemon, Pine" });
    expect(next.page.editing.variants.map((v: { name: string; options: string[] }) => [v.name, v.options])).toEqual([
      ["Size", ["1L", "5L"]],
      ["Scent", ["Lemon", "Pine"]],
    ]);

    const before = countOf(productVariants);
    const bad = await pagePost(`/admin/products?edit=${productId}`, { intent: "add-variant", productId, name: "Colour", options: " , " });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).result.error).toEqual({ options: ["Enter at least one option (separate options with commas)"] });
    expect(countOf(productVariants)).toBe(before);
  });

  it("a product has at most three variants (409)", async () => {
    await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: "Pack", options: ["Single", "Case of 4"] }, adminCookie, { productId: String(productId) });
    const fourth = await api(apiVariants.action, `/api/admin/products/${productId}/variants`, "POST", { name: "Colour", options: ["Green"] }, adminCookie, { productId: String(productId) });
    expect(fourth.status).toBe(409);
    expect(variantsOf(productId)).toHaveLength(3);
  });

  it("deletes one after the confirmation step (page), and through the API", async () => {
    const [size, scent, pack] = variantsOf(productId);
    const confirm = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?edit=${productId}&deleteVariant=${scent.id}`, { cookie: adminCookie })));
    expect(confirm.confirmVariantId).toBe(scent.id);

    const next = await follow(await pagePost(`/admin/products?edit=${productId}`, { intent: "delete-variant", productId, variantId: scent.id }));
    expect(next.toast).toMatchObject({ title: "Variant deleted" });
    expect(variantsOf(productId).map((v) => v.name)).toEqual(["Size", "Pack"]);

    const viaApi = await api(apiVariant.action, `/api/admin/products/${productId}/variants/${pack.id}`, "DELETE", undefined, adminCookie, { productId: String(productId), variantId: String(pack.id) });
    expect(await readJson(viaApi)).toEqual({ message: "Variant deleted", id: pack.id });
    const wrongProduct = await api(apiVariant.action, `/api/admin/products/99999/variants/${size.id}`, "DELETE", undefined, adminCookie, { productId: "99999", variantId: String(size.id) });
    expect(wrongProduct.status).toBe(404);
    expect(variantsOf(productId).map((v) => v.name)).toEqual(["Size"]);
    expect(db().select().from(auditLogs).where(eq(auditLogs.action, "variant.deleted")).all()).toHaveLength(2);
  });
});

describe("generate description", () => {
  it("API: writes a description from the name; no name is 400 on productName and nothing is written", async () => {
    const audits = countOf(auditLogs);
    const response = await api(apiGenerate.action, "/api/admin/generate-description", "POST", { productName: "Nitrile Gloves Powder-Free (100)" });
    expect(response.status).toBe(200);
    const { description } = await readJson(response);
    expect(description).toMatch(/^Nitrile Gloves Powder-Free \(100\)/);
    expect(description).toContain("pack of 100");

    for (const body of [{}, { productName: "   " }]) {
      const missing = await api(apiGenerate.action, "/api/admin/generate-description", "POST", body);
      expect(missing.status).toBe(400);
      expect(await readJson(missing)).toEqual({ message: "Please enter a product name first.", field: "productName" });
    }
    expect(countOf(auditLogs)).toBe(audits);
  });

  it("uses the configured model, and falls back to the local generator when it fails", async () => {
    process.env.LLM_API_URL = "http://llm.test/v1";
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ choices: [{ message: { content: "Description: Tough gloves for busy kitchens. Sold in boxes of 100." } }] }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const fromModel = await readJson(await api(apiGenerate.action, "/api/admin/generate-description", "POST", { productName: "Nitrile Gloves" }));
    expect(fromModel.description).toBe("Tough gloves for busy kitchens. Sold in boxes of 100.");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.stubGlobal("fetch", vi.fn(async () => new Response("down", { status: 503 })));
    const fallback = await readJson(await api(apiGenerate.action, "/api/admin/generate-description", "POST", { productName: "Nitrile Gloves" }));
    expect(fallback.description).toMatch(/^Nitrile Gloves — /);
  });

  it("page: fills the form's description and keeps what was typed; without a name says Missing product name", async () => {
    const form = productForm({ name: "Cola 330ml Cans (24 pack)", categoryId: String(cleaningId), salesPrice: "9.25" });
    const response = await pagePost("/admin/products?dialog=new", { intent: "generate-description", ...form });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.notice).toMatchObject({ title: "Description generated" });
    expect(body.description).toContain("Cola 330ml Cans (24 pack)");
    expect(body.description).toContain("Cleaning & Hygiene");
    expect(body.result.initialValue).toMatchObject({ name: "Cola 330ml Cans (24 pack)", salesPrice: "9.25", description: body.description });
    expect(productBySlug("cola-330ml-cans-24-pack")).toBeUndefined();

    const missing = await pagePost("/admin/products?dialog=new", { intent: "generate-description", ...productForm({ name: " " }) });
    expect(missing.status).toBe(400);
    const error = await readJson(missing);
    expect(error.notice).toEqual({ title: "Missing product name", description: "Please enter a product name first.", variant: "destructive" });
    expect(error.result.error).toEqual({ name: ["Please enter a product name first."] });
  });
});

describe("product codes (SKU)", () => {
  it("API: stores a SKU trimmed and in capitals, finds the product by it, and refuses another product's code with 409", async () => {
    const created = await api(apiProducts.action, "/api/admin/products", "POST", { name: "Sku Test Vest", sku: " hivis-vest-t ", salesPrice: "2.49" });
    expect(created.status).toBe(201);
    const vest = await readJson(created);
    expect(vest.sku).toBe("HIVIS-VEST-T");
    const found = await readJson(await callRoute(apiProducts.loader, buildRequest("/api/admin/products?q=hivis-vest-t", { cookie: adminCookie })));
    expect(found.map((p: { sku: string }) => p.sku)).toEqual(["HIVIS-VEST-T"]);

    const before = countOf(products);
    const clash = await api(apiProducts.action, "/api/admin/products", "POST", { name: "Sku Test Other", sku: "HiVis-Vest-T", salesPrice: "1" });
    expect(clash.status).toBe(409);
    expect(await readJson(clash)).toEqual({ message: "SKU HIVIS-VEST-T is already used by Sku Test Vest", field: "sku" });
    expect(countOf(products)).toBe(before);

    const other = await readJson(await api(apiProducts.action, "/api/admin/products", "POST", { name: "Sku Test Gloves", sku: "GLV-T", salesPrice: "1" }));
    const patch = await api(apiProduct.action, `/api/admin/products/${other.id}`, "PATCH", { sku: "hivis-vest-t" }, adminCookie, { id: String(other.id) });
    expect(patch.status).toBe(409);
    expect(await readJson(patch)).toEqual({ message: "SKU HIVIS-VEST-T is already used by Sku Test Vest", field: "sku" });
    const bad = await api(apiProduct.action, `/api/admin/products/${other.id}`, "PATCH", { sku: "GLV T" }, adminCookie, { id: String(other.id) });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "Use letters, numbers, hyphens, underscores and full stops only", field: "sku" });
    // a product may keep its own code, and a PATCH without sku leaves it alone
    expect((await api(apiProduct.action, `/api/admin/products/${vest.id}`, "PATCH", { sku: "HIVIS-VEST-T", stockLevel: 4 }, adminCookie, { id: String(vest.id) })).status).toBe(200);
    expect(productBySlug("sku-test-gloves")!.sku).toBe("GLV-T");
  });

  it("page: the form takes a SKU, answers a code in use on the field (409), and the list shows and searches it", async () => {
    const created = await pagePost("/admin/products?dialog=new", { intent: "create-product", ...productForm({ name: "Sku Form Apron", sku: "apron-bib-t" }) });
    expect(created.status).toBe(302);
    expect(productBySlug("sku-form-apron")!.sku).toBe("APRON-BIB-T");

    const before = countOf(products);
    const clash = await pagePost("/admin/products?dialog=new", { intent: "create-product", ...productForm({ name: "Sku Form Other", sku: "APRON-BIB-T" }) });
    expect(clash.status).toBe(409);
    expect((await readJson(clash)).result.error).toEqual({ sku: ["SKU APRON-BIB-T is already used by Sku Form Apron"] });
    expect(countOf(products)).toBe(before);

    const list = await readJson(await callRoute(productsPage.loader, buildRequest("/admin/products?q=apron-bib", { cookie: adminCookie })));
    expect(list.rows.map((row: { sku: string | null }) => row.sku)).toEqual(["APRON-BIB-T"]);
    const target = productBySlug("sku-form-apron")!;
    const edit = await readJson(await callRoute(productsPage.loader, buildRequest(`/admin/products?edit=${target.id}`, { cookie: adminCookie })));
    expect(edit.editing.defaults.sku).toBe("APRON-BIB-T");
  });
});
