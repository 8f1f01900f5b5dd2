import { describe, expect, it } from "vitest";
import {
  addToCartSchema,
  cartInputFromForm,
  coerceAddQuantity,
  MAX_LINE_QUANTITY,
  parseAddToCartForm,
  sameSitePath,
  sameVariants,
  setLineQuantitySchema,
  variantFieldName,
  variantKey,
} from "./cart.schema";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("quantity on add", () => {
  it("keeps whole numbers from 1 up", () => {
    expect(coerceAddQuantity("1")).toBe(1);
    expect(coerceAddQuantity("12")).toBe(12);
    expect(coerceAddQuantity(" 7 ")).toBe(7);
    expect(coerceAddQuantity(40)).toBe(40);
  });

  it("turns invalid, empty and below-one input into 1", () => {
    for (const value of ["", "   ", "abc", "0", "-3", "NaN", "Infinity", "0.4", undefined, null, {}, [], true]) {
      expect(coerceAddQuantity(value), String(value)).toBe(1);
    }
  });

  it("cuts fractions and caps at the line limit", () => {
    expect(coerceAddQuantity("2.9")).toBe(2);
    expect(coerceAddQuantity("100001")).toBe(MAX_LINE_QUANTITY);
    expect(coerceAddQuantity("1e9")).toBe(MAX_LINE_QUANTITY);
  });
});

describe("variant keys", () => {
  it("are canonical JSON with sorted keys", () => {
    expect(variantKey({ Size: "L", Colour: "Red" })).toBe('{"Colour":"Red","Size":"L"}');
    expect(variantKey({ Colour: "Red", Size: "L" })).toBe('{"Colour":"Red","Size":"L"}');
    expect(variantKey({})).toBe("{}");
    expect(variantKey(null)).toBe("{}");
  });

  it("compare choices by deep equality, not key order", () => {
    expect(sameVariants({ Size: "L", Colour: "Red" }, { Colour: "Red", Size: "L" })).toBe(true);
    expect(sameVariants({ Size: "L" }, { Size: "M" })).toBe(false);
    expect(sameVariants({ Size: "L" }, { Size: "L", Colour: "Red" })).toBe(false);
    expect(sameVariants({}, undefined)).toBe(true);
  });
});

describe("the add-to-cart form", () => {
  it("reads variant:<name> fields into selectedVariants", () => {
    const data = form([
      ["productId", "42"],
      ["quantity", "3"],
      [variantFieldName("Size"), "L"],
      ["variant:Colour", "Navy Blue"],
      ["variant:Finish", ""],
      ["redirectTo", "/products/work-shirt"],
      ["other", "ignored"],
    ]);
    expect(cartInputFromForm(data)).toEqual({
      productId: "42",
      quantity: "3",
      selectedVariants: { Size: "L", Colour: "Navy Blue" },
      redirectTo: "/products/work-shirt",
    });
    const parsed = parseAddToCartForm(data);
    expect(parsed.success && parsed.data).toEqual({
      productId: 42,
      quantity: 3,
      selectedVariants: { Size: "L", Colour: "Navy Blue" },
      redirectTo: "/products/work-shirt",
    });
  });

  it("accepts variant names with spaces and colons", () => {
    const parsed = parseAddToCartForm(form([["productId", "1"], ["variant:Pack size: bulk", "x12"]]));
    expect(parsed.success && parsed.data.selectedVariants).toEqual({ "Pack size: bulk": "x12" });
  });

  it("defaults quantity to 1 and redirectTo to the home page", () => {
    const parsed = parseAddToCartForm(form([["productId", "5"], ["quantity", "lots"]]));
    expect(parsed.success && parsed.data).toEqual({ productId: 5, quantity: 1, selectedVariants: {}, redirectTo: "/" });
  });

  it("never redirects to another site", () => {
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "products"]) {
      const parsed = parseAddToCartForm(form([["productId", "5"], ["redirectTo", target]]));
      expect(parsed.success && parsed.data.redirectTo, target).toBe("/");
    }
    expect(sameSitePath("/category/bakery?sort=price-asc")).toBe("/category/bakery?sort=price-asc");
  });

  it("says Product not found when the product id is missing or not a positive whole number", () => {
    for (const productId of [undefined, "", "abc", "0", "-2", "1.5"]) {
      const entries: [string, string][] = productId === undefined ? [] : [["productId", productId]];
      const parsed = parseAddToCartForm(form(entries));
      expect(parsed.success, String(productId)).toBe(false);
      if (!parsed.success) {
        expect(parsed.error.issues[0]).toMatchObject({ message: "Product not found", path: ["productId"] });
      }
    }
  });
});

describe("the JSON form of add to cart", () => {
  it("takes {productId, quantity, selectedVariants}", () => {
    const parsed = addToCartSchema.safeParse({ productId: 9, quantity: 4, selectedVariants: { Size: " M " } });
    expect(parsed.success && parsed.data).toEqual({
      productId: 9,
      quantity: 4,
      selectedVariants: { Size: "M" },
      redirectTo: "/",
    });
  });

  it("rejects a selectedVariants that is not a map of text", () => {
    expect(addToCartSchema.safeParse({ productId: 9, selectedVariants: ["L"] }).success).toBe(false);
    expect(addToCartSchema.safeParse({ productId: 9, selectedVariants: { Size: 3 } }).success).toBe(false);
  });
});

describe("changing a line's quantity", () => {
  it("allows 0 and negatives (they remove the line) but not fractions or text", () => {
    expect(setLineQuantitySchema.parse({ productId: "3", quantity: "0" }).quantity).toBe(0);
    expect(setLineQuantitySchema.parse({ productId: "3", quantity: "-1" }).quantity).toBe(-1);
    const fraction = setLineQuantitySchema.safeParse({ productId: "3", quantity: "1.5" });
    expect(fraction.success).toBe(false);
    const text = setLineQuantitySchema.safeParse({ productId: "3", quantity: "two" });
    expect(!text.success && text.error.issues[0].message).toBe("Quantity must be a whole number");
  });
});
