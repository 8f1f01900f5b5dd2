import { describe, expect, it } from "vitest";
import { lineTotals } from "~/domain/pricing/pricing";
import {
  normaliseVoucherCode,
  rewardEffectText,
  spreadDiscount,
  totalsWithVoucher,
  unusedVoucherValue,
  voucherDiscount,
} from "./vouchers";

describe("voucherDiscount", () => {
  it("takes a percentage of the goods, rounded half-up to the penny", () => {
    expect(voucherDiscount(12345, { rewardType: "discount_percentage", rewardValue: 1000 })).toBe(1235); // 1234.5
    expect(voucherDiscount(12344, { rewardType: "discount_percentage", rewardValue: 1000 })).toBe(1234); // 1234.4
    expect(voucherDiscount(999, { rewardType: "discount_percentage", rewardValue: 1250 })).toBe(125); // 124.875
  });

  it("never takes more than the goods", () => {
    expect(voucherDiscount(300, { rewardType: "discount_fixed", rewardValue: 500 })).toBe(300);
    expect(voucherDiscount(300, { rewardType: "discount_percentage", rewardValue: 20000 })).toBe(300);
    expect(voucherDiscount(0, { rewardType: "discount_fixed", rewardValue: 500 })).toBe(0);
  });

  it("gives no money off for free shipping, a free product or no voucher", () => {
    expect(voucherDiscount(5000, { rewardType: "free_shipping", rewardValue: null })).toBe(0);
    expect(voucherDiscount(5000, { rewardType: "free_product", rewardValue: null })).toBe(0);
    expect(voucherDiscount(5000, null)).toBe(0);
  });
});

describe("spreadDiscount", () => {
  it("shares a discount pro rata and the shares add up exactly", () => {
    // 500 over 1000 / 2000 / 3000 → 83.33 / 166.67 / 250
    const shares = spreadDiscount([1000, 2000, 3000], 500);
    expect(shares).toEqual([83, 167, 250]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it("gives leftover pennies to the largest remainders, earlier lines first on a tie", () => {
    expect(spreadDiscount([100, 100, 100], 2)).toEqual([1, 1, 0]);
    expect(spreadDiscount([1, 1, 1], 3)).toEqual([1, 1, 1]);
  });

  it("never takes a line below zero and caps the discount at the total", () => {
    expect(spreadDiscount([0, 250, 50], 1000)).toEqual([0, 250, 50]);
    expect(spreadDiscount([0, 0], 100)).toEqual([0, 0]);
  });

  it("stays exact on very large orders", () => {
    const nets = [9_999_999_999, 1, 123_456_789];
    const shares = spreadDiscount(nets, 1_000_000_000);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_000_000_000);
    shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(nets[index]));
  });
});

describe("totalsWithVoucher", () => {
  const lines = [
    { unitPrice: 1000, quantity: 3, vatRate: 2000 }, // 30.00 at 20%
    { unitPrice: 333, quantity: 7, vatRate: 500 }, // 23.31 at 5%
    { unitPrice: 199, quantity: 1, vatRate: 0 }, // 1.99 at 0%
  ];

  it("without a voucher is exactly the ordinary line totals", () => {
    const plain = lineTotals(lines);
    const totals = totalsWithVoucher(lines, null);
    expect(totals.discount).toBe(0);
    expect(totals.subtotal).toBe(plain.subtotal);
    expect(totals.vatAmount).toBe(plain.vatAmount);
    expect(totals.total).toBe(plain.total);
  });

  it("takes 10% off before VAT, line by line, to the penny", () => {
    const totals = totalsWithVoucher(lines, { rewardType: "discount_percentage", rewardValue: 1000 });
    // goods 5530; 10% = 553; shares 300 / 233.1 / 19.9 → 300, 233, 20
    expect(totals.goodsSubtotal).toBe(5530);
    expect(totals.discount).toBe(553);
    expect(totals.lines.map((line) => line.discount)).toEqual([300, 233, 20]);
    expect(totals.lines.map((line) => line.net)).toEqual([2700, 2098, 179]);
    // VAT: 2700 × 20% = 540; 2098 × 5% = 104.9 → 105; 0
    expect(totals.lines.map((line) => line.vat)).toEqual([540, 105, 0]);
    expect(totals.subtotal).toBe(4977);
    expect(totals.vatAmount).toBe(645);
    expect(totals.total).toBe(5622);
  });

  it("takes a fixed £5 off before VAT", () => {
    const totals = totalsWithVoucher(lines, { rewardType: "discount_fixed", rewardValue: 500 });
    expect(totals.discount).toBe(500);
    expect(totals.subtotal).toBe(5030);
    expect(totals.lines.reduce((sum, line) => sum + line.vat, 0)).toBe(totals.vatAmount);
  });
});

describe("voucher texts", () => {
  it("words each reward type as the spec does", () => {
    expect(rewardEffectText("discount_percentage", 1000)).toBe("10% off your order");
    expect(rewardEffectText("discount_percentage", 1250)).toBe("12.5% off your order");
    expect(rewardEffectText("discount_fixed", 500)).toBe("£5 off your order");
    expect(rewardEffectText("discount_fixed", 250)).toBe("£2.50 off your order");
    expect(rewardEffectText("free_shipping", null)).toBe("Free shipping");
    expect(rewardEffectText("free_product", null)).toBe("Free product");
  });

  it("reads a typed code in any case and spacing", () => {
    expect(normaliseVoucherCode("  tc-7kq2 m9xd ")).toBe("TC7KQ2M9XD");
    expect(normaliseVoucherCode("TC-7KQ2-M9XD")).toBe("TC7KQ2M9XD");
  });
});

describe("unusedVoucherValue", () => {
  it("is what a fixed voucher is worth beyond the goods, and nothing for the other kinds", () => {
    const small = [{ unitPrice: 699, quantity: 1, vatRate: 2000 }];
    const fixed = { rewardType: "discount_fixed", rewardValue: 1000 } as const;
    expect(unusedVoucherValue(fixed, totalsWithVoucher(small, fixed))).toBe(301);
    const big = [{ unitPrice: 2500, quantity: 1, vatRate: 2000 }];
    expect(unusedVoucherValue(fixed, totalsWithVoucher(big, fixed))).toBe(0);
    const percent = { rewardType: "discount_percentage", rewardValue: 1000 } as const;
    expect(unusedVoucherValue(percent, totalsWithVoucher(small, percent))).toBe(0);
    expect(unusedVoucherValue(null, totalsWithVoucher(small, null))).toBe(0);
  });
});
