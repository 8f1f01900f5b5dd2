/**
 * The "Add selected to cart" command, read the same way from the list view's form (`items[0].productId`,
 * `items[0].quantity`, …, through Conform) and from the JSON API (`{items: [{productId, quantity,
 * selectedVariants?}]}`). A blank or 0 quantity means "not this one" and the line is dropped; at least one
 * line must remain. Server-side only in the catalogue (the pages' script carries no schema library).
 */
import { z } from "zod";
import { MAX_SELECTED_LINES, NOTHING_SELECTED } from "./add-selected";
import { addToCartSchema, MAX_LINE_QUANTITY } from "./cart.schema";

export const SELECTED_QUANTITY_MESSAGE = `Quantities are whole numbers from 0 to ${MAX_LINE_QUANTITY.toLocaleString("en-GB")}`;

/** Blank is 0; digits only otherwise ("5", not "5.5", "-1" or "1e3"). */
const quantityField = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0;
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return 0;
    return /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ invalid_type_error: SELECTED_QUANTITY_MESSAGE })
    .int(SELECTED_QUANTITY_MESSAGE)
    .min(0, SELECTED_QUANTITY_MESSAGE)
    .max(MAX_LINE_QUANTITY, SELECTED_QUANTITY_MESSAGE),
);

/** A line: the product (and its options, from the API) as the single add reads them, and a quantity. */
const selectedLineSchema = addToCartSchema.pick({ productId: true, selectedVariants: true }).extend({ quantity: quantityField });

export const addSelectedSchema = z.object({
  items: z
    .preprocess(
      // a form's rows come back as a list with gaps where a row sent no field (a product with options)
      (value) => (Array.isArray(value) ? value.filter((line) => line !== undefined && line !== null) : value),
      z
        .array(selectedLineSchema, {
          required_error: NOTHING_SELECTED,
          invalid_type_error: "items must be a list of {productId, quantity}",
        })
        .max(MAX_SELECTED_LINES, `At most ${MAX_SELECTED_LINES.toLocaleString("en-GB")} lines at once`),
    )
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, NOTHING_SELECTED),
});
export type AddSelectedCommand = z.infer<typeof addSelectedSchema>;
