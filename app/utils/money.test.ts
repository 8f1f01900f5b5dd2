import { describe, expect, it } from "vitest";
import {
  applyPercentOff,
  divideRoundHalfUp,
  formatMoney,
  formatPercent,
  parseDecimalToHundredths,
  toDecimalString,
  vatOn,
  withVat,
} from "./money";

describe("money", () => {
  it("formats pence as pounds in en-GB", () => {
    expect(formatMoney(1250)).toBe("£12.50");
    expect(formatMoney(123456789)).toBe("£1,234,567.89");
    expect(formatMoney(0)).toBe("£0.00");
  });

  it("writes two-decimal strings for JSON", () => {
    expect(toDecimalString(1250)).toBe("12.50");
    expect(toDecimalString(5)).toBe("0.05");
    expect(toDecimalString(2000)).toBe("20.00");
    expect(toDecimalString(-5)).toBe("-0.05");
    expect(toDecimalString(0)).toBe("0.00");
  });

  it("parses decimal text exactly, without floats", () => {
    expect(parseDecimalToHundredths("12.5")).toBe(1250);
    expect(parseDecimalToHundredths("0.1")).toBe(10);
    expect(parseDecimalToHundredths("£1,234.56")).toBe(123456);
    expect(parseDecimalToHundredths("19.999")).toBe(1999);
    expect(parseDecimalToHundredths(".5")).toBe(50);
    expect(parseDecimalToHundredths(20)).toBe(2000);
    expect(parseDecimalToHundredths("abc")).toBeNull();
    expect(parseDecimalToHundredths("")).toBeNull();
    expect(parseDecimalToHundredths("1.2.3")).toBeNull();
  });

  it("rounds half up (away from zero) in integers", () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(divideRoundHalfUp(-15, 10)).toBe(-2);
  });

  it("computes VAT per line, half-up to the penny", () => {
    expect(vatOn(1000, 2000)).toBe(200);
    // 2.5p of VAT rounds up to 3p
    expect(vatOn(1250, 20)).toBe(3);
    // £0.99 at 5% = 4.95p → 5p
    expect(vatOn(99, 500)).toBe(5);
    expect(vatOn(1999, 0)).toBe(0);
    expect(withVat(1000, 2000)).toBe(1200);
  });

  it("takes a percentage off and rounds once", () => {
    expect(applyPercentOff(1000, 1000)).toBe(900);
    expect(applyPercentOff(999, 1250)).toBe(874); // 874.125
    expect(formatPercent(1250)).toBe("12.5%");
  });
});
