/**
 * Quick order: many "SKU, quantity" items into the cart at once, from the Quick Entry textarea or a CSV file.
 *
 * A SKU names a product by its slug or by its exact name, without regard to case (slug first). Products are
 * looked up in batches, never one query per line, and every item goes into the cart through the cart's own
 * addToCart (stock, merging into an existing line, the line and cart limits, prices) inside one write
 * transaction, so a 500-line order is one commit. An item that cannot be added (unknown, has options,
 * not enough stock) does not stop the others: it comes back as a message naming its line.
 */
import { asc, inArray, or, sql } from "drizzle-orm";
import { products, productVariants } from "~db/schema";
import { addToCart, type CartOwner } from "~/domain/cart.server";
import type { Buyer } from "~/domain/pricing.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import {
  parseQuickEntry,
  parseQuickOrderCsv,
  productNotFoundMessage,
  quoteForMessage,
  type PositionLabel,
  type QuickOrderIssue,
  type QuickOrderItem,
} from "./quick-order";

/** What a quick order did: how many of its lines went into the cart, and what went wrong with the others. */
export type QuickOrderOutcome = {
  /** lines (or rows) added to the cart */
  added: number;
  /** one message per failed line, in line order: 'Line 2: Product "x" not found' */
  errors: string[];
  /** the numbers of the lines that failed, so the form can give them back to fix */
  failedLineNumbers: number[];
};

type SkuProduct = { id: number; name: string; slug: string; hasOptions: boolean };
type SkuMatch = { product: SkuProduct } | { ambiguous: true } | undefined;

/**
 * Case-insensitive matching done the same way in SQL and here: SQLite's lower() folds ASCII letters only,
 * so the keys do too (an accented capital must be typed as it is named).
 */
const skuKey = (text: string) => text.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** SQLite allows 999 bound parameters in older builds; each key is bound twice (slug and name). */
const LOOKUP_CHUNK = 400;

/**
 * Finds the products that SKUs name, a few queries for any number of SKUs. A slug match wins; otherwise the
 * one product whose name matches exactly. Two products with the same name cannot be told apart by name.
 */
export function findProductsBySku(db: DB, skus: readonly string[]): Map<string, SkuMatch> {
  const keys = [...new Set(skus.map(skuKey).filter((key) => key !== ""))];
  const rows: Omit<SkuProduct, "hasOptions">[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const chunk = keys.slice(i, i + LOOKUP_CHUNK);
    rows.push(
      ...db
        .select({ id: products.id, name: products.name, slug: products.slug })
        .from(products)
        .where(or(inArray(sql`lower(${products.slug})`, chunk), inArray(sql`lower(${products.name})`, chunk)))
        .orderBy(asc(products.id))
        .all(),
    );
  }

  const withOptions = new Set<number>();
  const ids = [...new Set(rows.map((row) => row.id))];
  for (let i = 0; i < ids.length; i += 500) {
    for (const variant of db
      .select({ productId: productVariants.productId, options: productVariants.options })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids.slice(i, i + 500)))
      .all()) {
      // a variant without options asks nothing of the buyer (the cart ignores it too)
      if (Array.isArray(variant.options) && variant.options.length > 0) withOptions.add(variant.productId);
    }
  }

  const bySlug = new Map<string, SkuProduct>();
  const byName = new Map<string, SkuProduct[]>();
  for (const row of rows) {
    const product = { ...row, hasOptions: withOptions.has(row.id) };
    bySlug.set(skuKey(row.slug), product);
    const named = byName.get(skuKey(row.name)) ?? [];
    if (!named.some((other) => other.id === product.id)) named.push(product);
    byName.set(skuKey(row.name), named);
  }

  const matches = new Map<string, SkuMatch>();
  for (const key of keys) {
    const slugMatch = bySlug.get(key);
    const named = byName.get(key) ?? [];
    if (slugMatch) matches.set(key, { product: slugMatch });
    else if (named.length === 1) matches.set(key, { product: named[0] });
    else if (named.length > 1) matches.set(key, { ambiguous: true });
  }
  return matches;
}

export function hasOptionsMessage(label: PositionLabel, lineNumber: number, sku: string) {
  return `${label} ${lineNumber}: "${quoteForMessage(sku)}" has options — add it from the product page`;
}

function ambiguousMessage(label: PositionLabel, lineNumber: number, sku: string) {
  return `${label} ${lineNumber}: "${quoteForMessage(sku)}" is the name of more than one product — enter its SKU instead`;
}

/**
 * Adds the items to the owner's cart in one write transaction, each through addToCart, in line order (so the
 * same SKU twice adds up on one cart line, and stock counts what the earlier lines took).
 */
export function addQuickOrderItems(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  items: readonly QuickOrderItem[],
  label: PositionLabel,
): { added: number; errors: QuickOrderIssue[] } {
  const errors: QuickOrderIssue[] = [];
  if (items.length === 0) return { added: 0, errors };
  const matches = findProductsBySku(
    db,
    items.map((item) => item.sku),
  );

  const ready: { item: QuickOrderItem; product: SkuProduct }[] = [];
  for (const item of items) {
    const match = matches.get(skuKey(item.sku));
    const issue = (message: string) => errors.push({ lineNumber: item.lineNumber, message });
    if (!match) issue(productNotFoundMessage(label, item.lineNumber, item.sku));
    else if ("ambiguous" in match) issue(ambiguousMessage(label, item.lineNumber, item.sku));
    else if (match.product.hasOptions) issue(hasOptionsMessage(label, item.lineNumber, item.sku));
    else ready.push({ item, product: match.product });
  }

  let added = 0;
  const run = (tx: DB) => {
    for (const { item, product } of ready) {
      const result = addToCart(tx, owner, buyer, {
        productId: product.id,
        quantity: item.quantity,
        selectedVariants: {},
      });
      if (result.ok) {
        added += 1;
        continue;
      }
      let message: string;
      if (result.status === 404) message = productNotFoundMessage(label, item.lineNumber, item.sku);
      else if (result.field === "variants") message = hasOptionsMessage(label, item.lineNumber, item.sku);
      else {
        const detail = result.message.includes(product.name) ? result.message : `${result.message} (${product.name})`;
        message = `${label} ${item.lineNumber}: ${detail}`;
      }
      errors.push({ lineNumber: item.lineNumber, message });
    }
  };
  // a guest cart lives in the session, not the database: nothing to hold a transaction for
  if (owner.kind === "user") writeTransaction(db, run);
  else run(db);

  errors.sort((a, b) => a.lineNumber - b.lineNumber);
  return { added, errors };
}

function outcome(parseErrors: QuickOrderIssue[], result: { added: number; errors: QuickOrderIssue[] }): QuickOrderOutcome {
  const all = [...parseErrors, ...result.errors].sort((a, b) => a.lineNumber - b.lineNumber);
  return {
    added: result.added,
    errors: all.map((issue) => issue.message),
    failedLineNumbers: [...new Set(all.map((issue) => issue.lineNumber))],
  };
}

/** Quick Entry: the textarea's text, one "SKU, quantity" per line. */
export function submitQuickEntry(db: DB, owner: CartOwner, buyer: Buyer, text: string): QuickOrderOutcome {
  const parsed = parseQuickEntry(text);
  return outcome(parsed.errors, addQuickOrderItems(db, owner, buyer, parsed.lines, "Line"));
}

/**
 * CSV upload: the file's text. Rows with a bad SKU or quantity were skipped silently by the parser; a file
 * that cannot be read at all (no header, not CSV, too many rows) adds nothing and says why.
 */
export function submitQuickOrderCsv(db: DB, owner: CartOwner, buyer: Buyer, text: string): QuickOrderOutcome {
  const parsed = parseQuickOrderCsv(text);
  const items = parsed.rows.map((row) => ({ lineNumber: row.rowNumber, sku: row.sku, quantity: row.quantity }));
  const fileErrors = parsed.errors.map((issue) => ({ lineNumber: issue.rowNumber, message: issue.message }));
  return outcome(fileErrors, addQuickOrderItems(db, owner, buyer, items, "Row"));
}

/**
 * Products a buyer can quick-order right now (in stock, no options to choose), oldest first: the examples
 * in the Quick Entry placeholder and the CSV template.
 */
export function quickOrderExamples(db: DB, limit: number): { slug: string; name: string }[] {
  return db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(
      sql`${products.stockLevel} > 0 and not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and json_array_length(${productVariants.options}) > 0)`,
    )
    .orderBy(asc(products.id))
    .limit(limit)
    .all();
}
