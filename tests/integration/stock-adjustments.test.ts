import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, products, stockMovements } from "~db/schema";
import * as root from "~/root";
import * as alertsPage from "~/routes/admin.inventory-alerts";
import * as productsPage from "~/routes/admin.products/route";
import * as apiAdjust from "~/routes/api.admin.products.$id.stock-adjustments";
import * as apiMovements from "~/routes/api.admin.products.$id.stock-movements";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

/**
 * Stock adjustments and the movement history through both doors: the products screen's stock dialog and
 * Inventory Alerts (form posts), POST /api/admin/products/{id}/stock-adjustments and
 * GET /api/admin/products/{id}/stock-movements.
 */

let adminCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
});

const db = () => getDb();
const stockOf = (id: number) => db().select({ s: products.stockLevel }).from(products).where(eq(products.id, id)).get()!.s;
const movementCount = (id: number) =>
  db().select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.productId, id)).get()!.n;
const auditCount = () => db().select({ n: sql<number>`count(*)` }).from(auditLogs).get()!.n;

function adjust(id: number, body: unknown, { cookie = adminCookie, key }: { cookie?: string; key?: string } = {}) {
  return callRoute(
    apiAdjust.action,
    buildRequest(`/api/admin/products/${id}/stock-adjustments`, {
      json: body,
      cookie,
      headers: key ? { "Idempotency-Key": key } : undefined,
    }),
    { id: String(id) },
  );
}

function movements(id: number, search = "", cookie = adminCookie) {
  return callRoute(apiMovements.loader, buildRequest(`/api/admin/products/${id}/stock-movements${search}`, { cookie }), { id: String(id) });
}

async function follow(response: Response, loader: typeof productsPage.loader | typeof alertsPage.loader) {
  const location = redirectLocation(response);
  const next = cookieFrom(response, adminCookie);
  const rootData = await readJson(await callRoute(root.loader, buildRequest(location, { cookie: next })));
  const page = await readJson(await callRoute(loader, buildRequest(location, { cookie: next })));
  return { location, toast: rootData.toast, page };
}

describe("API", () => {
  it("adjusts in and out, each an Adjustment in the history (newest first, with who and why)", async () => {
    const product = createProduct({ name: "Blue Roll", salesPrice: 899, stockLevel: 10 });
    const added = await adjust(product.id, { change: 12, note: "Stock count" });
    expect(added.status).toBe(201);
    expect(await readJson(added)).toEqual({ productId: product.id, stockLevel: 22 });
    const taken = await adjust(product.id, { change: -5, note: "Water damage" });
    expect(await readJson(taken)).toEqual({ productId: product.id, stockLevel: 17 });
    expect(stockOf(product.id)).toBe(17);

    const list = await movements(product.id);
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("2");
    const rows = await readJson(list);
    expect(rows.map((row: { change: number; stockAfter: number; reason: string; note: string; userEmail: string }) => [row.change, row.stockAfter, row.reason, row.note, row.userEmail])).toEqual([
      [-5, 17, "adjustment", "Water damage", "admin@example.com"],
      [12, 22, "adjustment", "Stock count", "admin@example.com"],
    ]);
  });

  it("refuses to take the stock below zero with 409 on change, writing nothing", async () => {
    const product = createProduct({ name: "Bin Liners", salesPrice: 450, stockLevel: 4 });
    const audits = auditCount();
    const refused = await adjust(product.id, { change: -5, note: "Breakage" });
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({ message: "Only 4 of Bin Liners in stock: cannot take out 5", field: "change" });
    expect(stockOf(product.id)).toBe(4);
    expect(movementCount(product.id)).toBe(0);
    expect(auditCount()).toBe(audits);
    // taking out exactly what is there is allowed
    expect(await readJson(await adjust(product.id, { change: -4, note: "Breakage" }))).toEqual({ productId: product.id, stockLevel: 0 });
  });

  it("bad input is 400 on its field, an unknown product 404, and a repeated Idempotency-Key moves the stock once", async () => {
    const product = createProduct({ name: "Hand Towels", salesPrice: 1200, stockLevel: 30 });
    expect(await readJson(await adjust(product.id, { change: 0, note: "Count" }))).toMatchObject({ field: "change" });
    expect(await readJson(await adjust(product.id, { change: 2.5, note: "Count" }))).toMatchObject({ field: "change" });
    const noNote = await adjust(product.id, { change: 3 });
    expect(noNote.status).toBe(400);
    expect(await readJson(noNote)).toMatchObject({ field: "note" });
    expect((await adjust(999_999, { change: 3, note: "Count" })).status).toBe(404);
    expect((await movements(999_999)).status).toBe(404);

    await adjust(product.id, { change: 6, note: "Delivery without a PO" }, { key: "adjust-towels-1" });
    const again = await adjust(product.id, { change: 6, note: "Delivery without a PO" }, { key: "adjust-towels-1" });
    expect(await readJson(again)).toEqual({ productId: product.id, stockLevel: 36 });
    expect(stockOf(product.id)).toBe(36);
    expect(movementCount(product.id)).toBe(1);
  });

  it("pages the history with pageSize and page", async () => {
    const product = createProduct({ name: "Sponges", salesPrice: 100, stockLevel: 0 });
    for (let n = 1; n <= 5; n += 1) await adjust(product.id, { change: n, note: `Delivery ${n}` });
    const second = await movements(product.id, "?pageSize=2&page=2");
    expect(second.headers.get("X-Page-Count")).toBe("3");
    expect((await readJson(second)).map((row: { note: string }) => row.note)).toEqual(["Delivery 3", "Delivery 2"]);
  });

  it("is for admins: a customer gets 403 from both calls and nothing moves", async () => {
    const product = createProduct({ name: "Mop Bucket", salesPrice: 1500, stockLevel: 8 });
    expect((await adjust(product.id, { change: 5, note: "Count" }, { cookie: buyerCookie })).status).toBe(403);
    expect((await movements(product.id, "", buyerCookie)).status).toBe(403);
    expect(stockOf(product.id)).toBe(8);
  });
});

describe("the products screen's stock dialog", () => {
  it("adjusts stock, says so and shows the movement in the history; a refusal shows on the form", async () => {
    const product = createProduct({ name: "Floor Cleaner", salesPrice: 650, stockLevel: 9 });
    const dialogUrl = `/admin/products?stockOf=${product.id}`;
    const form = { intent: "adjust-stock", productId: product.id, change: "-3", note: "Leaking drums", idempotencyKey: crypto.randomUUID() };
    const posted = await callRoute(productsPage.action, buildRequest(dialogUrl, { form, cookie: adminCookie }));
    const { location, toast, page } = await follow(posted, productsPage.loader);
    expect(location).toBe(dialogUrl);
    expect(toast).toMatchObject({ title: "Stock adjusted", description: "\u22123: 6 in stock now." });
    expect(page.stockDialog.product).toMatchObject({ id: product.id, stockLevel: 6 });
    expect(page.stockDialog.movements.items[0]).toMatchObject({ change: -3, reason: "adjustment", stockAfter: 6, note: "Leaking drums" });

    // the same form sent again (a double click) moves nothing more
    await callRoute(productsPage.action, buildRequest(dialogUrl, { form, cookie: adminCookie }));
    expect(stockOf(product.id)).toBe(6);

    const tooMany = await callRoute(
      productsPage.action,
      buildRequest(dialogUrl, { form: { ...form, change: "-7", idempotencyKey: crypto.randomUUID() }, cookie: adminCookie }),
    );
    expect(tooMany.status).toBe(409);
    expect((await readJson(tooMany)).result.error).toEqual({ change: ["Only 6 of Floor Cleaner in stock: cannot take out 7"] });
    expect(stockOf(product.id)).toBe(6);
  });
});

describe("Inventory Alerts", () => {
  it("each row's Adjust stock dialog adjusts and goes back to the alerts", async () => {
    const product = createProduct({ name: "Nitrile Gloves", salesPrice: 799, stockLevel: 2, lowStockThreshold: 10 });
    const dialog = await readJson(await callRoute(alertsPage.loader, buildRequest(`/admin/inventory-alerts?adjust=${product.id}`, { cookie: adminCookie })));
    expect(dialog.adjusting).toEqual({ id: product.id, name: "Nitrile Gloves", stockLevel: 2 });
    expect(dialog.items.map((item: { name: string }) => item.name)).toContain("Nitrile Gloves");

    const posted = await callRoute(
      alertsPage.action,
      buildRequest(`/admin/inventory-alerts?adjust=${product.id}`, {
        form: { intent: "adjust-stock", productId: product.id, change: "40", note: "Found in the back store", idempotencyKey: crypto.randomUUID() },
        cookie: adminCookie,
      }),
    );
    const { location, toast, page } = await follow(posted, alertsPage.loader);
    expect(location).toBe("/admin/inventory-alerts");
    expect(toast).toMatchObject({ title: "Stock adjusted", description: "+40: 42 in stock now." });
    expect(page.items.map((item: { name: string }) => item.name)).not.toContain("Nitrile Gloves");

    const blank = await callRoute(
      alertsPage.action,
      buildRequest(`/admin/inventory-alerts?adjust=${product.id}`, {
        form: { intent: "adjust-stock", productId: product.id, change: "", note: "", idempotencyKey: crypto.randomUUID() },
        cookie: adminCookie,
      }),
    );
    expect(blank.status).toBe(400);
    expect(Object.keys((await readJson(blank)).result.error).sort()).toEqual(["change", "note"]);
    expect(stockOf(product.id)).toBe(42);
  });

  it("a customer posting it is sent away with nothing moved", async () => {
    const product = createProduct({ name: "Apron", salesPrice: 300, stockLevel: 1 });
    const response = await callRoute(
      alertsPage.action,
      buildRequest("/admin/inventory-alerts", { form: { intent: "adjust-stock", productId: product.id, change: "5", note: "Count" }, cookie: buyerCookie }),
    );
    expect(redirectLocation(response)).toBe("/");
    expect(stockOf(product.id)).toBe(1);
  });
});
