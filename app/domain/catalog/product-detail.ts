/**
 * The product page's pure rules, shared by its loader and its form in the browser: which options are still
 * to choose, the volume steps shown and the unit price on the buyer's basis. No schema library, so the
 * product page's script stays small.
 */
import type { SelectedVariants } from "~/domain/cart/cart-rules";
import { priceOnBasis, type PriceBasis } from "~/domain/pricing/price-basis";
import { bestVolumeRule, unitPriceFor, type UnitPrice, type VolumeRule } from "~/domain/pricing/pricing";

export type VariantGroup = { name: string; options: string[] };

/** The variant groups that have no valid choice yet, in the product's order. */
export function missingVariants(variants: readonly VariantGroup[], selected: SelectedVariants): string[] {
  return variants
    .filter((variant) => {
      const choice = selected[variant.name];
      return choice === undefined || !variant.options.includes(choice);
    })
    .map((variant) => variant.name);
}

/** One volume step as the breakdown shows it: the unit price (ex VAT, pence) a buyer pays from that quantity. */
export type VolumeStep = VolumeRule & { unitPrice: number };

/**
 * The steps that can ever apply, by minimum quantity: a rule whose discount is no bigger than one
 * reached at a lower quantity never decides a price (the largest discount reached wins), so it is not shown.
 */
export function effectiveVolumeRules<R extends VolumeRule>(rules: readonly R[]): R[] {
  const out: R[] = [];
  let best = 0;
  for (const rule of [...rules].sort((a, b) => a.minQuantity - b.minQuantity || b.discountPercentage - a.discountPercentage)) {
    if (rule.discountPercentage > best) {
      out.push(rule);
      best = rule.discountPercentage;
    }
  }
  return out;
}

/**
 * The list-price view of a product's volume steps, for visitors without trade prices: each step's
 * percentage off the list price.
 */
export function listVolumeSteps(salesPrice: number, rules: readonly VolumeRule[]): VolumeStep[] {
  return effectiveVolumeRules(rules).map((rule) => ({
    minQuantity: rule.minQuantity,
    discountPercentage: rule.discountPercentage,
    unitPrice: unitPriceFor({ salesPrice, volumeRules: [rule], quantity: rule.minQuantity }).finalPrice,
  }));
}

/** The step in force at a quantity (the largest discount reached), or null. */
export function activeVolumeStep<S extends VolumeRule>(steps: readonly S[], quantity: number): S | null {
  return bestVolumeRule(steps, quantity);
}

/** The unit price shown on the product page: the buyer's price (or the list price) on their basis, inc VAT by default. */
export function shownUnitPrice(
  salesPrice: number,
  vatRate: number,
  price: UnitPrice | null,
  basis: PriceBasis = "inc",
): number {
  return priceOnBasis(price ? price.finalPrice : salesPrice, vatRate, basis);
}

/** Whether a buyer's price differs from the list price for a visible reason. */
export function isDiscounted(price: UnitPrice | null): boolean {
  return price !== null && (price.customPrice !== null || price.tierDiscount > 0 || price.volumeDiscount > 0);
}
