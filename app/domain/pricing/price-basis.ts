/**
 * Which basis the storefront shows prices on: including VAT (the default, as the spec shows them) or
 * excluding VAT (how many trade buyers budget). Pure and browser-safe; money stays integer pence.
 *
 * A buyer on the inc-VAT basis sees each unit price with its VAT added, rounded half-up to the penny per
 * unit (the same rounding as a one-unit line). Totals are never worked out from shown unit prices: VAT is
 * worked out on each line and rounded there (see pricing.ts and the cart), so a line of 3 may differ by a
 * penny from 3 × the shown inc-VAT unit price.
 */
import { withVat } from "~/utils/money";

export const PRICE_BASES = ["inc", "ex"] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
export const DEFAULT_PRICE_BASIS: PriceBasis = "inc";

/** The cookie that remembers the choice, and for how long. */
export const PRICE_BASIS_COOKIE = "price_basis";
export const PRICE_BASIS_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Where the switch posts. */
export const PRICE_BASIS_PATH = "/prices";

/** "inc VAT" / "ex VAT": every shown price carries the words of its basis. */
export const BASIS_LABELS: Record<PriceBasis, string> = { inc: "inc VAT", ex: "ex VAT" };

/** The note shown wherever VAT is totalled. */
export const VAT_ROUNDING_NOTE = "VAT is worked out on each line and rounded to the penny.";

/** A basis from a cookie or a form; anything else is the default. */
export function parsePriceBasis(value: unknown): PriceBasis {
  return value === "ex" ? "ex" : DEFAULT_PRICE_BASIS;
}

/** A net (ex VAT) unit price on the buyer's basis: 1000 at 20% → 1200 inc, 1000 ex. */
export function priceOnBasis(netPence: number, vatRate: number, basis: PriceBasis): number {
  return basis === "inc" ? withVat(netPence, vatRate) : netPence;
}

// ─── The catalogue's price filter ───────────────────────────────────────────

/**
 * The price filter compares list prices (salesPrice, ex VAT, as the spec's slider does). On the inc-VAT
 * basis the buyer types inc-VAT pounds, so each bound is turned into an ex-VAT bound per VAT rate: the
 * products of one rate match exactly when their inc-VAT list price is within the buyer's bound.
 *
 * `lowestNetFor(bound, rate)`: the smallest net price whose inc-VAT price is at least `bound`.
 * `highestNetFor(bound, rate)`: the largest net price whose inc-VAT price is at most `bound`.
 * withVat never decreases as the net price grows, so both are well defined.
 */
export function lowestNetFor(incBound: number, vatRate: number): number {
  if (incBound <= 0) return 0;
  // an estimate one or two pence off the answer, then walked to it
  let net = Math.max(0, Math.floor((incBound * 10000) / (10000 + vatRate)) - 2);
  while (withVat(net, vatRate) < incBound) net += 1;
  return net;
}

export function highestNetFor(incBound: number, vatRate: number): number {
  if (incBound < 0) return -1;
  let net = Math.floor((incBound * 10000) / (10000 + vatRate)) + 2;
  while (net >= 0 && withVat(net, vatRate) > incBound) net -= 1;
  return net;
}

/** A price bound typed on `basis` as the ex-VAT bound for products of one VAT rate. */
export function netBoundFor(bound: number, side: "min" | "max", vatRate: number, basis: PriceBasis): number {
  if (basis === "ex") return bound;
  return side === "min" ? lowestNetFor(bound, vatRate) : highestNetFor(bound, vatRate);
}
