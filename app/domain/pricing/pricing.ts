/**
 * The pricing rule, shared by the storefront, the cart, checkout and the seed data. Pure and browser-safe:
 * amounts are integer pence, percentages integer hundredths (10.00% = 1000).
 */
import { divideRoundHalfUp, vatOn } from "~/utils/money";

export type VolumeRule = { minQuantity: number; discountPercentage: number };

export type UnitPriceInput = {
  /** list price, ex VAT, pence */
  salesPrice: number;
  /** this customer's agreed price for the product, if any */
  customPrice?: number | null;
  /** the customer's price tier discount (hundredths), if any */
  tierDiscount?: number | null;
  volumeRules?: readonly VolumeRule[];
  /** units of this product in the cart, all variants together */
  quantity: number;
};

export type UnitPrice = {
  /** unit price ex VAT, pence */
  finalPrice: number;
  /** the custom price when it was the price, else null */
  customPrice: number | null;
  /** tier discount applied (hundredths), 0 when none */
  tierDiscount: number;
  /** volume discount applied (hundredths), 0 when none */
  volumeDiscount: number;
};

/** The rule with the largest discount among those whose minimum quantity is reached, or null. */
export function bestVolumeRule<R extends VolumeRule>(rules: readonly R[] | null | undefined, quantity: number): R | null {
  let best: R | null = null;
  for (const rule of rules ?? []) {
    if (rule.minQuantity <= quantity && (best === null || rule.discountPercentage > best.discountPercentage)) {
      best = rule;
    }
  }
  return best;
}

const HUNDRED_PERCENT = 10000;

/**
 * A customer price wins outright. Otherwise tier and volume discounts compound on the list price and the
 * result is rounded once, half-up, to the penny.
 */
export function unitPriceFor({
  salesPrice,
  customPrice,
  tierDiscount,
  volumeRules,
  quantity,
}: UnitPriceInput): UnitPrice {
  if (customPrice !== null && customPrice !== undefined) {
    return { finalPrice: customPrice, customPrice, tierDiscount: 0, volumeDiscount: 0 };
  }
  const tier = tierDiscount ?? 0;
  const volume = bestVolumeRule(volumeRules, quantity)?.discountPercentage ?? 0;
  if (tier === 0 && volume === 0) {
    return { finalPrice: salesPrice, customPrice: null, tierDiscount: 0, volumeDiscount: 0 };
  }
  const finalPrice = scaleRoundHalfUp(salesPrice, HUNDRED_PERCENT - tier, HUNDRED_PERCENT - volume);
  return { finalPrice, customPrice: null, tierDiscount: tier, volumeDiscount: volume };
}

/** price × a × b / 10^8, rounded half-up; exact in integers even for very large prices. */
function scaleRoundHalfUp(price: number, a: number, b: number): number {
  const denominator = HUNDRED_PERCENT * HUNDRED_PERCENT;
  const numerator = price * a * b;
  if (Math.abs(numerator) * 2 + denominator <= Number.MAX_SAFE_INTEGER) {
    return divideRoundHalfUp(numerator, denominator);
  }
  const n = BigInt(price) * BigInt(a) * BigInt(b);
  const d = BigInt(denominator);
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return Number(sign * ((2n * abs + d) / (2n * d)));
}

export type PricedLine = { unitPrice: number; quantity: number; vatRate: number };

export type LineTotals = {
  /** per line: net = quantity × unitPrice (ex VAT), vat rounded half-up on that net */
  lines: { net: number; vat: number }[];
  subtotal: number;
  vatAmount: number;
  total: number;
};

/** VAT per line, rounded half-up; the totals are sums of the rounded lines. */
export function lineTotals(lines: readonly PricedLine[]): LineTotals {
  let subtotal = 0;
  let vatAmount = 0;
  const out = lines.map((line) => {
    const net = line.quantity * line.unitPrice;
    const vat = vatOn(net, line.vatRate);
    subtotal += net;
    vatAmount += vat;
    return { net, vat };
  });
  return { lines: out, subtotal, vatAmount, total: subtotal + vatAmount };
}
