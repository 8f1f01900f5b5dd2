/**
 * Quick order: many "SKU, quantity" items into the cart at once, from the Quick Entry textarea or a CSV file.
 *
 * What the buyer types names a product by its product code (SKU), its slug or its exact name, without regard
 * to case (in that order), or else by a barcode it (or one of its variants' options) carries; a barcode on
 * several is refused with the choices named. A product with options needs them named on the line ("HIVIS-VEST, Size=L, 5") or
 * in the CSV's columns. Products are looked up in batches, never one query per line, and the items go into
 * the cart with the cart's rules (stock, merging into an existing line, the line and cart limits, prices) in
 * one write transaction that reads and writes the cart once, so a 500-line order is one commit. An item that
 * cannot be added (unknown, options missing or not offered, not enough stock) does not stop the others: it
 * comes back as a message naming its line.
 */
import crypto from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { products, productVariants } from "~db/schema";
import { addManyToCart, variantGroupsByProduct, type AddFailure } from "~/domain/cart/cart.server";
import { buyerFor, type Buyer } from "~/domain/pricing/pricing.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { ok } from "~/utils/result";
import { chooseOptions, type OptionChoice, type VariantGroup } from "./quick-order-options";
import { barcodeItemLabel, detectBarcodeType, normaliseBarcode } from "~/domain/catalog/barcodes";
import { findByBarcodes } from "~/domain/catalog/barcodes.server";
import {
  parseQuickEntry,
  parseQuickOrderCsv,
  productNotFoundMessage,
  quoteForMessage,
  type PositionLabel,
  type QuickOrderIssue,
  type QuickOrderExample,
  type QuickOrderItem,
} from "./quick-order";

// The quick order action reads this pure function through here: a screen importing `./quick-order` itself
// would put csv-parse (which needs Node's Buffer) in the browser bundle and stop the page hydrating.
export { keepLines } from "./quick-order";

/** What a quick order did: how many of its lines went into the cart, and what went wrong with the others. */
export type QuickOrderOutcome = {
  /** products added to the cart: two lines of one product count once */
  added: number;
  /** one message per failed line, in line order: 'Line 2: Product "x" not found' */
  errors: string[];
  /** the numbers of the lines that failed, so the form can give them back to fix */
  failedLineNumbers: number[];
  /** lines refused by a pack rule, each with the valid quantity to use instead ("Use 12") */
  fixes: QuickOrderFix[];
};

/**
 * A line whose quantity broke the product's pack rule: the nearest valid quantity, and that line as a
 * Quick Entry line ("WATER-500, 12") for the page's "Use 12" button to post.
 */
export type QuickOrderFix = { lineNumber: number; quantity: number; entry: string };

function fixEntry(sku: string, selectedVariants: Record<string, string>, quantity: number) {
  return [sku, ...Object.entries(selectedVariants).map(([name, value]) => `${name}=${value}`), quantity].join(", ");
}

type SkuProduct = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  variants: VariantGroup[];
};
type SkuMatch =
  | { product: SkuProduct; /** the option a barcode on a variant names */ options?: OptionChoice[] }
  | { ambiguous: true; /** what the buyer may have meant, when a barcode is on several */ choices?: string[] }
  | undefined;

/**
 * Case-insensitive matching done the same way in SQL and here: SQLite's lower() folds ASCII letters only,
 * so the keys do too (an accented capital must be typed as it is named).
 */
const skuKey = (text: string) => text.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Product codes are stored in capitals and hold ASCII only, so the key's capitals find them by index. */
const codeOf = (key: string) => key.replace(/[a-z]/g, (letter) => letter.toUpperCase());

/**
 * Finds the products that SKUs name, a few queries for any number of SKUs. A product code match wins, then
 * a slug; otherwise the one product whose name matches exactly. Two products with the same name cannot be
 * told apart by name.
 */
function findProductsBySku(db: DB, skus: readonly string[]): Map<string, SkuMatch> {
  const keys = [...new Set(skus.map(skuKey).filter((key) => key !== ""))];
  // Each kind of key by its own index, the keys as one JSON array: with hundreds of keys in IN lists joined by
  // OR, SQLite chose to read the whole catalogue (80 ms a look-up at 100,000 products). Slugs are stored in small
  // letters, and NOCASE folds the same ASCII capitals as the key does (products_name_nocase_idx).
  const rows = db.all<Omit<SkuProduct, "variants">>(sql`
    select id, name, slug, sku from ${products} where id in (
      select p.id from json_each(${JSON.stringify(keys.map(codeOf))}) j join ${products} p on p.sku = j.value
      union all select p.id from json_each(${JSON.stringify(keys)}) j join ${products} p on p.slug = j.value
      union all select p.id from json_each(${JSON.stringify(keys)}) j join ${products} p on p.name = j.value collate nocase
    ) order by id`);
  const groups = variantGroupsByProduct(db, [...new Set(rows.map((row) => row.id))]);

  const byCode = new Map<string, SkuProduct>();
  const bySlug = new Map<string, SkuProduct>();
  const byName = new Map<string, SkuProduct[]>();
  for (const row of rows) {
    const product = { ...row, variants: groups.get(row.id) ?? [] };
    if (row.sku) byCode.set(skuKey(row.sku), product);
    bySlug.set(skuKey(row.slug), product);
    const named = byName.get(skuKey(row.name)) ?? [];
    if (!named.some((other) => other.id === product.id)) named.push(product);
    byName.set(skuKey(row.name), named);
  }

  const matches = new Map<string, SkuMatch>();
  for (const key of keys) {
    const exact = byCode.get(key) ?? bySlug.get(key);
    const named = byName.get(key) ?? [];
    if (exact) matches.set(key, { product: exact });
    else if (named.length === 1) matches.set(key, { product: named[0] });
    else if (named.length > 1) matches.set(key, { ambiguous: true });
  }
  // what no SKU, slug or name names may be a barcode (SKU first, then barcode)
  const unmatched = keys.filter((key) => !matches.has(key));
  for (const [key, match] of findProductsByBarcode(db, unmatched)) matches.set(key, match);
  return matches;
}

/**
 * Barcodes among the keys: the product (with the option, for a code on a variant's option) that carries
 * each, or, when several do, the choices to name in the message.
 */
function findProductsByBarcode(db: DB, keys: readonly string[]): Map<string, SkuMatch> {
  const codes = new Map<string, string>();
  for (const key of keys) {
    const code = normaliseBarcode(key);
    if (detectBarcodeType(code)) codes.set(key, code);
  }
  const found = findByBarcodes(db, [...new Set(codes.values())]);
  const groups = variantGroupsByProduct(db, [...new Set([...found.values()].flat().map((match) => match.productId))]);
  const out = new Map<string, SkuMatch>();
  for (const [key, code] of codes) {
    const carriers = found.get(code) ?? [];
    if (carriers.length === 0) continue;
    if (carriers.length > 1) {
      out.set(key, { ambiguous: true, choices: carriers.map(barcodeItemLabel) });
      continue;
    }
    const [match] = carriers;
    const product = { id: match.productId, name: match.productName, slug: match.slug, sku: match.sku, variants: groups.get(match.productId) ?? [] };
    const options = match.variantName && match.option ? [{ name: match.variantName, value: match.option }] : undefined;
    out.set(key, { product, ...(options ? { options } : {}) });
  }
  return out;
}

function ambiguousMessage(label: PositionLabel, lineNumber: number, sku: string, choices?: string[]) {
  if (choices) {
    return `${label} ${lineNumber}: barcode ${quoteForMessage(normaliseBarcode(sku))} is on more than one product: ${choices.join("; ")} — enter the SKU (and options) of the one you want instead`;
  }
  return `${label} ${lineNumber}: "${quoteForMessage(sku)}" is the name of more than one product — enter its SKU instead`;
}

function stockMessage(failure: AddFailure) {
  if (failure.alreadyInCart === undefined || !failure.productName) return failure.message;
  if (failure.message.endsWith("is out of stock")) return failure.message;
  const inCart = failure.alreadyInCart > 0 ? `; ${failure.alreadyInCart} already in your cart` : "";
  return `${failure.message} (${failure.productName}${inCart})`;
}

type MatchedItem = { item: QuickOrderItem; productId: number; selectedVariants: Record<string, string> };

/** The products the items name (by SKU, slug or name) with their options chosen; the others as issues. */
function matchQuickOrderItems(db: DB, items: readonly QuickOrderItem[], label: PositionLabel): { accepted: MatchedItem[]; errors: QuickOrderIssue[] } {
  const errors: QuickOrderIssue[] = [];
  const issue = (item: QuickOrderItem, message: string) => errors.push({ lineNumber: item.lineNumber, message });
  const matches = findProductsBySku(
    db,
    items.map((item) => item.sku),
  );
  const accepted: MatchedItem[] = [];
  for (const item of items) {
    const match = matches.get(skuKey(item.sku));
    if (!match) {
      issue(item, productNotFoundMessage(label, item.lineNumber, item.sku));
      continue;
    }
    if ("ambiguous" in match) {
      issue(item, ambiguousMessage(label, item.lineNumber, item.sku, match.choices));
      continue;
    }
    // a barcode on a variant's option names that option; what the line names besides still counts
    const named = match.options ? [...match.options, ...(item.options ?? [])] : item.options;
    const chosen = chooseOptions(item.sku, match.product.variants, named, item.columns);
    if (chosen.ok) accepted.push({ item, productId: match.product.id, selectedVariants: chosen.selectedVariants });
    else issue(item, `${label} ${item.lineNumber}: ${chosen.problem}`);
  }
  return { accepted, errors };
}

/**
 * The lines a Quick Entry text or a quick-order CSV names, as they would go into the cart (for a quote request
 * instead of the cart), and one message per line that names nothing orderable.
 */
export function quickOrderLines(db: DB, text: string, kind: "entry" | "csv") {
  const parsed =
    kind === "entry"
      ? (({ lines, errors }) => ({ items: lines, errors }))(parseQuickEntry(text))
      : (({ rows, errors }) => ({
          items: rows.map(({ rowNumber, ...row }) => ({ lineNumber: rowNumber, ...row })),
          errors: errors.map((issue) => ({ lineNumber: issue.rowNumber, message: issue.message })),
        }))(parseQuickOrderCsv(text));
  const { accepted, errors } = matchQuickOrderItems(db, parsed.items, kind === "entry" ? "Line" : "Row");
  return {
    lines: accepted.map(({ item, productId, selectedVariants }) => ({ productId, selectedVariants, quantity: item.quantity })),
    errors: [...parsed.errors, ...errors].sort((a, b) => a.lineNumber - b.lineNumber).map((issue) => issue.message),
  };
}

export type NamedProduct = { ok: true; productId: number; selectedVariants: Record<string, string> } | { ok: false; message: string };

/**
 * The one product a code names the way quick order reads it (its SKU, slug or exact name, else a barcode; any
 * options after a comma, "HIVIS-VEST, Size=L"), for a form that adds a single line: the back office's quote
 * editor. When it names nothing, or not one thing, the message says so without a line number.
 */
export function findNamedProduct(db: DB, code: string): NamedProduct {
  const text = code.replace(/[\r\n]+/g, " ").trim();
  const item = parseQuickEntry(`${text}, 1`).lines[0];
  if (!item) return { ok: false, message: `Enter a SKU or barcode (and any options after a comma, as in "HIVIS-VEST, Size=L"), not "${quoteForMessage(text)}"` };
  const { accepted, errors } = matchQuickOrderItems(db, [item], "Line");
  if (accepted[0]) return { ok: true, productId: accepted[0].productId, selectedVariants: accepted[0].selectedVariants };
  const message = errors[0]?.message ?? "";
  if (message === productNotFoundMessage("Line", 1, item.sku)) return { ok: false, message: `No product has the SKU or barcode "${quoteForMessage(item.sku)}"` };
  return { ok: false, message: message.replace(/^Line 1: /, "") };
}

/**
 * Adds the items to the user's cart in one write with the cart's own rules (addManyToCart): stock, merging
 * into an existing line, the line and cart limits, prices. Items are taken in line order, so the same SKU
 * (with the same options) twice adds up into one line and stock counts what the earlier lines took. Unknown
 * SKUs and options that are missing or not offered are refused here, before the cart sees them.
 */
function addQuickOrderItems(
  db: DB,
  userId: string,
  buyer: Buyer,
  items: readonly QuickOrderItem[],
  label: PositionLabel,
): { added: number; errors: QuickOrderIssue[]; fixes: QuickOrderFix[] } {
  if (items.length === 0) return { added: 0, errors: [], fixes: [] };
  const { accepted, errors } = matchQuickOrderItems(db, items, label);
  const fixes: QuickOrderFix[] = [];
  const issue = (item: QuickOrderItem, message: string) => errors.push({ lineNumber: item.lineNumber, message });
  const results = addManyToCart(
    db,
    { kind: "user", userId },
    buyer,
    accepted.map(({ item, productId, selectedVariants }) => ({ productId, quantity: item.quantity, selectedVariants })),
  );
  const addedProducts = new Set<number>();
  results.forEach((result, index) => {
    const { item, selectedVariants } = accepted[index];
    if (result.ok) addedProducts.add(result.value.productId);
    else issue(item, `${label} ${item.lineNumber}: ${stockMessage(result)}`);
    if (!result.ok && result.validQuantity !== undefined && result.validQuantity > 0) {
      fixes.push({
        lineNumber: item.lineNumber,
        quantity: result.validQuantity,
        entry: fixEntry(item.sku, selectedVariants, result.validQuantity),
      });
    }
  });
  errors.sort((a, b) => a.lineNumber - b.lineNumber);
  return { added: addedProducts.size, errors, fixes };
}

function outcome(
  parseErrors: QuickOrderIssue[],
  result: { added: number; errors: QuickOrderIssue[]; fixes: QuickOrderFix[] },
): QuickOrderOutcome {
  const all = [...parseErrors, ...result.errors].sort((a, b) => a.lineNumber - b.lineNumber);
  return {
    added: result.added,
    errors: all.map((issue) => issue.message),
    failedLineNumbers: [...new Set(all.map((issue) => issue.lineNumber))],
    fixes: result.fixes,
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
  const items = parsed.rows.map(({ rowNumber, ...row }) => ({ lineNumber: rowNumber, ...row }));
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
  const { result } = runOnce(db, { ownerId: user.id, scope: scopeFor(scope, content), key: idempotencyKey, command: text }, (tx) =>
    ok(submit(tx, user.id, buyerFor(tx, user), text)),
  );
  // the text is part of the scope, so a refused key is all but impossible; were it to happen, the page says so
  return result.ok ? result.value : { added: 0, errors: [result.message], failedLineNumbers: [], fixes: [] };
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
 * Products a buyer can quick-order right now (in stock), oldest first, for the Quick Entry placeholder and
 * the CSV template: up to `plain` without options, then one with options (its first choice of each), so the
 * examples show both kinds of line. A product is named by its code, else by its slug.
 */
export function quickOrderExamples(db: DB, plain: number): QuickOrderExample[] {
  const hasOptions = sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
    and json_array_length(${productVariants.options}) > 0)`;
  const pick = (withOptions: boolean, limit: number) =>
    db
      .select({ id: products.id, slug: products.slug, sku: products.sku, name: products.name })
      .from(products)
      .where(sql`${products.stockLevel} > 0 and ${withOptions ? hasOptions : sql`not ${hasOptions}`}`)
      .orderBy(asc(products.id))
      .limit(limit)
      .all();
  const rows = [...pick(false, plain), ...pick(true, 1)];
  const groups = variantGroupsByProduct(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    code: row.sku ?? row.slug,
    name: row.name,
    options: (groups.get(row.id) ?? [])
      .filter((group) => group.options.length > 0)
      .map((group) => ({ name: group.name, value: group.options[0] })),
  }));
}
