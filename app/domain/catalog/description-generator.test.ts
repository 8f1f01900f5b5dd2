import { describe, expect, it } from "vitest";
import { familyFor, generateLocalDescription, packFacts } from "./description-generator";

describe("generateLocalDescription", () => {
  it("is deterministic and starts with the product's name", () => {
    const input = { productName: "Nitrile Gloves Powder-Free (100)", categoryName: "Workwear & PPE" };
    const text = generateLocalDescription(input);
    expect(generateLocalDescription(input)).toBe(text);
    expect(text.startsWith("Nitrile Gloves Powder-Free (100) — ")).toBe(true);
    expect(text).toContain("Supplied as a pack of 100");
    expect(text).toContain("Part of our Workwear & PPE range.");
  });

  it("says what the name says about the pack and nothing it does not", () => {
    expect(generateLocalDescription({ productName: "Cola 330ml Cans (24 pack)" })).toContain("Supplied as a pack of 24, each 330ml.");
    expect(generateLocalDescription({ productName: "Pure Orange Juice 1L (Case of 12)" })).toContain("Supplied as a case of 12, each 1 litre.");
    expect(generateLocalDescription({ productName: "Plain Flour 16kg" })).toContain("Each unit is 16kg.");
    expect(generateLocalDescription({ productName: "Work Polo Shirt" })).not.toMatch(/Supplied as|Each unit/);
  });

  it("writes for the kind of product", () => {
    expect(familyFor("Nitrile Gloves Powder-Free (100)")).toBe("ppe");
    expect(familyFor("Work Polo Shirt")).toBe("clothing");
    expect(familyFor("Thick Bleach 5L")).toBe("cleaning");
    expect(familyFor("Ripple Wall Coffee Cups (500)")).toBe("disposables");
    expect(familyFor("Basmati Rice 10kg")).toBe("food");
    expect(familyFor("Copier Paper A4")).toBe("office");
    expect(familyFor("Kiln Dried Logs")).toBe("fuel");
    expect(familyFor("Widget", "Mystery")).toBe("general");
    expect(familyFor("Widget", "Cleaning & Hygiene")).toBe("cleaning");
  });

  it("reads pack facts", () => {
    expect(packFacts("Sip-Through Cup Lids (1,000)")).toEqual({ count: 1000, outer: "pack", measure: null });
    expect(packFacts("Still Water 500ml x 24")).toEqual({ count: 24, outer: "pack", measure: "500ml" });
  });
});
