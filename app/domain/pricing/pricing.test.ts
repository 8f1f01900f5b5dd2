import { describe, expect, it } from "vitest";
import { applyPercentOff } from "~/utils/money";
import { bestVolumeRule, lineTotals, unitPriceFor } from "./pricing";

const rules = [
  { minQuantity: 10, discountPercentage: 500 },
  { minQuantity: 50, discountPercentage: 1000 },
  { minQuantity: 25, discountPercentage: 750 },
];

describe("bestVolumeRule", () => {
  it("picks the largest discount among the rules the quantity reaches", () => {
    expect(bestVolumeRule(rules, 9)).toBeNull();
    expect(bestVolumeRule(rules, 10)?.discountPercentage).toBe(500);
    expect(bestVolumeRule(rules, 30)?.discountPercentage).toBe(750);
    expect(bestVolumeRule(rules, 50)?.discountPercentage).toBe(1000);
    expect(bestVolumeRule(rules, 500)?.discountPercentage).toBe(1000);
  });

  it("prefers the bigger discount even when a rule with a higher minimum gives less", () => {
    const odd = [
      { minQuantity: 5, discountPercentage: 1500 },
      { minQuantity: 20, discountPercentage: 1000 },
    ];
    expect(bestVolumeRule(odd, 25)?.discountPercentage).toBe(1500);
  });

  it("copes with no rules", () => {
    expect(bestVolumeRule([], 100)).toBeNull();
    expect(bestVolumeRule(undefined, 100)).toBeNull();
  });
});

describe("unitPriceFor", () => {
  it("charges the list price when nothing applies", () => {
    expect(unitPriceFor({ salesPrice: 1299, quantity: 3 })).toEqual({
      finalPrice: 1299,
      customPrice: null,
      tierDiscount: 0,
      volumeDiscount: 0,
    });
  });

  it("lets a customer price win, with no other discount", () => {
    expect(
      unitPriceFor({ salesPrice: 2000, customPrice: 1650, tierDiscount: 1500, volumeRules: rules, quantity: 60 }),
    ).toEqual({ finalPrice: 1650, customPrice: 1650, tierDiscount: 0, volumeDiscount: 0 });
  });

  it("honours a customer price even when it is above the discounted price or zero", () => {
    expect(unitPriceFor({ salesPrice: 1000, customPrice: 0, tierDiscount: 1000, quantity: 1 }).finalPrice).toBe(0);
    expect(unitPriceFor({ salesPrice: 1000, customPrice: 990, tierDiscount: 5000, quantity: 1 }).finalPrice).toBe(990);
  });

  it("applies the tier discount alone", () => {
    expect(unitPriceFor({ salesPrice: 2000, tierDiscount: 1000, volumeRules: rules, quantity: 1 })).toEqual({
      finalPrice: 1800,
      customPrice: null,
      tierDiscount: 1000,
      volumeDiscount: 0,
    });
  });

  it("compounds tier and volume discounts", () => {
    // 2000 × 0.90 × 0.90 = 1620 (not 2000 × 0.80 = 1600)
    expect(unitPriceFor({ salesPrice: 2000, tierDiscount: 1000, volumeRules: rules, quantity: 50 })).toEqual({
      finalPrice: 1620,
      customPrice: null,
      tierDiscount: 1000,
      volumeDiscount: 1000,
    });
  });

  it("uses the highest volume rule the quantity reaches", () => {
    expect(unitPriceFor({ salesPrice: 1000, volumeRules: rules, quantity: 9 }).volumeDiscount).toBe(0);
    expect(unitPriceFor({ salesPrice: 1000, volumeRules: rules, quantity: 10 })).toMatchObject({
      finalPrice: 950,
      volumeDiscount: 500,
    });
    expect(unitPriceFor({ salesPrice: 1000, volumeRules: rules, quantity: 49 })).toMatchObject({
      finalPrice: 925,
      volumeDiscount: 750,
    });
    expect(unitPriceFor({ salesPrice: 1000, volumeRules: rules, quantity: 50 })).toMatchObject({
      finalPrice: 900,
      volumeDiscount: 1000,
    });
  });

  it("rounds once, half-up, at the end", () => {
    // 1005 × 0.90 × 0.95 = 859.275 → 859. Rounding after each step would give 904.5 → 905, then 859.75 → 860.
    const price = unitPriceFor({
      salesPrice: 1005,
      tierDiscount: 1000,
      volumeRules: [{ minQuantity: 10, discountPercentage: 500 }],
      quantity: 10,
    });
    expect(price.finalPrice).toBe(859);
    expect(applyPercentOff(applyPercentOff(1005, 1000), 500)).toBe(860);
  });

  it("rounds an exact half penny up", () => {
    // 1005 × 0.90 = 904.5 → 905
    expect(unitPriceFor({ salesPrice: 1005, tierDiscount: 1000, quantity: 1 }).finalPrice).toBe(905);
    // 15 × 0.95 × 0.90 = 12.825 → 13
    expect(
      unitPriceFor({ salesPrice: 15, tierDiscount: 500, volumeRules: [{ minQuantity: 1, discountPercentage: 1000 }], quantity: 1 })
        .finalPrice,
    ).toBe(13);
  });

  it("stays exact for very large prices", () => {
    // £9,999,999.99 at 15% tier and 12.5% volume: 999999999 × 0.85 × 0.875 = 743749999.256…
    expect(
      unitPriceFor({
        salesPrice: 999_999_999,
        tierDiscount: 1500,
        volumeRules: [{ minQuantity: 1, discountPercentage: 1250 }],
        quantity: 1,
      }).finalPrice,
    ).toBe(743_749_999);
  });
});

describe("lineTotals", () => {
  it("rounds VAT half-up on each line's net amount", () => {
    const result = lineTotals([
      { unitPrice: 1005, quantity: 3, vatRate: 2000 }, // 3015 → 603
      { unitPrice: 10, quantity: 1, vatRate: 500 }, // 10 × 5% = 0.5 → 1
      { unitPrice: 249, quantity: 2, vatRate: 0 }, // 498 → 0
      { unitPrice: 333, quantity: 1, vatRate: 2000 }, // 66.6 → 67
      { unitPrice: 112, quantity: 1, vatRate: 2000 }, // 22.4 → 22
    ]);
    expect(result.lines).toEqual([
      { net: 3015, vat: 603 },
      { net: 10, vat: 1 },
      { net: 498, vat: 0 },
      { net: 333, vat: 67 },
      { net: 112, vat: 22 },
    ]);
    expect(result.subtotal).toBe(3015 + 10 + 498 + 333 + 112);
    expect(result.vatAmount).toBe(603 + 1 + 0 + 67 + 22);
    expect(result.total).toBe(result.subtotal + result.vatAmount);
  });

  it("sums rounded lines rather than taking VAT on the subtotal", () => {
    // three lines of 10p at 5%: each 0.5p rounds to 1p, so 3p; 5% of the 30p subtotal would be 1.5p → 2p
    const result = lineTotals([
      { unitPrice: 10, quantity: 1, vatRate: 500 },
      { unitPrice: 10, quantity: 1, vatRate: 500 },
      { unitPrice: 10, quantity: 1, vatRate: 500 },
    ]);
    expect(result).toMatchObject({ subtotal: 30, vatAmount: 3, total: 33 });
  });

  it("gives zeros for no lines", () => {
    expect(lineTotals([])).toEqual({ lines: [], subtotal: 0, vatAmount: 0, total: 0 });
  });
});
