/**
 * The product page's inputs: the pricing call's query. Browser-safe. The rules the page's form shares
 * with the browser are in product-detail.ts.
 */
import { z } from "zod";
import { MAX_LINE_QUANTITY } from "~/domain/cart/cart-rules";

export const QUANTITY_MESSAGE = "Quantity must be a positive whole number";
export const QUANTITY_TOO_LARGE_MESSAGE = `Quantity must be at most ${MAX_LINE_QUANTITY.toLocaleString("en-GB")}`;

/** `?quantity=N` of the pricing call: a positive whole number, 1 when absent. */
export const pricingQuerySchema = z.object({
  quantity: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return 1;
      const text = value.trim();
      if (!/^\d+$/.test(text) || Number(text) < 1) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: QUANTITY_MESSAGE });
        return z.NEVER;
      }
      const quantity = Number(text);
      if (quantity > MAX_LINE_QUANTITY) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: QUANTITY_TOO_LARGE_MESSAGE });
        return z.NEVER;
      }
      return quantity;
    }),
});
