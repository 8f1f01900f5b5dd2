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
import { coerceAddQuantity, MAX_LINE_QUANTITY, PRODUCT_NOT_FOUND, VARIANT_FIELD_PREFIX } from "./cart-rules";

export { sameSitePath };
// the line rules live in cart-rules.ts (no schema library, for the product page's script); importers of
// the cart's schemas find them here too
export {
  coerceAddQuantity,
  MAX_LINE_QUANTITY,
  PRODUCT_NOT_FOUND,
  SELECT_ALL_OPTIONS,
  SELECT_ALL_OPTIONS_DESCRIPTION,
  sameVariants,
  VARIANT_FIELD_PREFIX,
  variantFieldName,
  variantKey,
  type SelectedVariants,
} from "./cart-rules";

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
