import { describe, expect, it } from "vitest";
import {
  BARCODES_PER_ITEM_MAX,
  checkBarcode,
  checkBarcodeList,
  detectBarcodeType,
  hasWrongCheckDigit,
  gs1CheckDigit,
  normaliseBarcode,
  splitBarcodeList,
} from "./barcodes";

// Real-looking codes with check digits worked by hand (weights 3,1,3… from the right of the body).
const VALID = {
  ean13: "5012345678900", // 0+3·0+9+3·8+7+3·6+5+3·4+3+3·2+1+3·0+5 = 100 → 0
  ean8: "96385074", // 9·3+6+3·3+8+5·3+0+7·3 = 86 → 4
  upca: "036000291452", // the well-known UPC-A example
  gtin14: "15012345678907",
} as const;

describe("gs1CheckDigit", () => {
  it("works the mod-10 digit of each length", () => {
    expect(gs1CheckDigit("501234567890")).toBe(0);
    expect(gs1CheckDigit("9638507")).toBe(4);
    expect(gs1CheckDigit("03600029145")).toBe(2);
    expect(gs1CheckDigit("1501234567890")).toBe(7);
    expect(gs1CheckDigit("400638133393")).toBe(1); // EAN-13 4006381333931
  });
});

describe("checkBarcode", () => {
  for (const [type, code] of Object.entries(VALID)) {
    it(`accepts a valid ${type}`, () => {
      expect(checkBarcode(code)).toEqual({ ok: true, value: { code, type } });
    });

    it(`refuses a ${type} with one digit wrong, naming the expected check digit`, () => {
      const last = Number(code.slice(-1));
      const wrong = code.slice(0, -1) + String((last + 1) % 10);
      const result = checkBarcode(wrong);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(`the check digit should be ${last}`);
    });

    it(`refuses a ${type} with a digit in the middle changed`, () => {
      const middle = Math.floor(code.length / 2);
      const changed = code.slice(0, middle) + String((Number(code[middle]) + 1) % 10) + code.slice(middle + 1);
      expect(checkBarcode(changed).ok).toBe(false);
    });

    it(`refuses a ${type} of the wrong length when that type is asked for`, () => {
      const result = checkBarcode(code.slice(1), type as "ean13");
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/has \d+ digits: ".*" has \d+/);
    });
  }

  it("names the type in its messages", () => {
    const result = checkBarcode("5012345678901");
    expect(result).toEqual({
      ok: false,
      message: "EAN-13 5012345678901 has the wrong check digit: it ends in 1, the check digit should be 0",
    });
    expect(checkBarcode("501234567890", "ean13")).toEqual({ ok: false, message: 'An EAN-13 has 13 digits: "501234567890" has 12' });
    expect(checkBarcode("ABC", "upca")).toEqual({ ok: false, message: 'A UPC-A is digits only: "ABC" is not' });
  });

  it("accepts the wholesaler's own codes and refuses other characters or lengths", () => {
    expect(checkBarcode(" abc-123 ")).toEqual({ ok: true, value: { code: "ABC-123", type: "own" } });
    expect(checkBarcode("12345")).toEqual({ ok: true, value: { code: "12345", type: "own" } });
    expect(checkBarcode("AB_12").ok).toBe(false);
    expect(checkBarcode("A".repeat(33)).ok).toBe(false);
    expect(checkBarcode("   ")).toEqual({ ok: false, message: "A barcode cannot be blank" });
  });
});

describe("detectBarcodeType", () => {
  it("reads digits of a GS1 length as that type, anything else of letters, digits and dashes as own", () => {
    expect(detectBarcodeType("5 012345 678900")).toBe("ean13");
    expect(detectBarcodeType("96385074")).toBe("ean8");
    expect(detectBarcodeType("036000291452")).toBe("upca");
    expect(detectBarcodeType("15012345678907")).toBe("gtin14");
    expect(detectBarcodeType("5012345678901")).toBe("ean13"); // a bad check digit is still an EAN-13
    expect(detectBarcodeType("CASE-0042")).toBe("own");
    expect(detectBarcodeType("123456789")).toBe("own");
    expect(detectBarcodeType("12.5")).toBeNull();
  });
});

describe("lists", () => {
  it("normalises and splits on new lines, | ; and , keeping each code once", () => {
    expect(normaliseBarcode(" 5012 3456 78900\t")).toBe("5012345678900");
    expect(splitBarcodeList("5012345678900|96385074;\n own-1 , 5012345678900\n\n")).toEqual(["5012345678900", "96385074", "OWN-1"]);
  });

  it("checks every code and the limit", () => {
    expect(checkBarcodeList(["5012345678900", "own-1"])).toEqual({
      ok: true,
      value: [
        { code: "5012345678900", type: "ean13" },
        { code: "OWN-1", type: "own" },
      ],
    });
    expect(checkBarcodeList(["5012345678900", "96385075"]).ok).toBe(false);
    const many = Array.from({ length: BARCODES_PER_ITEM_MAX + 1 }, (_, i) => `OWN-${i}`);
    expect(checkBarcodeList(many)).toEqual({ ok: false, message: `At most ${BARCODES_PER_ITEM_MAX} barcodes each: 21 were given` });
    expect(checkBarcodeList(many.slice(1)).ok).toBe(true);
  });
});

describe("a mistyped GS1 code", () => {
  it("is digits of a GS1 length whose last digit is not the check digit", () => {
    expect(hasWrongCheckDigit("5012345678900")).toBe(false);
    expect(hasWrongCheckDigit("5012345678901")).toBe(true);
    expect(hasWrongCheckDigit("5 012345 678907")).toBe(true);
    expect(hasWrongCheckDigit("96385074")).toBe(false);
    expect(hasWrongCheckDigit("96385075")).toBe(true);
    expect(hasWrongCheckDigit("036000291452")).toBe(false);
    expect(hasWrongCheckDigit("036000291453")).toBe(true);
    expect(hasWrongCheckDigit("10012345678902")).toBe(false);
    expect(hasWrongCheckDigit("10012345678903")).toBe(true);
    // not a GS1 length, or not digits: no check digit to be wrong
    expect(hasWrongCheckDigit("12345")).toBe(false);
    expect(hasWrongCheckDigit("OWN-1")).toBe(false);
  });
});
