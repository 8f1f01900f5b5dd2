/**
 * A catalogue-sized import (2,000 rows) through both doors: what it creates, the stock movements it
 * records, that importing the same file again updates rather than duplicates, and the progress the back
 * office polls while it runs.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productCsvSample, sampleProduct } from "~db/seed/product-csv-sample";
import { auditLogs, categories, products, productVariants, stockMovements } from "~db/schema";
import * as productsPage from "~/routes/admin.products/route";
import * as apiImport from "~/routes/api.admin.products.import";
import * as apiProgress from "~/routes/api.admin.products.import.$importId";
import { getDb } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let otherAdminCookie: string;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "admin2@example.com", role: "admin" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  otherAdminCookie = await signIn("admin2@example.com", { via: "api" });
});

const db = () => getDb();
const SIMPLE = productCsvSample({ products: 2_000, layout: "simple" });
const SIMPLE_REVISED = productCsvSample({ products: 2_000, layout: "simple", revision: 1 });

function formWith(csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "catalogue.csv", { type: "text/csv" }));
  return form;
}

function apiUpload(csv: string, key?: string) {
  return callRoute(
    apiImport.action,
    buildRequest("/api/admin/products/import", { form: formWith(csv), cookie: adminCookie, headers: key ? { "Idempotency-Key": key } : {} }),
  );
}

async function pageUpload(csv: string) {
  const form = formWith(csv);
  form.append("intent", "import-products");
  form.append("idempotencyKey", crypto.randomUUID());
  const response = await callRoute(productsPage.action, buildRequest("/admin/products?dialog=import", { form, cookie: adminCookie }));
  const location = redirectLocation(response);
  const page = await readJson(await callRoute(productsPage.loader, buildRequest(location, { cookie: cookieFrom(response, adminCookie) })));
  return page.importResult;
}

function progressOf(importId: string, cookie = adminCookie) {
  return callRoute(apiProgress.loader, buildRequest(`/api/admin/products/import/${importId}`, { cookie }), { importId });
}

const countOf = (table: typeof products | typeof stockMovements) => db().select({ n: sql<number>`count(*)` }).from(table).get()!.n;

/** Products whose movements do not add up to their stock level (the stock ledger's rule). */
function ledgerBreaks() {
  return db().all<{ id: number }>(
    sql`SELECT p.id FROM products p LEFT JOIN stock_movements m ON m.product_id = p.id
        GROUP BY p.id HAVING p.stock_level != coalesce(sum(m.change), 0)`,
  ).length;
}

function stored(slug: string) {
  const row = db().select().from(products).where(eq(products.slug, slug)).get()!;
  const category = row.categoryId === null ? null : db().select().from(categories).where(eq(categories.id, row.categoryId)).get()!.name;
  const variants = db()
    .select({ name: productVariants.name, options: productVariants.options })
    .from(productVariants)
    .where(eq(productVariants.productId, row.id))
    .orderBy(productVariants.position)
    .all();
  return { ...row, category, variants };
}

describe("a 2,000-row catalogue in the simple layout", () => {
  it("API: creates every product as the file says, each with its opening stock movement", async () => {
    const response = await apiUpload(SIMPLE);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ created: 2_000, updated: 0, errors: [] });
    expect(countOf(products)).toBe(2_000);
    for (const index of [0, 777, 1_999]) {
      const expected = sampleProduct(index);
      expect(stored(expected.slug)).toMatchObject({
        name: expected.name,
        sku: expected.sku,
        category: expected.category,
        salesPrice: expected.salesPrice,
        costPrice: expected.costPrice,
        stockLevel: expected.stockLevel,
        imageUrl: expected.imageUrl,
        vatRate: 2000,
      });
      expect(stored(expected.slug).description).toContain(expected.name);
    }
    const openings = db().select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.reason, "opening")).get()!.n;
    expect(openings).toBe(2_000);
    expect(ledgerBreaks()).toBe(0);
    const created = db().select({ n: sql<number>`count(*)` }).from(auditLogs).where(eq(auditLogs.action, "product.created")).get()!.n;
    expect(created).toBe(2_000);
  });

  it("page: the same file again updates all 2,000, creates none and moves no stock", async () => {
    const movements = countOf(stockMovements);
    expect(await pageUpload(SIMPLE)).toEqual({ created: 0, updated: 2_000, errors: [], more: 0 });
    expect(countOf(products)).toBe(2_000);
    expect(countOf(stockMovements)).toBe(movements);
  });

  it("page: the next revision moves each changed stock level with an import movement, and changes prices", async () => {
    const movements = countOf(stockMovements);
    expect(await pageUpload(SIMPLE_REVISED)).toEqual({ created: 0, updated: 2_000, errors: [], more: 0 });
    const changed = Array.from({ length: 2_000 }, (_, index) => index).filter(
      (index) => sampleProduct(index).stockLevel !== sampleProduct(index, { revision: 1 }).stockLevel,
    ).length;
    const imports = db().select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.reason, "import")).get()!.n;
    expect(imports).toBe(changed);
    expect(countOf(stockMovements)).toBe(movements + changed);
    expect(ledgerBreaks()).toBe(0);
    for (const index of [3, 1_500]) {
      const expected = sampleProduct(index, { revision: 1 });
      expect(stored(expected.slug)).toMatchObject({ stockLevel: expected.stockLevel, salesPrice: expected.salesPrice });
    }
  });
});

describe("a 2,000-row catalogue in Shopify's layout", () => {
  // about 4.4 rows a product: 2,000 rows
  const products450 = 450;
  const SHOPIFY = productCsvSample({ products: products450, layout: "shopify", seed: 2 });

  it("is 2,000 rows or so, whose products and variants come in whole; a second import duplicates nothing", async () => {
    const rows = SHOPIFY.split("\r\n").length - 2;
    expect(rows).toBeGreaterThan(1_800);
    expect(rows).toBeLessThan(2_300);
    const before = countOf(products);
    const response = await apiUpload(SHOPIFY);
    expect(await readJson(response)).toEqual({ created: products450, updated: 0, errors: [] });
    for (const index of [0, 100, 449]) {
      const expected = sampleProduct(index, { seed: 2 });
      const row = stored(expected.slug);
      expect(row).toMatchObject({
        name: expected.name,
        sku: expected.sku,
        category: expected.type,
        stockLevel: expected.stockLevel,
        salesPrice: expected.salesPrice,
        vatRate: expected.taxable ? 2000 : 0,
        variants: expected.variants,
      });
      // the HTML body is sanitised to text
      expect(row.description).not.toMatch(/[<>]/);
      expect(row.description).toContain("Order before 4pm for next-day delivery.");
    }
    expect(ledgerBreaks()).toBe(0);

    const again = await readJson(await apiUpload(SHOPIFY));
    expect(again).toEqual({ created: 0, updated: products450, errors: [] });
    expect(countOf(products)).toBe(before + products450);
  });
});

describe("progress", () => {
  it("is polled by the import's key while it runs, ends done with the counts, and is private to its admin", async () => {
    const key = `import-${crypto.randomUUID()}`;
    const csv = productCsvSample({ products: 1_000, layout: "simple", seed: 3 });
    let settled = false;
    const running = apiUpload(csv, key).finally(() => {
      settled = true;
    });
    const phases = new Set<string>();
    while (!settled) {
      const response = await progressOf(key);
      if (response.status === 200) {
        const progress = await readJson(response);
        phases.add(progress.phase);
        expect(progress.done).toBeLessThanOrEqual(progress.total);
      } else {
        expect(response.status).toBe(404); // not started yet: the upload is still being read
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect([...phases].some((phase) => phase === "reading" || phase === "importing")).toBe(true);
    expect(await readJson(await running)).toEqual({ created: 1_000, updated: 0, errors: [] });

    const done = await progressOf(key);
    expect(await readJson(done)).toEqual({ phase: "done", done: 1_000, total: 1_000, created: 1_000, updated: 0, rowErrors: 0 });
    expect((await progressOf(key, otherAdminCookie)).status).toBe(404);
    expect((await progressOf("no-such-import")).status).toBe(404);
  });

  it("a repeat with the same key, sent while the first still runs, waits for it and imports nothing twice", async () => {
    const key = `import-${crypto.randomUUID()}`;
    const csv = productCsvSample({ products: 600, layout: "simple", seed: 4 });
    const importsSoFar = () => db().select({ n: sql<number>`count(*)` }).from(auditLogs).where(eq(auditLogs.action, "products.imported")).get()!.n;
    const before = { products: countOf(products), imports: importsSoFar() };
    const [first, second] = await Promise.all([apiUpload(csv, key), apiUpload(csv, key)]);
    expect(await readJson(first)).toEqual({ created: 600, updated: 0, errors: [] });
    expect(await readJson(second)).toEqual({ created: 600, updated: 0, errors: [] });
    expect(countOf(products)).toBe(before.products + 600);
    expect(importsSoFar()).toBe(before.imports + 1);
    // and once it is done, a repeat answers the stored result
    expect(await readJson(await apiUpload(csv, key))).toEqual({ created: 600, updated: 0, errors: [] });
    expect(importsSoFar()).toBe(before.imports + 1);
  });
});
