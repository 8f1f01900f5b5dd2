/** An admin's stock adjustment: browser-safe, shared by the form and the API. */
import { z } from "zod";

export const STOCK_CHANGE_LIMIT = 1_000_000;

export const stockAdjustmentSchema = z.object({
  productId: z.coerce.number({ invalid_type_error: "Choose a product" }).int().positive("Choose a product"),
  change: z.coerce
    .number({ required_error: "Enter the units in (e.g. 12) or out (e.g. -3)", invalid_type_error: "Enter a whole number of units, e.g. 12 or -3" })
    .int("Enter a whole number of units, e.g. 12 or -3")
    .refine((n) => n !== 0, "Enter the units in (e.g. 12) or out (e.g. -3), not 0")
    .refine((n) => Math.abs(n) <= STOCK_CHANGE_LIMIT, `At most ${STOCK_CHANGE_LIMIT.toLocaleString("en-GB")} units at once`),
  note: z
    .string({ required_error: "Say why the stock changes (e.g. stock count, breakage)" })
    .trim()
    .min(3, "Say why the stock changes (e.g. stock count, breakage)")
    .max(200, "Keep the reason to 200 characters"),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** POST /api/admin/products/{id}/stock-adjustments {change, note}: the product is the URL's. */
export const stockAdjustmentBodySchema = stockAdjustmentSchema.omit({ productId: true });

export const STOCK_ADJUSTED = "Stock adjusted";
export const ADJUST_STOCK_INTENT = "adjust-stock";

/** +12 / −3: a movement's change as the history shows it. */
export function signedChange(change: number): string {
  return change > 0 ? `+${change}` : `\u2212${-change}`;
}

/** How each reason reads in a movement history. */
export const MOVEMENT_REASON_LABELS = {
  opening: "Opening stock",
  sale: "Sale",
  cancellation: "Order cancelled",
  return: "Return completed",
  receipt: "Purchase order received",
  adjustment: "Adjustment",
  edit: "Product edited",
  import: "CSV import",
} as const;
