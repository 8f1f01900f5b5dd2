/**
 * Cart commands, shared by the product page's form, the cart page, the JSON API and the browser.
 * Browser-safe: no server imports.
 *
 * A form posts `productId`, `quantity`, one `variant:<Variant name>` field per variant (e.g. `variant:Size=L`)
 * and `redirectTo`; `cartInputFromForm` turns that into the same object the JSON API receives
 * (`{productId, quantity, selectedVariants: {name: option}}`), so one schema checks both.
 */
import { z } from "zod";
import { sameSitePath } from "~/utils/safe-redirect";

export { sameSitePath };

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


const productIdField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
  z
    .number({ required_error: PRODUCT_NOT_FOUND, invalid_type_error: PRODUCT_NOT_FOUND })
    .int(PRODUCT_NOT_FOUND)
    .positive(PRODUCT_NOT_FOUND)
    .max(Number.MAX_SAFE_INTEGER, PRODUCT_NOT_FOUND),
);

/** Variant name → chosen option. Blank choices count as "not chosen"; names and options are trimmed. */
const selectedVariantsField = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return {};
    if (typeof value !== "object" || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [name, option] of Object.entries(value)) {
      const trimmedName = name.trim();
      const trimmedOption = typeof option === "string" ? option.trim() : option;
      if (trimmedName === "" || trimmedOption === "") continue;
      out[trimmedName] = trimmedOption;
    }
    return out;
  },
  z
    .record(
      z.string().max(100, "Variant names are at most 100 characters"),
      z.string({ invalid_type_error: "Each variant option must be text" }).max(200, "Variant options are at most 200 characters"),
      { invalid_type_error: "selectedVariants must map variant names to options" },
    )
    .refine((record) => Object.keys(record).length <= 50, "A product has at most 50 variants"),
);

const redirectToField = z.unknown().transform((value) => sameSitePath(value));

/** Add to cart: product, quantity (invalid → 1, capped), the chosen variants, and where to go afterwards. */
export const addToCartSchema = z.object({
  productId: productIdField,
  quantity: z.unknown().transform(coerceAddQuantity),
  selectedVariants: selectedVariantsField,
  redirectTo: redirectToField,
});
export type AddToCartCommand = z.infer<typeof addToCartSchema>;

/** A cart line is a product plus its chosen variants: what remove and change-quantity point at. */
export const cartLineRefSchema = z.object({
  productId: productIdField,
  selectedVariants: selectedVariantsField,
  redirectTo: redirectToField,
});

const QUANTITY_MESSAGE = "Quantity must be a whole number";

/** Change a line's quantity; 0 or less removes the line. */
export const setLineQuantitySchema = cartLineRefSchema.extend({
  quantity: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  ),
});

/**
 * Turns a posted form into the JSON shape of the cart commands: `productId`, `quantity`, `redirectTo` as
 * posted, and every non-empty `variant:<name>` field into `selectedVariants[name]`.
 */
export function cartInputFromForm(formData: FormData) {
  const selectedVariants: Record<string, string> = {};
  for (const [field, value] of formData.entries()) {
    if (!field.startsWith(VARIANT_FIELD_PREFIX) || typeof value !== "string") continue;
    const name = field.slice(VARIANT_FIELD_PREFIX.length);
    if (name.trim() === "" || value.trim() === "" || name in selectedVariants) continue;
    selectedVariants[name] = value;
  }
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    productId: text("productId"),
    quantity: text("quantity"),
    selectedVariants,
    redirectTo: text("redirectTo"),
  };
}

/** The add-to-cart form, parsed with the same schema as the API's JSON. */
export function parseAddToCartForm(formData: FormData) {
  return addToCartSchema.safeParse(cartInputFromForm(formData));
}
