import { describe, expect, it } from "vitest";
import { resolveVariants } from "./cart.server";
import { countGuestCartItems } from "./cart-lines.server";

const groups = [
  { name: "Size", options: ["S", "M", "L"] },
  { name: "Colour", options: ["Red", "Navy Blue"] },
];

describe("resolveVariants", () => {
  it("accepts one option per variant and returns them in the product's spelling", () => {
    const result = resolveVariants(groups, { size: "m", Colour: "navy blue" });
    expect(result).toEqual({ ok: true, value: { Size: "M", Colour: "Navy Blue" } });
  });

  it("asks for every variant when one is missing", () => {
    expect(resolveVariants(groups, { Size: "M" })).toEqual({
      ok: false,
      status: 400,
      message: "Please select all options",
      field: "variants",
      description: "You must select all product variants before adding to cart.",
    });
  });

  it("names the variant and its options when a choice is not one of them", () => {
    const result = resolveVariants(groups, { Size: "XXL", Colour: "Red" });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: "Please select all options",
      description: '"XXL" is not an option for Size. Choose one of: S, M, L.',
    });
  });

  it("drops names the product does not have, and needs nothing when it has no variants", () => {
    expect(resolveVariants(groups, { Size: "S", Colour: "Red", Flavour: "Mint" })).toEqual({
      ok: true,
      value: { Size: "S", Colour: "Red" },
    });
    expect(resolveVariants([], { Size: "S" })).toEqual({ ok: true, value: {} });
  });
});

describe("countGuestCartItems", () => {
  it("adds up the quantities of well-formed lines and ignores anything else", () => {
    expect(
      countGuestCartItems([
        { productId: 1, selectedVariants: {}, quantity: 2, priceWhenAdded: 100 },
        { productId: 2, selectedVariants: { Size: "L" }, quantity: 5, priceWhenAdded: null },
        { productId: 3, quantity: -4 },
        "junk",
      ]),
    ).toBe(7);
    expect(countGuestCartItems(undefined)).toBe(0);
    expect(countGuestCartItems({ lines: 3 })).toBe(0);
  });
});
