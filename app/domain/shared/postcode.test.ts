import { describe, expect, it } from "vitest";
import { isUkPostcode, normalisePostcode } from "./postcode";

describe("normalisePostcode", () => {
  it("writes a UK postcode upper case with one space before the inward code", () => {
    expect(normalisePostcode("ls16en")).toBe("LS1 6EN");
    expect(normalisePostcode("ls11   5ps")).toBe("LS11 5PS");
    expect(normalisePostcode(" sw1a1aa ")).toBe("SW1A 1AA");
    expect(normalisePostcode("M1 1AE")).toBe("M1 1AE");
    expect(normalisePostcode("b338th")).toBe("B33 8TH");
    expect(normalisePostcode("cr2 6xh")).toBe("CR2 6XH");
    expect(normalisePostcode("W1A0AX")).toBe("W1A 0AX");
    expect(normalisePostcode("EC1A 1BB")).toBe("EC1A 1BB");
  });

  it("writes the Girobank and British Forces postcodes in their own forms", () => {
    expect(normalisePostcode("gir0aa")).toBe("GIR 0AA");
    expect(normalisePostcode("bfpo801")).toBe("BFPO 801");
    expect(normalisePostcode(" BFPO  0057 ")).toBe("BFPO 57");
  });

  it("leaves anything else upper-cased with single spaces", () => {
    expect(normalisePostcode("d02  x285")).toBe("D02 X285");
    expect(normalisePostcode("ls1 6e")).toBe("LS1 6E");
  });
});

describe("isUkPostcode", () => {
  it("accepts every outward form, any case or spacing", () => {
    for (const postcode of ["M1 1AE", "b338th", "CR2 6XH", "DN55 1PT", "W1A 0AX", "ec1a1bb", "LS11 5PS", "GIR 0AA", "BFPO 801"]) {
      expect(isUkPostcode(postcode), postcode).toBe(true);
    }
  });

  it("refuses an Irish Eircode, a foreign code, a half postcode and a letter an area never has", () => {
    for (const postcode of ["D02 X285", "10115", "LS1 6E", "LS1", "6EN", "LS1 6ENN", "AI1 1AA", "AZ1 1AA", "L$1 6EN", "BFPO 12345", ""]) {
      expect(isUkPostcode(postcode), postcode).toBe(false);
    }
  });
});
