import { describe, expect, it } from "vitest";
import {
  activeVolumeStep,
  effectiveVolumeRules,
  isDiscounted,
  listVolumeSteps,
  missingVariants,
  shownUnitPrice,
} from "./product-detail";
import { pricingQuerySchema, QUANTITY_MESSAGE, QUANTITY_TOO_LARGE_MESSAGE } from "./product-detail.schema";

describe("pricingQuerySchema", () => {
  it("reads a positive whole quantity, 1 when absent or blank", () => {
    expect(pricingQuerySchema.parse({ quantity: "12" })).toEqual({ quantity: 12 });
    expect(pricingQuerySchema.parse({ quantity: " 7 " })).toEqual({ quantity: 7 });
    expect(pricingQuerySchema.parse({})).toEqual({ quantity: 1 });
    expect(pricingQuerySchema.parse({ quantity: "" })).toEqual({ quantity: 1 });
  });

  it.each(["0", "-3", "2.5", "abc", "1e3", "0x10", "12 boxes"])("refuses %j on the quantity field", (quantity) => {
    const parsed = pricingQuerySchema.safeParse({ quantity });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["quantity"], message: QUANTITY_MESSAGE });
  });

  it("refuses more than a cart line may hold", () => {
    const parsed = pricingQuerySchema.safeParse({ quantity: "100001" });
    expect(parsed.error?.issues[0]?.message).toBe(QUANTITY_TOO_LARGE_MESSAGE);
    expect(pricingQuerySchema.parse({ quantity: "100000" })).toEqual({ quantity: 100000 });
  });
});

describe("missingVariants", () => {
  const variants = [
    { name: "Size", options: ["S", "M", "L"] },
    { name: "Colour", options: ["Yellow", "Orange"] },
  ];

  it("names every group without a choice, in the product's order", () => {
    expect(missingVariants(variants, {})).toEqual(["Size", "Colour"]);
    expect(missingVariants(variants, { Colour: "Orange" })).toEqual(["Size"]);
    expect(missingVariants(variants, { Size: "M", Colour: "Orange" })).toEqual([]);
  });

  it("treats an option the product does not offer as no choice", () => {
    expect(missingVariants(variants, { Size: "XXXL", Colour: "Yellow" })).toEqual(["Size"]);
  });

  it("asks nothing of a product without variants", () => {
    expect(missingVariants([], {})).toEqual([]);
  });
});

describe("volume steps", () => {
  it("keeps only the steps that can decide a price, by minimum quantity", () => {
    expect(
      effectiveVolumeRules([
        { minQuantity: 50, discountPercentage: 1000 },
        { minQuantity: 10, discountPercentage: 500 },
        { minQuantity: 20, discountPercentage: 400 },
        { minQuantity: 20, discountPercentage: 500 },
      ]),
    ).toEqual([
      { minQuantity: 10, discountPercentage: 500 },
      { minQuantity: 50, discountPercentage: 1000 },
    ]);
  });

  it("prices each list step off the list price, rounded half-up", () => {
    // 249p less 5% = 236.55 → 237; less 10% = 224.1 → 224
    expect(
      listVolumeSteps(249, [
        { minQuantity: 50, discountPercentage: 1000 },
        { minQuantity: 10, discountPercentage: 500 },
      ]),
    ).toEqual([
      { minQuantity: 10, discountPercentage: 500, unitPrice: 237 },
      { minQuantity: 50, discountPercentage: 1000, unitPrice: 224 },
    ]);
  });

  it("finds the step in force at a quantity", () => {
    const steps = listVolumeSteps(1000, [
      { minQuantity: 10, discountPercentage: 500 },
      { minQuantity: 50, discountPercentage: 1000 },
    ]);
    expect(activeVolumeStep(steps, 9)).toBeNull();
    expect(activeVolumeStep(steps, 10)?.unitPrice).toBe(950);
    expect(activeVolumeStep(steps, 49)?.minQuantity).toBe(10);
    expect(activeVolumeStep(steps, 50)?.unitPrice).toBe(900);
  });
});

describe("shown price", () => {
  it("adds VAT to the buyer's price, or to the list price when there is none", () => {
    expect(shownUnitPrice(249, 2000, null)).toBe(299);
    expect(shownUnitPrice(249, 2000, { finalPrice: 224, customPrice: null, tierDiscount: 1000, volumeDiscount: 0 })).toBe(269);
    expect(shownUnitPrice(1000, 500, null)).toBe(1050);
    expect(shownUnitPrice(1000, 0, null)).toBe(1000);
  });

  it("calls a price discounted only for a visible reason", () => {
    expect(isDiscounted(null)).toBe(false);
    expect(isDiscounted({ finalPrice: 1000, customPrice: null, tierDiscount: 0, volumeDiscount: 0 })).toBe(false);
    expect(isDiscounted({ finalPrice: 900, customPrice: 900, tierDiscount: 0, volumeDiscount: 0 })).toBe(true);
    expect(isDiscounted({ finalPrice: 950, customPrice: null, tierDiscount: 0, volumeDiscount: 500 })).toBe(true);
  });
});
