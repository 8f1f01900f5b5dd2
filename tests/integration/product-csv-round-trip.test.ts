/**
 * The product CSV round trip keeps pack rules and barcodes exactly (issue #26, "Done when"): the demo
 * catalogue — with its products' own barcodes, its variants' option barcodes and its pack rules, and a few
 * more set here — is exported through the admin API, imported into a brand-new database through the admin
 * API, and exported again: the two files are the same byte for byte, and the second database holds the
 * same codes and rules as the first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~db/seed";
import { productBarcodes, products, productVariants } from "~db/schema";
import * as apiExport from "~/routes/api.admin.products.export";
import * as apiImport from "~/routes/api.admin.products.import";
import { getDb, migrateDatabase, openDatabase, type DB } from "~/utils/db.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), "csv-round-trip-"));
let seeded: DB;

afterAll(() => {
  fs.rmSync(freshDir, { recursive: true, force: true });
});

async function exportCsv(cookie: string) {
  const response = await callRoute(apiExport.loader, buildRequest("/api/admin/products/export", { cookie }));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** What a product's codes and rules are, by slug, in a database. */
function codesAndRules(db: DB) {
  const variants = new Map(db.select({ id: productVariants.id, name: productVariants.name }).from(productVariants).all().map((v) => [v.id, v.name]));
  return db
    .select()
    .from(products)
    .orderBy(asc(products.slug))
    .all()
    .map((product) => ({
      slug: product.slug,
      rule: [product.minOrderQuantity, product.orderMultiple, product.packLabel, product.unitsPerPack],
      variantRules: db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, product.id))
        .orderBy(asc(productVariants.position))
        .all()
        .map((variant) => [variant.name, variant.minOrderQuantity, variant.orderMultiple, variant.packLabel, variant.unitsPerPack]),
      codes: db
        .select({ code: productBarcodes.code, type: productBarcodes.type, variantId: productBarcodes.variantId, option: productBarcodes.variantOption })
        .from(productBarcodes)
        .where(eq(productBarcodes.productId, product.id))
        .orderBy(asc(productBarcodes.id))
        .all()
        .map(({ variantId, ...code }) => ({ ...code, variant: variantId === null ? null : variants.get(variantId) }))
        // by whose code it is (the rows of different options may be written in another order), each one's in order
        .sort((a, b) => `${a.variant ?? ""}|${a.option ?? ""}`.localeCompare(`${b.variant ?? ""}|${b.option ?? ""}`)),
    }));
}

beforeAll(async () => {
  seeded = getDb();
  await seedDemo(seeded);
  // more than the demo has: a rule with every field, two codes on one option, codes on a product of two variants
  const vest = seeded.select().from(products).where(eq(products.name, "Hi-Vis Vest EN ISO 20471")).get()!;
  seeded.update(products).set({ minOrderQuantity: 10, orderMultiple: 5, packLabel: "bag of 5 vests", unitsPerPack: 5 }).where(eq(products.id, vest.id)).run();
  const size = seeded.select().from(productVariants).where(and(eq(productVariants.productId, vest.id), eq(productVariants.name, "Size"))).get()!;
  seeded.insert(productBarcodes).values({ productId: vest.id, variantId: size.id, variantOption: "L", code: "VEST-L-BAG", type: "own" }).run();
  const twoVariants = seeded.insert(products).values({ name: "Work Gloves", slug: "work-gloves", sku: "GLOVE-WORK", salesPrice: 399, costPrice: 150, stockLevel: 50, packLabel: "pair" }).returning().get();
  const glovesSize = seeded.insert(productVariants).values({ productId: twoVariants.id, name: "Size", options: ["M", "L"], position: 0 }).returning().get();
  const glovesColour = seeded
    .insert(productVariants)
    .values({ productId: twoVariants.id, name: "Colour", options: ["Grey", "Black"], position: 1, orderMultiple: 12, packLabel: "box of 12 pairs; mixed" })
    .returning()
    .get();
  // a variant's pack rule overrides: the sizes are sold at least 24 at a time
  seeded.update(productVariants).set({ minOrderQuantity: 24 }).where(eq(productVariants.id, glovesSize.id)).run();
  seeded.insert(productBarcodes).values([
    { productId: twoVariants.id, code: "5014732000301", type: "ean13" },
    { productId: twoVariants.id, variantId: glovesColour.id, variantOption: "Black", code: "5014732000318", type: "ean13" },
    { productId: twoVariants.id, variantId: glovesSize.id, variantOption: "M", code: "GLOVE-M", type: "own" },
  ]).run();
  // the whole demo (six months of orders) is seeded: on a busy machine that takes longer than a hook's usual 30 s
}, 180_000);

describe("the product CSV round trip", () => {
  it("exports the demo catalogue, imports it into a fresh database and exports the same file byte for byte, barcodes and pack rules kept", { timeout: 120_000 }, async () => {
    await createUser({ email: "csv-admin@example.com", role: "admin" });
    const first = await exportCsv(await signIn("csv-admin@example.com", { via: "api" }));
    const text = first.toString("utf8");
    // the file carries what it must keep
    expect(text).toContain("case of 24 cans");
    expect(text).toContain("bag of 5 vests");
    expect(text).toContain('"Size: S = 5014732000202\nSize: M = 5014732000219\nSize: L = 5014732000226|VEST-L-BAG"');
    expect(text).toContain('"Size: M = GLOVE-M\nColour: Black = 5014732000318"');
    expect(text).toContain("5014732000035|WUL-5L-CASE");
    expect(text).toContain('"Size = 24;;;\nColour = ;12;;box of 12 pairs; mixed"');
    const before = codesAndRules(seeded);
    expect(before.filter((product) => product.codes.length > 0).length).toBeGreaterThanOrEqual(10);

    // a brand-new database: the app's connection now opens it
    const fresh = openDatabase(path.join(freshDir, "fresh.db"));
    migrateDatabase(fresh);
    global.__appDb = fresh;
    try {
      expect(fresh.select().from(products).all()).toEqual([]);
      await createUser({ email: "csv-admin@example.com", role: "admin" });
      const cookie = await signIn("csv-admin@example.com", { via: "api" });
      const form = new FormData();
      form.append("file", new File([first], "products.csv", { type: "text/csv" }));
      const imported = await readJson(await callRoute(apiImport.action, buildRequest("/api/admin/products/import", { form, cookie })));
      expect(imported.errors).toEqual([]);
      expect(imported.created).toBe(before.length);

      const second = await exportCsv(cookie);
      expect(second.toString("utf8")).toBe(text);
      expect(second.equals(first)).toBe(true);
      expect(codesAndRules(fresh)).toEqual(before);
    } finally {
      global.__appDb = seeded;
      fresh.$client.close();
    }
  });
});
