/**
 * The sale in progress at the counter (the POS basket) and the counter's small rules. Pure: the basket is
 * kept in the admin's server-side session (pos-basket.server.ts), which stores whatever these return.
 */
import { z } from "zod";
import { MAX_LINE_QUANTITY } from "~/domain/cart/cart.schema";
import { MAX_ORDER_LINES } from "~/domain/orders/order.schema";
import type { PaymentMethod } from "~/domain/invoices/sales-invoice.schema";

export type PosBasketLine = { productId: number; quantity: number };
export type PosBasket = { lines: PosBasketLine[]; customerId: string | null };

export const EMPTY_BASKET: PosBasket = { lines: [], customerId: null };

const storedSchema = z.object({
  lines: z
    .array(z.object({ productId: z.number().int().positive(), quantity: z.number().int().positive().max(MAX_LINE_QUANTITY) }))
    .max(MAX_ORDER_LINES),
  customerId: z.string().min(1).max(64).nullable(),
});

/** The session's basket; anything malformed (an older format, a tampered value) reads as an empty basket. */
export function parseBasket(value: unknown): PosBasket {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return EMPTY_BASKET;
  return { lines: mergeLines(parsed.data.lines), customerId: parsed.data.customerId };
}

/** Lines of one product are one line, in the order they first appear. */
export function mergeLines(lines: readonly PosBasketLine[]): PosBasketLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The basket with the product's line at `quantity`: a new line goes last, 0 takes the line out. */
export function withQuantity(basket: PosBasket, productId: number, quantity: number): PosBasket {
  if (quantity <= 0) return withoutLine(basket, productId);
  const exists = basket.lines.some((line) => line.productId === productId);
  const lines = exists
    ? basket.lines.map((line) => (line.productId === productId ? { productId, quantity } : line))
    : [...basket.lines, { productId, quantity }];
  return { ...basket, lines };
}

export function withoutLine(basket: PosBasket, productId: number): PosBasket {
  return { ...basket, lines: basket.lines.filter((line) => line.productId !== productId) };
}

export function quantityInBasket(basket: PosBasket, productId: number): number {
  return basket.lines.find((line) => line.productId === productId)?.quantity ?? 0;
}

type AccountChoice = { id: number; type: string };

/**
 * Where the money goes when the cashier does not say: cash into the first cash account (the till), cards
 * and transfers into the first bank account, else the first payment gateway, else any account that is not
 * a credit card (money taken is not put on a card). Null when there is no such account.
 */
export function defaultAccountFor(method: PaymentMethod, accounts: readonly AccountChoice[]): number | null {
  const preference = method === "cash" ? ["cash", "bank", "payment_gateway"] : ["bank", "payment_gateway", "cash"];
  for (const type of preference) {
    const found = accounts.find((account) => account.type === type);
    if (found) return found.id;
  }
  return accounts.find((account) => account.type !== "credit_card")?.id ?? null;
}
