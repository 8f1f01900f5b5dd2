/**
 * A revised catalogue file (the nightly re-export: stock moved on every product, a price on some) changes
 * those columns only: every other column, the search index and the variants stay as they were, the audit
 * records name just the fields that changed, and the UPDATEs name no column whose value did not change
 * (SQLite rewrites every index holding a column an UPDATE names, changed or not: 0093).
 */
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productCsvSample, sampleProduct } from "~db/seed/product-csv-sample";
import { auditLogs, products, productVariants, stockMovements } from "~db/schema";
import * as apiImport from "~/routes/api.admin.products.import";
import { getDb } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const COUNT = 300;
const SEED = 7;
const FIRST = productCsvSample({ products: COUNT, layout: "simple", seed: SEED });
const REVISED = productCsvSample({ products: COUNT, layout: "simple", seed: SEED, revision: 1 });
/** Every column of products but the stock level, the sales price and the time of the last change. */
const KEPT_COLUMNS = ["name", "sku", "description", "category_id", "cost_price", "vat_rate", "image_url", "min_order_quantity", "order_multiple", "pack_label", "units_per_pack"];

let adminCookie: string;
const db = () => getDb();

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
});

async function importCsv(csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "catalogue.csv", { type: "text/csv" }));
  const response = await callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form, cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

const productRows = () => db().select().from(products).orderBy(asc(products.id)).all();
const searchRows = () => db().all(sql`SELECT rowid, name, description, sku FROM products_search ORDER BY rowid`);
const variantRows = () => db().select().from(productVariants).orderBy(asc(productVariants.id)).all();
/** The products whose indexed name holds the words (a name also finds longer names that contain it). */
const found = (words: string) =>
  db()
    .all<{ rowid: number }>(sql`SELECT rowid FROM products_search WHERE products_search MATCH ${`name : "${words}"`}`)
    .map((row) => row.rowid);

/** Counts, from here on, the UPDATEs of products that name any column a price-and-stock revision leaves alone. */
function countUpdatesNamingKeptColumns() {
  db().run(sql.raw(`CREATE TABLE kept_column_updates (product_id INTEGER)`));
  db().run(
    sql.raw(`CREATE TRIGGER kept_column_updates_count AFTER UPDATE OF ${KEPT_COLUMNS.join(", ")} ON products
      BEGIN INSERT INTO kept_column_updates VALUES (new.id); END`),
  );
  return () => db().get<{ n: number }>(sql`SELECT count(*) AS n FROM kept_column_updates`)!.n;
}

const updateAudits = () =>
  db()
    .select({ entityId: auditLogs.entityId, details: auditLogs.details })
    .from(auditLogs)
    .where(eq(auditLogs.action, "product.updated"))
    .orderBy(asc(auditLogs.id))
    .all()
    .map((row) => ({ entityId: Number(row.entityId), fields: JSON.parse(row.details!).fields as string[] }));

describe("a revision that moves only stock and prices", () => {
  it("changes those columns alone, leaves the search index and variants as they were, and audits just those fields", async () => {
    expect(await importCsv(FIRST)).toEqual({ created: COUNT, updated: 0, errors: [] });
    const before = productRows();
    const searchBefore = searchRows();
    const variantsBefore = variantRows();
    const movementsBefore = db().select({ n: sql<number>`count(*)` }).from(stockMovements).get()!.n;
    const namingKept = countUpdatesNamingKeptColumns();

    expect(await importCsv(REVISED)).toEqual({ created: 0, updated: COUNT, errors: [] });

    const after = productRows();
    const bySlug = new Map(after.map((row) => [row.slug, row]));
    const expectedFields = new Map<number, string[]>();
    for (let index = 0; index < COUNT; index++) {
      const first = sampleProduct(index, { seed: SEED });
      const revised = sampleProduct(index, { seed: SEED, revision: 1 });
      const row = bySlug.get(first.slug)!;
      expect({ stockLevel: row.stockLevel, salesPrice: row.salesPrice }).toEqual({ stockLevel: revised.stockLevel, salesPrice: revised.salesPrice });
      const fields = [
        ...(revised.stockLevel !== first.stockLevel ? ["stockLevel"] : []),
        ...(revised.salesPrice !== first.salesPrice ? ["salesPrice"] : []),
      ];
      if (fields.length > 0) expectedFields.set(row.id, fields);
    }
    // the sample moves some prices, not all
    expect([...expectedFields.values()].filter((fields) => fields.includes("salesPrice")).length).toBeGreaterThan(0);
    expect([...expectedFields.values()].filter((fields) => !fields.includes("salesPrice")).length).toBeGreaterThan(0);

    const kept = ({ stockLevel, salesPrice, updatedAt, ...rest }: (typeof before)[number]) => rest;
    expect(after.map(kept)).toEqual(before.map(kept));
    expect(searchRows()).toEqual(searchBefore);
    expect(found(sampleProduct(5, { seed: SEED }).name)).toContain(bySlug.get(sampleProduct(5, { seed: SEED }).slug)!.id);
    expect(variantRows()).toEqual(variantsBefore);
    expect(namingKept()).toBe(0);

    const audits = updateAudits();
    expect(new Map(audits.map((audit) => [audit.entityId, audit.fields]))).toEqual(expectedFields);
    const imports = db().select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.reason, "import")).get()!.n;
    const stockMoved = [...expectedFields.values()].filter((fields) => fields.includes("stockLevel")).length;
    expect(imports).toBe(stockMoved);
    expect(db().select({ n: sql<number>`count(*)` }).from(stockMovements).get()!.n).toBe(movementsBefore + stockMoved);
  });

  it("a row that renames one product and reprices another in the same file writes each one's own columns", async () => {
    const [renamed, repriced] = [sampleProduct(10, { seed: SEED }), sampleProduct(11, { seed: SEED })];
    const auditsBefore = updateAudits().length;
    const updatesBefore = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM kept_column_updates`)!.n;
    const price = sampleProduct(10, { seed: SEED, revision: 1 }).salesPrice;
    const csv = `slug,name,salesPrice\n${renamed.slug},Harbour Rename Test Gloves,${(price / 100).toFixed(2)}\n${repriced.slug},${repriced.name},999.99\n`;

    expect(await importCsv(csv)).toEqual({ created: 0, updated: 2, errors: [] });

    const rows = new Map(productRows().map((row) => [row.slug, row]));
    expect(rows.get(renamed.slug)!.name).toBe("Harbour Rename Test Gloves");
    expect(rows.get(repriced.slug)!.salesPrice).toBe(99_999);
    expect(found("Harbour Rename Test Gloves")).toEqual([rows.get(renamed.slug)!.id]);
    expect(found(renamed.name)).not.toContain(rows.get(renamed.slug)!.id);
    expect(found(repriced.name)).toContain(rows.get(repriced.slug)!.id);
    // the rename named a kept column; the new price did not
    const named = db().all<{ product_id: number }>(sql`SELECT product_id FROM kept_column_updates`).slice(updatesBefore);
    expect(named.map((row) => row.product_id)).toEqual([rows.get(renamed.slug)!.id]);
    expect(updateAudits().slice(auditsBefore).map((audit) => audit.fields)).toEqual([["name"], ["salesPrice"]]);
  });
});
