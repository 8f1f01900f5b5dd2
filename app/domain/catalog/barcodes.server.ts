/**
 * Barcodes in the database (product_barcodes): a product's own codes and those of its variants' options,
 * written inside the caller's transaction, read in batches, and looked up by code for the POS scan box,
 * quick order and the admin API. The rules of a code are in barcodes.ts.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { productBarcodes, products, productVariants } from "~db/schema";
import { chunks } from "~/utils/chunks";
import { loadVariants } from "./catalog.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { normaliseBarcode, unknownBarcodeMessage, type Barcode } from "./barcodes";

/** Whose codes: the product's own (null), or one option of one of its variants. */
export type BarcodeOwner = { variantId: number; option: string } | null;

/** A product's codes as the admin API and the form show them: its own, then per variant, per option. */
export type ProductBarcodes = {
  barcodes: string[];
  variantBarcodes: { variantId: number; option: string; barcodes: string[] }[];
};

/** A product without codes (a fresh object each time: callers may add to it). */
export const noBarcodes = (): ProductBarcodes => ({ barcodes: [], variantBarcodes: [] });

/** Replaces the codes of a product, or of one option of its variant, with `codes` (in that order). */
export function replaceBarcodes(tx: DB, productId: number, owner: BarcodeOwner, codes: readonly Barcode[]) {
  tx.delete(productBarcodes)
    .where(
      and(
        eq(productBarcodes.productId, productId),
        owner
          ? and(eq(productBarcodes.variantId, owner.variantId), eq(productBarcodes.variantOption, owner.option))
          : isNull(productBarcodes.variantId),
      ),
    )
    .run();
  for (const { code, type } of codes) {
    tx.insert(productBarcodes)
      .values({ productId, variantId: owner?.variantId ?? null, variantOption: owner?.option ?? null, code, type })
      .run();
  }
}

/**
 * Replaces every option code of a product's variants with `entries` (the product CSV's whole list: an option
 * left out has none afterwards), naming each variant by its name; the product's own codes stay.
 */
export function replaceOptionBarcodes(tx: DB, productId: number, entries: readonly { variant: string; option: string; codes: readonly Barcode[] }[]) {
  tx.delete(productBarcodes).where(and(eq(productBarcodes.productId, productId), isNotNull(productBarcodes.variantId))).run();
  const variantIds = new Map(
    tx
      .select({ id: productVariants.id, name: productVariants.name })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .all()
      .map((variant) => [variant.name, variant.id]),
  );
  for (const entry of entries) {
    const variantId = variantIds.get(entry.variant);
    if (variantId !== undefined) replaceBarcodes(tx, productId, { variantId, option: entry.option }, entry.codes);
  }
}

/** The codes of many products, a query per 500; a product without any has empty lists. */
export function loadBarcodes(db: DB, productIds: readonly number[]): Map<number, ProductBarcodes> {
  const out = new Map<number, ProductBarcodes>();
  for (const chunk of chunks([...new Set(productIds)], 500)) {
    const rows = db
      .select({
        productId: productBarcodes.productId,
        variantId: productBarcodes.variantId,
        option: productBarcodes.variantOption,
        code: productBarcodes.code,
      })
      .from(productBarcodes)
      .where(inArray(productBarcodes.productId, chunk))
      .orderBy(asc(productBarcodes.productId), asc(productBarcodes.id))
      .all();
    for (const row of rows) {
      const entry = out.get(row.productId) ?? noBarcodes();
      out.set(row.productId, entry);
      if (row.variantId === null || row.option === null) {
        entry.barcodes.push(row.code);
        continue;
      }
      let group = entry.variantBarcodes.find((item) => item.variantId === row.variantId && item.option === row.option);
      if (!group) {
        group = { variantId: row.variantId, option: row.option, barcodes: [] };
        entry.variantBarcodes.push(group);
      }
      group.barcodes.push(row.code);
    }
  }
  return out;
}

export function barcodesOf(db: DB, productId: number): ProductBarcodes {
  return loadBarcodes(db, [productId]).get(productId) ?? noBarcodes();
}

/** A product, or one option of its variant, that carries a scanned code. */
export type BarcodeMatch = {
  productId: number;
  productName: string;
  slug: string;
  sku: string | null;
  /** null when the code is the product's own */
  variantId: number | null;
  variantName: string | null;
  option: string | null;
  stockLevel: number;
  salesPrice: number;
  vatRate: number;
};

/**
 * What carries each of the codes (already normalised), product by product and option by option, in the
 * order they were given codes. A code nobody carries is absent from the map.
 */
export function findByBarcodes(db: DB, codes: readonly string[]): Map<string, BarcodeMatch[]> {
  const out = new Map<string, BarcodeMatch[]>();
  for (const chunk of chunks([...new Set(codes)], 500)) {
    const rows = db
      .select({
        code: productBarcodes.code,
        productId: products.id,
        productName: products.name,
        slug: products.slug,
        sku: products.sku,
        variantId: productBarcodes.variantId,
        variantName: productVariants.name,
        option: productBarcodes.variantOption,
        stockLevel: products.stockLevel,
        salesPrice: products.salesPrice,
        vatRate: products.vatRate,
      })
      .from(productBarcodes)
      .innerJoin(products, eq(products.id, productBarcodes.productId))
      .leftJoin(productVariants, eq(productVariants.id, productBarcodes.variantId))
      .where(inArray(productBarcodes.code, chunk))
      .orderBy(asc(productBarcodes.id))
      .all();
    for (const { code, ...match } of rows) {
      const list = out.get(code) ?? [];
      list.push(match);
      out.set(code, list);
    }
  }
  return out;
}

export function findByBarcode(db: DB, code: string): BarcodeMatch[] {
  return findByBarcodes(db, [code]).get(code) ?? [];
}

/**
 * GET /api/admin/products/by-barcode/{code} and the counter: whatever carries the code (normalised), or 404
 * saying nothing does (with the check digit a mistyped GS1 code should have).
 */
export function lookupBarcode(db: DB, code: string): Result<{ code: string; matches: BarcodeMatch[] }> {
  const normalised = normaliseBarcode(code);
  const matches = normalised === "" ? [] : findByBarcode(db, normalised);
  return matches.length > 0 ? ok({ code: normalised, matches }) : fail(404, unknownBarcodeMessage(normalised), "code");
}

/**
 * For documents that print a line's barcode (the picking list): the code of the first chosen option that has
 * one (by the variants' order), else the product's own first code; null when neither has any.
 */
export function lineBarcodeFinder(db: DB, productIds: readonly number[]) {
  const ids = [...new Set(productIds)];
  const codes = loadBarcodes(db, ids);
  const variants = loadVariants(db, ids);
  return (productId: number, selected: Record<string, string>): string | null => {
    const product = codes.get(productId);
    if (!product) return null;
    for (const variant of variants.get(productId) ?? []) {
      const option = selected[variant.name];
      if (option === undefined) continue;
      const found = product.variantBarcodes.find((item) => item.variantId === variant.id && item.option === option);
      if (found?.barcodes.length) return found.barcodes[0];
    }
    return product.barcodes[0] ?? null;
  };
}
