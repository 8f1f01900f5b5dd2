/**
 * What a loyalty voucher does to an order (decisions.md "Loyalty"). Pure and browser-safe, so the checkout
 * summary and the order written at checkout are computed by the same code.
 *
 * - discount_percentage: that share of the goods subtotal (ex VAT), rounded half-up to the penny;
 * - discount_fixed: that amount, but never more than the goods subtotal;
 * - either discount is spread over the lines pro rata to their net value before VAT is worked out, so VAT is
 *   charged on what the customer actually pays, line by line, rounded half-up as usual;
 * - free_product: one unit of the product as an extra line at £0 (no VAT);
 * - free_shipping: the order's delivery charge is taken off (app/domain/ordering/delivery-charge.ts), and the
 *   order, its invoice and its mail say "Free delivery (reward)".
 */
import { divideRoundHalfUp, formatMoney, formatPercent, vatOn } from "~/utils/money";
import type { RewardType } from "./reward.schema";
import type { PricedLine } from "~/domain/pricing/pricing";

export type VoucherTerms = {
  rewardType: RewardType;
  /** hundredths of a percent for discount_percentage (1000 = 10%), pence for discount_fixed */
  rewardValue: number | null;
};

export const VOUCHER_FIELD = "voucherCode";

/**
 * A voucher code as compared: letters and digits only, upper case. Codes are typed in any case, with
 * spaces or hyphens or neither: " tc-7kq2 m9xd" and "TC7KQ2M9XD" both name TC-7KQ2-M9XD.
 */
export function normaliseVoucherCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** The discount (pence) a voucher gives on a goods subtotal (pence, ex VAT). */
export function voucherDiscount(goodsSubtotal: number, terms: VoucherTerms | null): number {
  if (!terms || goodsSubtotal <= 0) return 0;
  const value = Math.max(0, terms.rewardValue ?? 0);
  if (terms.rewardType === "discount_percentage") {
    return Math.min(goodsSubtotal, divideRoundHalfUp(goodsSubtotal * Math.min(value, 10000), 10000));
  }
  if (terms.rewardType === "discount_fixed") return Math.min(goodsSubtotal, value);
  return 0;
}

/**
 * Splits a discount over lines in proportion to their net values. Each line gets the whole-penny part of its
 * share; the pennies left over go to the lines with the largest remainders (earlier lines first on a tie).
 * The shares add up to the discount exactly, and no line is taken below zero.
 */
export function spreadDiscount(nets: readonly number[], discount: number): number[] {
  const total = nets.reduce((sum, net) => sum + net, 0);
  if (discount <= 0 || total <= 0) return nets.map(() => 0);
  const amount = Math.min(discount, total);
  // BigInt: amount × net can pass 2^53 on a very large order
  const whole = BigInt(amount);
  const of = BigInt(total);
  const shares = nets.map((net) => Number((whole * BigInt(net)) / of));
  const remainders = nets.map((net, index) => ({ index, remainder: (whole * BigInt(net)) % of }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    if (shares[index] < nets[index]) {
      shares[index] += 1;
      left -= 1;
    }
  }
  return shares;
}

export type DiscountedLine = {
  /** quantity × unitPrice, ex VAT, before the voucher */
  gross: number;
  /** this line's share of the voucher discount */
  discount: number;
  /** what the customer pays for the line, ex VAT: gross − discount */
  net: number;
  /** VAT on net, rounded half-up */
  vat: number;
};

export type VoucherTotals = {
  lines: DiscountedLine[];
  /** the goods before the voucher, ex VAT */
  goodsSubtotal: number;
  discount: number;
  /** after the voucher, ex VAT: what the order's subtotal is */
  subtotal: number;
  vatAmount: number;
  total: number;
};

/** Order totals with a voucher's discount (if any) taken off the lines before VAT. */
export function totalsWithVoucher(lines: readonly PricedLine[], terms: VoucherTerms | null): VoucherTotals {
  const grosses = lines.map((line) => line.quantity * line.unitPrice);
  const goodsSubtotal = grosses.reduce((sum, gross) => sum + gross, 0);
  const discount = voucherDiscount(goodsSubtotal, terms);
  const shares = spreadDiscount(grosses, discount);
  let subtotal = 0;
  let vatAmount = 0;
  const out = lines.map((line, index) => {
    const net = grosses[index] - shares[index];
    const vat = vatOn(net, line.vatRate);
    subtotal += net;
    vatAmount += vat;
    return { gross: grosses[index], discount: shares[index], net, vat };
  });
  return { lines: out, goodsSubtotal, discount, subtotal, vatAmount, total: subtotal + vatAmount };
}

/**
 * The part of a fixed voucher that an order does not use (pence): a £10 voucher on £6.99 of goods leaves
 * £3.01, which is not kept. Zero for every other kind of voucher, and when the goods cover the voucher.
 */
export function unusedVoucherValue(terms: VoucherTerms | null, totals: Pick<VoucherTotals, "discount">): number {
  if (!terms || terms.rewardType !== "discount_fixed") return 0;
  return Math.max(0, (terms.rewardValue ?? 0) - totals.discount);
}

/** What a reward or voucher does, as the spec words it: "10% off your order", "£5 off your order", … */
export function rewardEffectText(type: RewardType, value: number | null): string {
  switch (type) {
    case "discount_percentage":
      return `${formatPercent(value ?? 0)} off your order`;
    case "discount_fixed": {
      const pence = value ?? 0;
      return `${pence % 100 === 0 ? `£${(pence / 100).toLocaleString("en-GB")}` : formatMoney(pence)} off your order`;
    }
    case "free_shipping":
      return "Free shipping";
    case "free_product":
      return "Free product";
  }
}
