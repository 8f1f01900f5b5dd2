/**
 * A quote's lines as the products are now: each product checked, its options resolved to their canonical
 * spelling, lines for the same product and options merged, and the buyer's own price (the pricing engine,
 * for their company, at the quantity of that product on the quote) and the cost kept beside the quoted price,
 * so a discount can be taken off the one and the margin read against the other.
 */
import { inArray } from "drizzle-orm";
import { products, quoteLines } from "~db/schema";
import { resolveVariants, variantGroupsByProduct } from "~/domain/cart/cart.server";
import { variantKey, type SelectedVariants } from "~/domain/cart/cart.schema";
import { variantsProblem } from "~/domain/orders/orders.server";
import { refuse } from "~/domain/orders/order-writing.server";
import { buyerFor, priceMany } from "~/domain/pricing/pricing.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { applyPercentOff } from "~/utils/money";

export type QuoteLineInput = {
  productId: number;
  selectedVariants?: SelectedVariants | null;
  quantity: number;
  /** the quoted price ex VAT (pence), or a discount (hundredths) off the buyer's own price; neither: not priced */
  unitPrice?: number;
  discountPercent?: number;
};

export type PreparedQuoteLine = {
  productId: number;
  productName: string;
  sku: string | null;
  selectedVariants: SelectedVariants;
  quantity: number;
  unitPrice: number | null;
  buyerPrice: number;
  costPrice: number;
  vatRate: number;
};

/**
 * The lines checked and priced for `buyer` (null: list prices). Throws OrderRefused (400, field "items") for a
 * product that does not exist or options that are not the product's, so the caller's transaction writes nothing.
 */
export function prepareQuoteLines(tx: DB, buyer: SessionUser | null, input: readonly QuoteLineInput[]): PreparedQuoteLine[] {
  const ids = [...new Set(input.map((line) => line.productId))];
  const found = new Map(
    ids.length === 0
      ? []
      : tx
          .select({
            id: products.id,
            name: products.name,
            sku: products.sku,
            salesPrice: products.salesPrice,
            costPrice: products.costPrice,
            vatRate: products.vatRate,
          })
          .from(products)
          .where(inArray(products.id, ids))
          .all()
          .map((p) => [p.id, p]),
  );
  const groups = variantGroupsByProduct(tx, [...found.keys()]);
  const merged = new Map<string, QuoteLineInput & { selectedVariants: SelectedVariants }>();
  for (const line of input) {
    const product = found.get(line.productId);
    if (!product) throw refuse(400, `Product ${line.productId} is not sold (any more)`, "items");
    const variants = resolveVariants(groups.get(product.id) ?? [], line.selectedVariants ?? {});
    if (!variants.ok) throw refuse(400, `${product.name}: ${variantsProblem(variants)}`, "items");
    const key = `${product.id}|${variantKey(variants.value)}`;
    const same = merged.get(key);
    if (same) same.quantity += line.quantity;
    else merged.set(key, { ...line, selectedVariants: variants.value });
  }
  const units = new Map<number, number>();
  for (const line of merged.values()) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const prices = priceMany(
    tx,
    buyerFor(tx, buyer),
    [...units].map(([productId, quantity]) => ({ productId, salesPrice: found.get(productId)!.salesPrice, quantity })),
  );
  return [...merged.values()].map((line) => {
    const product = found.get(line.productId)!;
    const buyerPrice = prices.get(product.id)!.finalPrice;
    const unitPrice =
      line.unitPrice !== undefined ? line.unitPrice : line.discountPercent !== undefined ? applyPercentOff(buyerPrice, line.discountPercent) : null;
    return {
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice,
      buyerPrice,
      costPrice: product.costPrice,
      vatRate: product.vatRate,
    };
  });
}

/** A line as stored: its product may have been deleted since (a revision copies the line as it was). */
export type StoredQuoteLine = Omit<PreparedQuoteLine, "productId"> & { productId: number | null };

export function insertQuoteLines(tx: DB, quoteId: number, lines: readonly StoredQuoteLine[]) {
  if (lines.length === 0) return;
  tx.insert(quoteLines)
    .values(lines.map((line, position) => ({ quoteId, position, ...line })))
    .run();
}
