/**
 * A quote's lines as the products are now: each product checked, its options resolved to their canonical
 * spelling, lines for the same product and options merged, and the buyer's own price (the pricing engine,
 * for their company, at the quantity of that product on the quote) and the cost kept beside the quoted price,
 * so a discount can be taken off the one and the margin read against the other. Each line's quantity keeps the
 * product's pack rule (minimum, multiple) as the cart does (docs/decisions/0074-pack-rules.md); the back office
 * may quote outside it with a reason, as counter staff may sell outside it (0072).
 */
import { inArray } from "drizzle-orm";
import { products, quoteLines } from "~db/schema";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import { lineRule, packFailure, resolveVariants, variantGroupsByProduct } from "~/domain/cart/cart.server";
import { QUOTE_PACK_OVERRIDE_REASON_REQUIRED } from "./quote.schema";
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

/** Quoting outside the pack rules: only the back office, with a reason (a buyer's request never may). */
export type PackRuleOverride = { overridePackRules?: boolean; packOverrideReason?: string | null };

/** A line quoted outside its product's pack rule, for the audit log. */
export type PackRuleBreak = { productId: number; productName: string; quantity: number; rule: string };

/** The pack rule's message, with the nearest quantity it allows named. */
const packMessage = (rule: string, nearest: number) => `${rule} The nearest quantity allowed is ${nearest}.`;

/**
 * The lines checked and priced for `buyer` (null: list prices). Throws OrderRefused (400, field "items") for a
 * product that does not exist or options that are not the product's, and (400, field "quantity") for a line
 * whose quantity (same product and options together) breaks its pack rule, naming the rule and the nearest
 * quantity allowed, unless `override` is ticked with a reason (400 on "packOverrideReason" without one); the
 * caller's transaction then writes nothing. Answers the lines, and those quoted outside their rule.
 */
export function prepareQuoteLines(
  tx: DB,
  buyer: SessionUser | null,
  input: readonly QuoteLineInput[],
  override: PackRuleOverride = {},
): { lines: PreparedQuoteLine[]; overridden: PackRuleBreak[] } {
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
            ...productPackColumns,
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
  const broken = [...merged.values()].flatMap((line) => {
    const product = found.get(line.productId)!;
    const refused = packFailure(lineRule(product, groups.get(product.id) ?? []), product.name, line.quantity);
    return refused ? [{ productId: product.id, productName: product.name, quantity: line.quantity, rule: packMessage(refused.message, refused.validQuantity!) }] : [];
  });
  if (broken.length > 0 && !override.overridePackRules) throw refuse(400, broken.map((line) => line.rule).join("; "), "quantity");
  if (broken.length > 0 && !override.packOverrideReason?.trim()) throw refuse(400, QUOTE_PACK_OVERRIDE_REASON_REQUIRED, "packOverrideReason");
  const units = new Map<number, number>();
  for (const line of merged.values()) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const prices = priceMany(
    tx,
    buyerFor(tx, buyer),
    [...units].map(([productId, quantity]) => ({ productId, salesPrice: found.get(productId)!.salesPrice, quantity })),
  );
  const lines = [...merged.values()].map((line) => {
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
  return { lines, overridden: broken };
}

/** A line as stored: its product may have been deleted since (a revision copies the line as it was). */
export type StoredQuoteLine = Omit<PreparedQuoteLine, "productId"> & { productId: number | null };

export function insertQuoteLines(tx: DB, quoteId: number, lines: readonly StoredQuoteLine[]) {
  if (lines.length === 0) return;
  tx.insert(quoteLines)
    .values(lines.map((line, position) => ({ quoteId, position, ...line })))
    .run();
}
