/**
 * Adding many lines to a cart at once: reordering, loading an order template, and restoring the lines the
 * browser kept when the server's cart was lost. Every line goes through the cart's own rules, so the server
 * checks each product, its variants and its stock; a line that fails is skipped (with the reason) and the
 * rest are still added. Reorders and templates take the short-line rule (`upTo`): a line asking for more
 * than there is puts in what there is and is reported as short.
 */
import { inArray } from "drizzle-orm";
import { products } from "~db/schema";
import { writeTransaction, type DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { addManyToCart, getCart } from "./cart.server";
import { type CartOwner } from "./cart-lines.server";
import { variantKey, type SelectedVariants } from "./cart.schema";
import { lineName, type LeftOutLine, type PackAdjustedLine, type ShortLine } from "./cart-words";
import type { CartMirrorLine } from "./cart-mirror.schema";
import type { Buyer } from "~/domain/pricing/pricing.server";

export type BulkCartLine = {
  productId: number;
  /** the name to report if the product has gone; looked up when not given */
  productName?: string;
  quantity: number;
  selectedVariants: SelectedVariants;
};

export type SkippedCartLine = {
  productId: number;
  productName: string;
  selectedVariants: SelectedVariants;
  quantity: number;
  /** why it could not be added, e.g. "no longer available" */
  reason: string;
};

export type BulkAddResult = {
  /** lines added (or added to) */
  added: number;
  /** distinct products added */
  products: number;
  /** units added over all lines */
  units: number;
  /** lines that went in with fewer units than asked, or none for want of stock (with `upTo` only) */
  short: ShortLine[];
  /** lines whose quantity a pack rule moved to the nearest valid one (with `upTo` only) */
  adjusted: PackAdjustedLine[];
  skipped: SkippedCartLine[];
};

/** A product deleted so long ago that not even its name is left: "A product (no longer available)". */
const UNAVAILABLE_PRODUCT_NAME = "A product";

/** Why a line was left out, in words that fit "Skipped: Name (reason)". */
function skipReason(failure: { status: number; message: string; field?: string }): string {
  if (failure.status === 404) return "no longer available";
  // a pack rule no valid quantity of which is in stock: the rule's own words
  if (failure.status === 400 && failure.field === "quantity") return failure.message;
  if (failure.status === 400) return "options no longer available";
  if (/out of stock$/i.test(failure.message)) return "out of stock";
  return failure.message.charAt(0).toLowerCase() + failure.message.slice(1);
}

function namesOf(db: DB, ids: number[]): Map<number, string> {
  const names = new Map<number, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    for (const row of db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, chunk)).all()) {
      names.set(row.id, row.name);
    }
  }
  return names;
}

/**
 * Adds the lines in one read and one write of the cart (addManyToCart: one transaction for a user), in
 * order, each with the cart's own rules; a line that fails is collected with its reason, not thrown. With
 * `upTo` (reorders, templates) a line short of stock puts in what there is and is listed in `short`, as is
 * one with no stock at all; lines of deleted products and options no longer offered are still skipped.
 */
export function addLinesToCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  lines: readonly BulkCartLine[],
  { upTo = false }: { upTo?: boolean } = {},
): BulkAddResult {
  const results = addManyToCart(
    db,
    owner,
    buyer,
    lines.map(({ productId, quantity, selectedVariants }) => ({ productId, quantity, selectedVariants, upTo })),
  );
  let added = 0;
  let units = 0;
  const productIds = new Set<number>();
  const short: ShortLine[] = [];
  const adjusted: PackAdjustedLine[] = [];
  const skipped: SkippedCartLine[] = [];
  results.forEach((result, index) => {
    const line = lines[index];
    if (result.ok) {
      added += 1;
      units += result.value.quantity;
      productIds.add(result.value.productId);
      if (result.value.packAdjusted) {
        const name = lineName(result.value.productName, result.value.selectedVariants);
        adjusted.push({ name, asked: line.quantity, added: result.value.quantity });
      } else if (result.value.quantity < line.quantity) {
        const name = lineName(result.value.productName, result.value.selectedVariants);
        short.push({ name, asked: line.quantity, added: result.value.quantity });
      }
      return;
    }
    // no stock at all: with the short-line rule that is a short line with nothing in it, not a skipped one
    if (upTo && result.alreadyInCart !== undefined && result.productName) {
      short.push({
        name: lineName(result.productName, line.selectedVariants),
        asked: line.quantity,
        added: 0,
        ...(result.alreadyInCart > 0 ? { inCart: result.alreadyInCart } : {}),
      });
      return;
    }
    skipped.push({
      productId: line.productId,
      productName: result.productName ?? line.productName ?? "",
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      reason: skipReason(result),
    });
  });
  const unnamed = skipped.filter((line) => line.productName === "");
  if (unnamed.length > 0) {
    const names = namesOf(db, unnamed.map((line) => line.productId));
    for (const line of unnamed) line.productName = names.get(line.productId) ?? UNAVAILABLE_PRODUCT_NAME;
  }
  return { added, products: productIds.size, units, short, adjusted, skipped };
}

const CART_NOT_EMPTY = "Your cart already has items, so nothing was restored";

/**
 * Puts back the lines the browser remembered from the last visit. Only into an empty cart: that is the
 * situation the offer is made in (the server lost the cart), and it makes a repeated post harmless.
 * Repeated lines (same product and variants) are added once.
 */
export function restoreMirroredCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  lines: readonly CartMirrorLine[],
): Result<BulkAddResult> {
  const seen = new Set<string>();
  const unique = lines.filter((line) => {
    const id = `${line.productId}|${variantKey(line.selectedVariants)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const restore = (tx: DB): Result<BulkAddResult> => {
    if (getCart(tx, owner, buyer).lines.length > 0) return fail(409, CART_NOT_EMPTY);
    return ok(addLinesToCart(tx, owner, buyer, unique));
  };
  // a user's cart: the emptiness check and the adds are one transaction
  return owner.kind === "user" ? writeTransaction(db, restore) : restore(db);
}

/** The skipped lines as a notice names them: "Hi-Vis Vest (Size: L)" and why. */
export function leftOutLines(skipped: readonly SkippedCartLine[]): LeftOutLine[] {
  return skipped.map((line) => ({ name: lineName(line.productName, line.selectedVariants), reason: line.reason }));
}

/** "Hi-Vis Vest (Only 3 left in stock), Paper Towels (Product not found)": for a notice. */
export function describeSkipped(skipped: readonly SkippedCartLine[], limit = 5): string {
  const shown = skipped.slice(0, limit).map((line) => `${line.productName} (${line.reason})`);
  const more = skipped.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}
