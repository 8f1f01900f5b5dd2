import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, categories, products } from "~db/schema";
import * as root from "~/root";
import * as productsPage from "~/routes/admin.products/route";
import * as apiCategory from "~/routes/api.admin.categories.$id";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

/** Renaming and deleting categories: the products screen's dialogs and PATCH/DELETE /api/admin/categories/{id}. */

let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

const db = () => getDb();
const categoryRow = (id: number) => db().select().from(categories).where(eq(categories.id, id)).get();
const auditCount = () => db().select({ n: sql<number>`count(*)` }).from(auditLogs).get()!.n;

function api(method: string, id: number, body?: unknown, { cookie = adminCookie, key }: { cookie?: string; key?: string } = {}) {
  return callRoute(
    apiCategory.action,
    buildRequest(`/api/admin/categories/${id}`, { method, json: body, cookie, headers: key ? { "Idempotency-Key": key } : undefined }),
    { id: String(id) },
  );
}

function pagePost(path: string, form: Record<string, string | number>) {
  return callRoute(productsPage.action, buildRequest(path, { form: { idempotencyKey: crypto.randomUUID(), ...form }, cookie: adminCookie }));
}

async function follow(response: Response) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(productsPage.loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast, page };
}

describe("rename", () => {
  it("API: the name changes and the slug follows it by the slug rule; a repeat with the same key answers the same", async () => {
    const category = createCategory("Janitorial");
    const response = await api("PATCH", category.id, { name: "  Janitorial & Washroom Supplies " }, { key: "rename-1" });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      id: category.id,
      name: "Janitorial & Washroom Supplies",
      slug: "janitorial-washroom-supplies",
      description: null,
    });
    const again = await api("PATCH", category.id, { name: "  Janitorial & Washroom Supplies " }, { key: "rename-1" });
    expect((await readJson(again)).name).toBe("Janitorial & Washroom Supplies");
    // the same key with another body is refused, and nothing changes
    const other = await api("PATCH", category.id, { name: "Something Else" }, { key: "rename-1" });
    expect(other.status).toBe(422);
    expect(categoryRow(category.id)!.name).toBe("Janitorial & Washroom Supplies");

    // a slug given outright is kept; a slug another category has is refused
    const withSlug = await api("PATCH", category.id, { name: "Janitorial", slug: "janitorial-supplies" });
    expect(await readJson(withSlug)).toMatchObject({ name: "Janitorial", slug: "janitorial-supplies" });
  });

  it("API: a name another category has (ignoring case) is 409 on name and nothing changes; blank is 400; unknown 404", async () => {
    const kept = createCategory("Catering");
    const other = createCategory("Cleaning");
    const audits = auditCount();
    const duplicate = await api("PATCH", other.id, { name: "CATERING" });
    expect(duplicate.status).toBe(409);
    expect(await readJson(duplicate)).toEqual({ message: "A category with this name already exists", field: "name" });
    const slugTaken = await api("PATCH", other.id, { name: "Cleaning Kit", slug: kept.slug });
    expect(slugTaken.status).toBe(409);
    expect(await readJson(slugTaken)).toEqual({ message: "A category with this slug already exists", field: "slug" });
    const blank = await api("PATCH", other.id, { name: "  " });
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).field).toBe("name");
    expect(categoryRow(other.id)).toMatchObject({ name: "Cleaning", slug: "cleaning" });
    expect(auditCount()).toBe(audits);
    expect((await api("PATCH", 999_999, { name: "Ghost" })).status).toBe(404);
    // its own name in other capitals is a rename, not a clash
    expect(await readJson(await api("PATCH", other.id, { name: "CLEANING" }))).toMatchObject({ name: "CLEANING", slug: "cleaning" });
  });

  it("page: the rename dialog saves, says so and goes back to the categories; a clash shows on the name field", async () => {
    const category = createCategory("Paper Goods");
    createCategory("Packaging");
    const dialog = await readJson(
      await callRoute(productsPage.loader, buildRequest(`/admin/products?renameCategory=${category.id}`, { cookie: adminCookie })),
    );
    expect(dialog.categoryDialogs.renaming).toMatchObject({ id: category.id, name: "Paper Goods", productCount: 0 });

    const saved = await pagePost(`/admin/products?renameCategory=${category.id}`, { intent: "rename-category", id: category.id, name: "Paper & Tissue" });
    const { location, toast, page } = await follow(saved);
    expect(location).toBe("/admin/products?dialog=categories");
    expect(toast).toMatchObject({ title: "Category renamed", description: "Paper & Tissue is at /category/paper-tissue." });
    expect(page.categoryDialogs.list.map((row: { name: string }) => row.name)).toContain("Paper & Tissue");

    const clash = await pagePost(`/admin/products?renameCategory=${category.id}`, { intent: "rename-category", id: category.id, name: "packaging" });
    expect(clash.status).toBe(409);
    const body = await readJson(clash);
    expect(body.result.error).toEqual({ name: ["A category with this name already exists"] });
    expect(categoryRow(category.id)!.name).toBe("Paper & Tissue");
  });
});

describe("delete", () => {
  it("API: a category products use is refused with 409 and how many; once they are moved it goes", async () => {
    const category = createCategory("Seasonal");
    createProduct({ name: "Advent Calendar", salesPrice: 500, categoryId: category.id });
    createProduct({ name: "Easter Egg Box", salesPrice: 300, categoryId: category.id });
    const refused = await api("DELETE", category.id);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: "Seasonal is used by 2 products: move them first" });
    expect(categoryRow(category.id)).toBeDefined();

    db().update(products).set({ categoryId: null }).where(eq(products.categoryId, category.id)).run();
    const gone = await api("DELETE", category.id, undefined, { key: "delete-1" });
    expect(gone.status).toBe(200);
    expect(await readJson(gone)).toEqual({ message: "Category deleted", id: category.id });
    expect(categoryRow(category.id)).toBeUndefined();
    // the same key again answers the first result; without it the category is simply not found
    expect((await api("DELETE", category.id, undefined, { key: "delete-1" })).status).toBe(200);
    expect((await api("DELETE", category.id)).status).toBe(404);
  });

  it("page: the delete dialog of a category in use says so and offers no Delete; a post anyway is refused with the message", async () => {
    const category = createCategory("Bar Supplies");
    createProduct({ name: "Bar Mat", salesPrice: 250, categoryId: category.id });
    const dialog = await readJson(
      await callRoute(productsPage.loader, buildRequest(`/admin/products?deleteCategory=${category.id}`, { cookie: adminCookie })),
    );
    expect(dialog.categoryDialogs.deleting).toMatchObject({ id: category.id, productCount: 1 });

    const refused = await pagePost(`/admin/products?deleteCategory=${category.id}`, { intent: "delete-category", id: category.id });
    const { location, toast } = await follow(refused);
    expect(location).toBe("/admin/products?dialog=categories");
    expect(toast).toMatchObject({ title: "Error", description: "Bar Supplies is used by 1 product: move them first" });
    expect(categoryRow(category.id)).toBeDefined();

    const empty = createCategory("Old Range");
    const deleted = await pagePost(`/admin/products?deleteCategory=${empty.id}`, { intent: "delete-category", id: empty.id });
    const after = await follow(deleted);
    expect(after.toast).toMatchObject({ title: "Category deleted", description: "Old Range was deleted." });
    expect(categoryRow(empty.id)).toBeUndefined();
  });
});

describe("who may", () => {
  it("a customer gets 403 from both calls and changes nothing", async () => {
    const category = createCategory("Locked");
    expect((await api("PATCH", category.id, { name: "Hacked" }, { cookie: buyerCookie })).status).toBe(403);
    expect((await api("DELETE", category.id, undefined, { cookie: buyerCookie })).status).toBe(403);
    expect(categoryRow(category.id)!.name).toBe("Locked");
  });
});
