/**
 * Quick order: many "SKU, quantity" items into the cart at once, from the Quick Entry textarea or a CSV file.
 *
 * A SKU names a product by its slug or by its exact name, without regard to case (slug first). Products are
 * looked up in batches, never one query per line, and the items go into the cart with the cart's rules (stock,
 * merging into an existing line, the line and cart limits, prices) in one write transaction that reads and
 * writes the cart once, so a 500-line order is one commit. An item that cannot be added (unknown, has options,
 * not enough stock) does not stop the others: it comes back as a message naming its line.
 */
import crypto from "node:crypto";
import { asc, inArray, or, sql } from "drizzle-orm";
import { products, productVariants } from "~db/schema";
import { addManyToCart, type AddFailure } from "~/domain/cart/cart.server";
import { buyerFor, type Buyer } from "~/domain/pricing/pricing.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import {
  parseQuickEntry,
  parseQuickOrderCsv,
  productNotFoundMessage,
  quoteForMessage,
  type PositionLabel,
  type QuickOrderIssue,
  type QuickOrderItem,
} from "./quick-order";

// The quick order action reads this pure function through here: a screen importing `./quick-order` itself
// would put csv-parse (which needs Node's Buffer) in the browser bundle and stop the page hydrating.
export { keepLines } from "./quick-order";

/** What a quick order did: how many of its lines went into the cart, and what went wrong with the others. */
export type QuickOrderOutcome = {
  /** lines (or rows) added to the cart */
  added: number;
  /** one message per failed line, in line order: 'Line 2: Product "x" not found' */
  errors: string[];
  /** the numbers of the lines that failed, so the form can give them back to fix */
  failedLineNumbers: number[];
};

type SkuProduct = {
  id: number;
  name: string;
  slug: string;
  salesPrice: number;
  stockLevel: number;
  hasOptions: boolean;
};
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
function findProductsBySku(db: DB, skus: readonly string[]): Map<string, SkuMatch> {
  const keys = [...new Set(skus.map(skuKey).filter((key) => key !== ""))];
  const rows: Omit<SkuProduct, "hasOptions">[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const chunk = keys.slice(i, i + LOOKUP_CHUNK);
    rows.push(
      ...db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          salesPrice: products.salesPrice,
          stockLevel: products.stockLevel,
        })
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

function hasOptionsMessage(label: PositionLabel, lineNumber: number, sku: string) {
  return `${label} ${lineNumber}: "${quoteForMessage(sku)}" has options — add it from the product page`;
}

function ambiguousMessage(label: PositionLabel, lineNumber: number, sku: string) {
  return `${label} ${lineNumber}: "${quoteForMessage(sku)}" is the name of more than one product — enter its SKU instead`;
}

function stockMessage(failure: AddFailure) {
  if (failure.alreadyInCart === undefined || !failure.productName) return failure.message;
  if (failure.message.endsWith("is out of stock")) return failure.message;
  const inCart = failure.alreadyInCart > 0 ? `; ${failure.alreadyInCart} already in your cart` : "";
  return `${failure.message} (${failure.productName}${inCart})`;
}

/**
 * Adds the items to the user's cart in one write with the cart's own rules (addManyToCart): stock, merging
 * into an existing line, the line and cart limits, prices. Items are taken in line order, so the same SKU
 * twice adds up and stock counts what the earlier lines took. Unknown SKUs and products with options are
 * refused here, before the cart sees them.
 */
function addQuickOrderItems(
  db: DB,
  userId: string,
  buyer: Buyer,
  items: readonly QuickOrderItem[],
  label: PositionLabel,
): { added: number; errors: QuickOrderIssue[] } {
  if (items.length === 0) return { added: 0, errors: [] };
  const errors: QuickOrderIssue[] = [];
  const issue = (item: QuickOrderItem, message: string) => errors.push({ lineNumber: item.lineNumber, message });
  const matches = findProductsBySku(
    db,
    items.map((item) => item.sku),
  );
  const accepted: { item: QuickOrderItem; productId: number }[] = [];
  for (const item of items) {
    const match = matches.get(skuKey(item.sku));
    if (!match) issue(item, productNotFoundMessage(label, item.lineNumber, item.sku));
    else if ("ambiguous" in match) issue(item, ambiguousMessage(label, item.lineNumber, item.sku));
    else if (match.product.hasOptions) issue(item, hasOptionsMessage(label, item.lineNumber, item.sku));
    else accepted.push({ item, productId: match.product.id });
  }
  const results = addManyToCart(
    db,
    { kind: "user", userId },
    buyer,
    accepted.map(({ item, productId }) => ({ productId, quantity: item.quantity, selectedVariants: {} })),
  );
  let added = 0;
  results.forEach((result, index) => {
    const { item } = accepted[index];
    if (result.ok) added += 1;
    else issue(item, `${label} ${item.lineNumber}: ${stockMessage(result)}`);
  });
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
function submitQuickEntry(db: DB, userId: string, buyer: Buyer, text: string): QuickOrderOutcome {
  const parsed = parseQuickEntry(text);
  return outcome(parsed.errors, addQuickOrderItems(db, userId, buyer, parsed.lines, "Line"));
}

/**
 * CSV upload: the file's text. Rows with a bad SKU or quantity were skipped silently by the parser; a file
 * that cannot be read at all (no header, not CSV, too many rows) adds nothing and says why.
 */
function submitQuickOrderCsv(db: DB, userId: string, buyer: Buyer, text: string): QuickOrderOutcome {
  const parsed = parseQuickOrderCsv(text);
  const items = parsed.rows.map((row) => ({ lineNumber: row.rowNumber, sku: row.sku, quantity: row.quantity }));
  const fileErrors = parsed.errors.map((issue) => ({ lineNumber: issue.rowNumber, message: issue.message }));
  return outcome(fileErrors, addQuickOrderItems(db, userId, buyer, items, "Row"));
}

/**
 * A quick order from the page, once per idempotency key: a double click or a resubmitted page shows the
 * same result and adds nothing more. The key is per page view, so the content is part of the scope: a
 * different list sent with the same key is never mistaken for a repeat. Customers awaiting approval may
 * fill a cart at list prices; checkout is where they are stopped.
 */
function quickOrderOnce(
  db: DB,
  user: SessionUser,
  scope: typeof REPEAT_SCOPE.quickOrderEntry | typeof REPEAT_SCOPE.quickOrderCsv,
  text: string,
  idempotencyKey: string | null,
  submit: (tx: DB, userId: string, buyer: Buyer, text: string) => QuickOrderOutcome,
): QuickOrderOutcome {
  const content = crypto.createHash("sha256").update(text).digest("hex").slice(0, 32);
  return runOnce(db, { ownerId: user.id, scope: scopeFor(scope, content), key: idempotencyKey }, (tx) =>
    submit(tx, user.id, buyerFor(tx, user), text),
  ).result;
}

/** Quick Entry's post: the textarea's lines into the user's cart, once per key. */
export function addQuickEntryOnce(db: DB, user: SessionUser, text: string, idempotencyKey: string | null) {
  return quickOrderOnce(db, user, REPEAT_SCOPE.quickOrderEntry, text, idempotencyKey, submitQuickEntry);
}

/** CSV Upload's post: the file's rows into the user's cart, once per key. */
export function addQuickOrderCsvOnce(db: DB, user: SessionUser, text: string, idempotencyKey: string | null) {
  return quickOrderOnce(db, user, REPEAT_SCOPE.quickOrderCsv, text, idempotencyKey, submitQuickOrderCsv);
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
