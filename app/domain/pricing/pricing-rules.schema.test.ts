import { describe, expect, it } from "vitest";
import {
  customerPriceSchema,
  CUSTOM_PRICE_INVALID,
  CUSTOM_PRICE_REQUIRED,
  customPriceCountLine,
  CUSTOMER_REQUIRED,
  DISCOUNT_INVALID,
  DISCOUNT_REQUIRED,
  formatTenthsPercent,
  MIN_QUANTITY_INVALID,
  MIN_QUANTITY_REQUIRED,
  parseTwoPlaces,
  priceTierSchema,
  PRODUCT_REQUIRED,
  savingsOf,
  TIER_NAME_REQUIRED,
  TIER_NAME_TOO_LONG,
  volumeDiscountCountLine,
  volumeDiscountSchema,
} from "./pricing-rules.schema";

function firstError(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join("."), message: issue.message } : null;
}

describe("parseTwoPlaces", () => {
  it("reads decimal strings and numbers into hundredths", () => {
    expect(parseTwoPlaces("10")).toBe(1000);
    expect(parseTwoPlaces("12.5")).toBe(1250);
    expect(parseTwoPlaces("0.01")).toBe(1);
    expect(parseTwoPlaces(".5")).toBe(50);
    expect(parseTwoPlaces("£1,234.56")).toBe(123456);
    expect(parseTwoPlaces("15%")).toBe(1500);
    expect(parseTwoPlaces(12.5)).toBe(1250);
    expect(parseTwoPlaces(0.1 + 0.2)).toBe(30);
  });

  it("refuses more than two decimals, negatives and text", () => {
    expect(parseTwoPlaces("1.999")).toBeNull();
    expect(parseTwoPlaces(1.005)).toBeNull();
    expect(parseTwoPlaces("-1")).toBeNull();
    expect(parseTwoPlaces(-1)).toBeNull();
    expect(parseTwoPlaces("ten")).toBeNull();
    expect(parseTwoPlaces("1e3")).toBeNull();
    expect(parseTwoPlaces(Number.NaN)).toBeNull();
    expect(parseTwoPlaces(true)).toBeNull();
  });
});

describe("price tier", () => {
  it("parses a tier: name trimmed, blank description null, discount in hundredths", () => {
    expect(priceTierSchema.parse({ name: "  Platinum   Plus ", description: "  ", discountPercentage: "17.5" })).toEqual({
      name: "Platinum Plus",
      description: null,
      discountPercentage: 1750,
    });
    expect(priceTierSchema.parse({ name: "Zero", discountPercentage: 0 })).toMatchObject({ discountPercentage: 0 });
    expect(priceTierSchema.parse({ name: "All", discountPercentage: "100.00" })).toMatchObject({ discountPercentage: 10000 });
  });

  it("names the field and the problem", () => {
    expect(firstError(priceTierSchema.safeParse({ name: "", discountPercentage: "5" }))).toEqual({
      field: "name",
      message: TIER_NAME_REQUIRED,
    });
    expect(firstError(priceTierSchema.safeParse({ name: "x".repeat(101), discountPercentage: "5" }))).toEqual({
      field: "name",
      message: TIER_NAME_TOO_LONG,
    });
    expect(firstError(priceTierSchema.safeParse({ name: "Gold" }))).toEqual({
      field: "discountPercentage",
      message: DISCOUNT_REQUIRED,
    });
    for (const bad of ["100.01", "-1", "12.345", "lots", 101]) {
      expect(firstError(priceTierSchema.safeParse({ name: "Gold", discountPercentage: bad }))).toEqual({
        field: "discountPercentage",
        message: DISCOUNT_INVALID,
      });
    }
  });
});

describe("volume discount", () => {
  it("parses form strings and JSON numbers alike", () => {
    expect(volumeDiscountSchema.parse({ productId: "7", minQuantity: "2", discountPercentage: "10" })).toEqual({
      productId: 7,
      minQuantity: 2,
      discountPercentage: 1000,
    });
    expect(volumeDiscountSchema.parse({ productId: 7, minQuantity: 12, discountPercentage: 7.25 })).toEqual({
      productId: 7,
      minQuantity: 12,
      discountPercentage: 725,
    });
  });

  it("needs a product, a whole minimum quantity of at least 1 and a percentage", () => {
    expect(firstError(volumeDiscountSchema.safeParse({ minQuantity: 2, discountPercentage: 5 }))).toEqual({
      field: "productId",
      message: PRODUCT_REQUIRED,
    });
    expect(firstError(volumeDiscountSchema.safeParse({ productId: 1, discountPercentage: 5 }))).toEqual({
      field: "minQuantity",
      message: MIN_QUANTITY_REQUIRED,
    });
    for (const bad of [0, "0", "1.5", -3, "two"]) {
      expect(firstError(volumeDiscountSchema.safeParse({ productId: 1, minQuantity: bad, discountPercentage: 5 }))).toEqual({
        field: "minQuantity",
        message: MIN_QUANTITY_INVALID,
      });
    }
  });
});

describe("customer price", () => {
  it("parses the price in pence", () => {
    expect(customerPriceSchema.parse({ userId: "u-1", productId: "3", customPrice: "16.50" })).toEqual({
      userId: "u-1",
      productId: 3,
      customPrice: 1650,
    });
    expect(customerPriceSchema.parse({ userId: "u-1", productId: 3, customPrice: 0 })).toMatchObject({ customPrice: 0 });
  });

  it("needs a customer and a price of 0 or more", () => {
    expect(firstError(customerPriceSchema.safeParse({ productId: 3, customPrice: "1" }))).toEqual({
      field: "userId",
      message: CUSTOMER_REQUIRED,
    });
    expect(firstError(customerPriceSchema.safeParse({ userId: "u", productId: 3 }))).toEqual({
      field: "customPrice",
      message: CUSTOM_PRICE_REQUIRED,
    });
    expect(firstError(customerPriceSchema.safeParse({ userId: "u", productId: 3, customPrice: "-0.01" }))).toEqual({
      field: "customPrice",
      message: CUSTOM_PRICE_INVALID,
    });
  });
});

describe("display", () => {
  it("shows savings only when the custom price is below the list price, to one decimal", () => {
    expect(savingsOf(1800, 1650)).toEqual({ amount: 150, percentTenths: 83 });
    expect(formatTenthsPercent(83)).toBe("8.3%");
    expect(savingsOf(3499, 3050)).toEqual({ amount: 449, percentTenths: 128 });
    expect(savingsOf(1000, 1000)).toBeNull();
    expect(savingsOf(1000, 1200)).toBeNull();
    expect(savingsOf(1000, 0)).toEqual({ amount: 1000, percentTenths: 1000 });
    expect(formatTenthsPercent(1000)).toBe("100.0%");
  });

  it("words the count lines as the spec does", () => {
    expect(volumeDiscountCountLine(3)).toBe("3 discount rule(s) configured");
    expect(customPriceCountLine(1)).toBe("1 custom price(s) configured");
  });
});
