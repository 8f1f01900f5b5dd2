/**
 * "Add selected to cart" from a product listing in list view: every row with a quantity goes into the cart
 * in one post. Pure and browser-safe (no schema library: the catalogue pages' script stays light); the
 * schema is add-selected.schema.ts, the use case add-selected.server.ts.
 *
 * The form names its rows `items[0].productId` / `items[0].quantity`, … (a row per product, blank for
 * "not this one"), the shape of the JSON API's `{items: [{productId, quantity}]}`, so one schema reads both.
 */
import { countOf, lineName, productsAndUnits } from "./cart-words";
import type { SelectedVariants } from "./cart-rules";

/** Where the list view's form posts. */
export const ADD_SELECTED_PATH = "/cart/add-selected";
/** The listing URL's parameter naming the last result, so the page can show it (and keep what was refused). */
export const ADD_SELECTED_RESULT_PARAM = "added";
/** At most this many rows in one post: a cart holds at most 1,000 lines. */
export const MAX_SELECTED_LINES = 1000;

export const NOTHING_SELECTED = "Type a quantity for at least one product";
export const NOTHING_ADDED = "Nothing was added to your cart";

/** A row's field: `items[3].quantity`. */
export function selectedField(index: number, part: "productId" | "quantity"): string {
  return `items[${index}].${part}`;
}

export type SelectedLine = { productId: number; productName: string; selectedVariants: SelectedVariants; quantity: number };
/** A line that did not go in, why in a few words ("only 6 left in stock"), and the status a lone add would answer. */
export type RefusedLine = SelectedLine & { reason: string; status: number };
export type AddSelectedOutcome = { added: SelectedLine[]; refused: RefusedLine[] };

/** "5 × Penne Pasta 3kg" */
export function describeLine(line: SelectedLine): string {
  return `${line.quantity} × ${lineName(line.productName, line.selectedVariants)}`;
}

/** "10 × Free-Range Eggs (only 6 left in stock)" */
export function describeRefused(line: RefusedLine): string {
  return `${describeLine(line)} (${line.reason})`;
}

function listed(lines: readonly string[], limit: number): string {
  const shown = lines.slice(0, limit);
  const more = lines.length - shown.length;
  return more > 0 ? `${shown.join("; ")} and ${countOf(more, "more line")}` : shown.join("; ");
}

/**
 * The notice after the post: what went in (title and lines) and what did not, with why. Nothing added is a
 * refusal; some added and some refused is a success that names the refused lines.
 */
export function addSelectedNotice(outcome: AddSelectedOutcome, limit = 5): { title: string; description: string; variant?: "destructive" } {
  const units = outcome.added.reduce((sum, line) => sum + line.quantity, 0);
  const products = new Set(outcome.added.map((line) => line.productId)).size;
  const notAdded = outcome.refused.length > 0 ? `Not added: ${listed(outcome.refused.map(describeRefused), limit)}.` : "";
  if (outcome.added.length === 0) {
    return { title: NOTHING_ADDED, description: notAdded, variant: "destructive" };
  }
  const added = `${listed(outcome.added.map(describeLine), limit)}.`;
  return {
    title: `Added ${productsAndUnits(products, units)} to your cart`,
    description: notAdded ? `${added} ${notAdded}` : added,
  };
}
