import { describe, expect, it } from "vitest";
import { returnedLineValue, returnValue } from "./return-refund";

describe("returnedLineValue", () => {
  it("is quantity × unit price when the line carried no discount", () => {
    expect(returnedLineValue({ quantity: 2, orderedQuantity: 5, orderedTotal: 5000, vatRate: 2000 })).toEqual({
      net: 2000,
      vat: 400,
      gross: 2400,
    });
  });

  it("uses the line's paid share after a voucher, rounding the net and the VAT half-up per line", () => {
    // 3 units at £3.33 (999) with 10% off spread onto the line → total 899; 1 unit = 299.67 → 300
    expect(returnedLineValue({ quantity: 1, orderedQuantity: 3, orderedTotal: 899, vatRate: 500 })).toEqual({
      net: 300,
      vat: 15,
      gross: 315,
    });
    // 2 of 3 → 599.33 → 599; VAT 5% of 599 = 29.95 → 30
    expect(returnedLineValue({ quantity: 2, orderedQuantity: 3, orderedTotal: 899, vatRate: 500 })).toEqual({
      net: 599,
      vat: 30,
      gross: 629,
    });
  });

  it("returns the whole line total when every unit comes back, and never more than was bought", () => {
    expect(returnedLineValue({ quantity: 3, orderedQuantity: 3, orderedTotal: 899, vatRate: 2000 }).net).toBe(899);
    expect(returnedLineValue({ quantity: 9, orderedQuantity: 3, orderedTotal: 899, vatRate: 2000 }).net).toBe(899);
  });

  it("is nothing for a free line or no units", () => {
    expect(returnedLineValue({ quantity: 1, orderedQuantity: 1, orderedTotal: 0, vatRate: 2000 })).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(returnedLineValue({ quantity: 0, orderedQuantity: 4, orderedTotal: 800, vatRate: 2000 }).gross).toBe(0);
  });
});

describe("returnValue", () => {
  const lines = [
    { quantity: 1, orderedQuantity: 3, orderedTotal: 899, vatRate: 500 }, // 300 + 15
    { quantity: 2, orderedQuantity: 2, orderedTotal: 5399, vatRate: 2000 }, // 5399 + 1080 (1079.8)
  ];

  it("refunds the lines inc VAT and takes back a point per whole pound ex VAT", () => {
    expect(returnValue("refund", lines)).toEqual({ net: 5699, gross: 6794, refundAmount: 6794, points: 56 });
  });

  it("refunds nothing and takes back no points for an exchange", () => {
    expect(returnValue("exchange", lines)).toEqual({ net: 5699, gross: 6794, refundAmount: 0, points: 0 });
  });
});
