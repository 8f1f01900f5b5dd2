import { describe, expect, it } from "vitest";
import { normalisePostcode } from "./postcode";

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

  it("keeps what is not a UK postcode as typed, upper-cased with single spaces", () => {
    expect(normalisePostcode("d02  x285")).toBe("D02 X285");
    expect(normalisePostcode("BFPO 801")).toBe("BFPO 801");
    expect(normalisePostcode("10115")).toBe("10115");
    expect(normalisePostcode("ls1 6e")).toBe("LS1 6E");
  });
});
