/**
 * The rules of a cart line that the product page's form shares with the browser: the quantity limit, how
 * a variant's choice is posted and when two choices are the same line. Pure, with no schema library, so a
 * catalogue page's script does not carry one (the schemas in cart.schema.ts build on these).
 */

/** The most units one cart line (and one add) may hold. */
export const MAX_LINE_QUANTITY = 100_000;
/** Form fields named `variant:<Variant name>` carry the chosen option of that variant. */
export const VARIANT_FIELD_PREFIX = "variant:";

export const PRODUCT_NOT_FOUND = "Product not found";
export const SELECT_ALL_OPTIONS = "Please select all options";
export const SELECT_ALL_OPTIONS_DESCRIPTION = "You must select all product variants before adding to cart.";

export type SelectedVariants = Record<string, string>;

/** The form field that carries a variant's choice: `variant:Size`. */
export function variantFieldName(variantName: string) {
  return `${VARIANT_FIELD_PREFIX}${variantName}`;
}

/**
 * The canonical form of a line's variants: JSON with the keys sorted, so {Size, Colour} and {Colour, Size}
 * are the same line. Stored as cart_items.variantKey.
 */
export function variantKey(selected: SelectedVariants | null | undefined): string {
  const sorted: SelectedVariants = {};
  for (const name of Object.keys(selected ?? {}).sort()) sorted[name] = selected![name];
  return JSON.stringify(sorted);
}

/** Deep equality of two variant choices (the spec's rule for "the same line"). */
export function sameVariants(a: SelectedVariants | null | undefined, b: SelectedVariants | null | undefined) {
  return variantKey(a) === variantKey(b);
}

/**
 * Quantity on the product page: "minimum 1; invalid input becomes 1". Fractions are cut, and anything over
 * the line limit is capped, so a typo never turns into an error page.
 */
export function coerceAddQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim() || NaN) : NaN;
  if (!Number.isFinite(number)) return 1;
  const whole = Math.trunc(number);
  if (whole < 1) return 1;
  return Math.min(whole, MAX_LINE_QUANTITY);
}
