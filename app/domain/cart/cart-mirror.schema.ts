/**
 * The browser's copy of the cart. With JavaScript, the cart page writes the server's lines to localStorage
 * under one fixed key; if the server's cart comes back empty while the copy has lines (the session was
 * lost), the page offers to restore them and posts the lines back, where the server checks each one again.
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { cartLineRefSchema, MAX_LINE_QUANTITY } from "./cart.schema";

/** The fixed localStorage key. */
export const CART_MIRROR_KEY = "infy-wholesale-cart";
/** As many lines as a cart may hold. */
const MAX_MIRROR_LINES = 1000;

const cartMirrorLineSchema = z.object({
  productId: cartLineRefSchema.shape.productId,
  selectedVariants: cartLineRefSchema.shape.selectedVariants,
  quantity: z.number().int().positive().max(MAX_LINE_QUANTITY),
});
export type CartMirrorLine = z.infer<typeof cartMirrorLineSchema>;

const RESTORE_INVALID = "The saved items could not be read";

/** The restore-mirror post: `lines` is the JSON text of the remembered lines. */
export const restoreMirrorSchema = z.object({
  lines: z
    .string({ required_error: RESTORE_INVALID, invalid_type_error: RESTORE_INVALID })
    .max(500_000, RESTORE_INVALID)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: z.ZodIssueCode.custom, message: RESTORE_INVALID });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(cartMirrorLineSchema, { invalid_type_error: RESTORE_INVALID })
        .min(1, "There were no saved items to restore")
        .max(MAX_MIRROR_LINES, RESTORE_INVALID),
    ),
});

/**
 * What is stored under the key: whose cart it was ("guest" or "user:<id>", so one person's lines are
 * never offered to the next person on a shared computer), when the server last showed it (server time,
 * to compare with the time of the last order), and the lines.
 */
const cartMirrorSchema = z.object({
  owner: z.string(),
  savedAt: z.number(),
  lines: z.array(cartMirrorLineSchema).max(MAX_MIRROR_LINES),
});
export type CartMirror = z.infer<typeof cartMirrorSchema>;

/** The stored text back into a mirror; anything unreadable counts as no mirror. */
export function parseCartMirror(text: string | null): CartMirror | null {
  if (!text) return null;
  try {
    const parsed = cartMirrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type MirrorDecision = "offer" | "discard" | "keep";

/**
 * What to do with the stored copy when the server's cart is EMPTY:
 * - discard it when it belongs to someone else, when an order was placed after it was saved (checkout
 *   emptied the cart), or when the cart was emptied on this page;
 * - otherwise offer to restore it.
 * With nothing stored there is nothing to do.
 */
export function decideEmptyCartMirror(
  mirror: CartMirror | null,
  context: { owner: string; lastOrderAt: number | null; emptiedHere: boolean },
): MirrorDecision {
  if (!mirror || mirror.lines.length === 0) return mirror ? "discard" : "keep";
  if (context.emptiedHere) return "discard";
  if (mirror.owner !== context.owner) return "discard";
  if (context.lastOrderAt !== null && context.lastOrderAt >= mirror.savedAt) return "discard";
  return "offer";
}
