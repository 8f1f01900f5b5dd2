/**
 * The cart's counting words and the short-line rule, pure and browser-safe: one place says "1 line
 * (3 items) was restored", "Added 3 products (14 units)" and how much of a line fits when a reorder or a
 * template asks for more than there is.
 */

/** "1 product", "3 products": the count and the noun, singular for one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? singular : plural}`;
}

/** "was" for one, "were" for any other count. */
export const wasOrWere = (count: number) => (count === 1 ? "was" : "were");

/** "1 line (3 items)", "2 lines (1 item)": cart lines and the units on them. */
export function linesAndItems(lines: number, units: number): string {
  return `${countOf(lines, "line")} (${countOf(units, "item")})`;
}

/** "3 products (14 units)": distinct products and the units put in. */
export function productsAndUnits(products: number, units: number): string {
  return `${countOf(products, "product")} (${countOf(units, "unit")})`;
}

/**
 * The short-line rule: how many of the `asked` units a reorder or template line puts in when `room` units
 * are left (stock not already in the cart, and what the cart line may still hold). All of them when they
 * fit; otherwise as many as there are, which is none when there is no room.
 */
export function unitsThatFit(asked: number, room: number): number {
  return Math.max(0, Math.min(asked, Math.floor(room)));
}

/** "Hi-Vis Vest (Size: L, Colour: Yellow)"; just the name when the line has no options. */
export function lineName(productName: string, selectedVariants: Record<string, string>): string {
  const options = Object.entries(selectedVariants).map(([name, option]) => `${name}: ${option}`);
  return options.length > 0 ? `${productName} (${options.join(", ")})` : productName;
}

/**
 * A line that went in with fewer units than asked for (added 0: none could be had). `inCart` is how many of
 * the product the cart already held when none could be added: the stock is all in the cart, not gone.
 */
export type ShortLine = { name: string; asked: number; added: number; inCart?: number };

/** A line a pack rule moved to the nearest quantity it allows (a case of 6: asked 5, added 6). */
export type PackAdjustedLine = { name: string; asked: number; added: number };

/** A line left out altogether, named with its options, and why ("no longer available"). */
export type LeftOutLine = { name: string; reason: string };

/**
 * What a reorder or a template load says: the title "Added 3 products (12 units) to your cart" (null when
 * nothing went in), and the details "Short: Nitrile Gloves (asked 10, added 4); Blue Roll: out of stock.
 * Skipped: Mop (no longer available)." ("" when every line went in whole).
 */
export function bulkAddNotice(result: {
  products: number;
  units: number;
  short: readonly ShortLine[];
  /** lines moved to their pack size (reorders and templates) */
  adjusted?: readonly PackAdjustedLine[];
  leftOut: readonly LeftOutLine[];
  /** where the lines came from: 'from "Milk run"' goes before "to your cart" */
  from?: string;
}): { title: string | null; details: string } {
  const details = [
    result.short.length > 0 ? `Short: ${describeShortLines(result.short)}.` : "",
    result.adjusted && result.adjusted.length > 0
      ? `Changed to pack sizes: ${result.adjusted.map((line) => `${line.name} (asked ${line.asked}, added ${line.added})`).join("; ")}.`
      : "",
    result.leftOut.length > 0 ? `Skipped: ${result.leftOut.map((line) => `${line.name} (${line.reason})`).join("; ")}.` : "",
  ];
  return {
    title:
      result.units > 0
        ? `Added ${productsAndUnits(result.products, result.units)}${result.from ? ` from "${result.from}"` : ""} to your cart`
        : null,
    details: details.filter(Boolean).join(" "),
  };
}

function describeShortLine(line: ShortLine): string {
  if (line.added > 0) return `${line.name} (asked ${line.asked}, added ${line.added})`;
  if (line.inCart) return `${line.name} (asked ${line.asked}, none left beyond the ${line.inCart} in your cart)`;
  return `${line.name}: out of stock`;
}

/** "Nitrile Gloves (asked 10, added 4); Blue Roll: out of stock" */
export function describeShortLines(lines: readonly ShortLine[]): string {
  return lines.map(describeShortLine).join("; ");
}

/**
 * What signing in says when lines of the guest's cart broke their pack rule once merged (the rule changed
 * since they were added) and were moved to the nearest valid quantity: "" when none were.
 */
export function guestCartPackNote(adjusted: readonly PackAdjustedLine[]): string {
  if (adjusted.length === 0) return "";
  return `Your cart was changed to pack sizes: ${adjusted.map((line) => `${line.name} (had ${line.asked}, now ${line.added})`).join("; ")}.`;
}
