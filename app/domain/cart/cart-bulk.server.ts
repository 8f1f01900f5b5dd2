/**
 * Adding many lines to a cart at once: loading an order template, and restoring the lines the browser kept
 * when the server's cart was lost. Every line goes through addToCart, so the server checks each product,
 * its variants and its stock; a line that fails is skipped (with the reason) and the rest are still added.
 */
import { inArray } from "drizzle-orm";
import { products } from "~db/schema";
import { writeTransaction, type DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { addManyToCart, getCart } from "./cart.server";
import { type CartOwner } from "./cart-lines.server";
import { variantKey, type SelectedVariants } from "./cart.schema";
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
  /** why it could not be added, e.g. "Only 3 left in stock" */
  reason: string;
};

export type BulkAddResult = {
  /** lines added (or added to) */
  added: number;
  /** units added over all lines */
  units: number;
  skipped: SkippedCartLine[];
};

const UNAVAILABLE_PRODUCT_NAME = "A product that is no longer available";

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
 * order, each with the cart's own rules; a line that fails is collected with its reason, not thrown.
 */
export function addLinesToCart(db: DB, owner: CartOwner, buyer: Buyer, lines: readonly BulkCartLine[]): BulkAddResult {
  const results = addManyToCart(
    db,
    owner,
    buyer,
    lines.map(({ productId, quantity, selectedVariants }) => ({ productId, quantity, selectedVariants })),
  );
  let added = 0;
  let units = 0;
  const skipped: SkippedCartLine[] = [];
  results.forEach((result, index) => {
    if (result.ok) {
      added += 1;
      units += result.value.quantity;
      return;
    }
    const line = lines[index];
    skipped.push({
      productId: line.productId,
      productName: result.productName ?? line.productName ?? "",
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      reason: result.message,
    });
  });
  const unnamed = skipped.filter((line) => line.productName === "");
  if (unnamed.length > 0) {
    const names = namesOf(db, unnamed.map((line) => line.productId));
    for (const line of unnamed) line.productName = names.get(line.productId) ?? UNAVAILABLE_PRODUCT_NAME;
  }
  return { added, units, skipped };
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

/** "Hi-Vis Vest (Only 3 left in stock), Paper Towels (Product not found)": for a notice. */
export function describeSkipped(skipped: readonly SkippedCartLine[], limit = 5): string {
  const shown = skipped.slice(0, limit).map((line) => `${line.productName} (${line.reason})`);
  const more = skipped.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}
