import { describe, expect, it } from "vitest";
import {
  FIXED_VALUE_INVALID,
  formatRewardDate,
  formatRewardValue,
  FREE_PRODUCT_REQUIRED,
  londonDateInput,
  londonDayEnd,
  londonDayStart,
  loyaltyRewardFormSchema,
  loyaltyRewardSchema,
  NAME_REQUIRED,
  PERCENT_VALUE_INVALID,
  PERCENT_VALUE_REQUIRED,
  POINTS_COST_MIN,
  REWARD_TYPE_INVALID,
  VALID_UNTIL_BEFORE_FROM,
} from "./reward.schema";

function firstError(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join("."), message: issue.message } : null;
}

describe("UK calendar days", () => {
  it("starts a winter day at midnight GMT and a summer day at midnight BST", () => {
    expect(londonDayStart("2025-01-05")?.toISOString()).toBe("2025-01-05T00:00:00.000Z");
    expect(londonDayStart("2025-07-01")?.toISOString()).toBe("2025-06-30T23:00:00.000Z");
    expect(londonDayEnd("2025-01-05")?.toISOString()).toBe("2025-01-05T23:59:59.999Z");
    expect(londonDayEnd("2025-07-01")?.toISOString()).toBe("2025-07-01T22:59:59.999Z");
    // the day the clocks go forward is 23 hours long
    expect(londonDayEnd("2025-03-30")?.toISOString()).toBe("2025-03-30T22:59:59.999Z");
    expect(londonDayStart("2025-02-30")).toBeNull();
  });

  it("shows dates like 'Jan 5, 2025' and fills date inputs with the London day", () => {
    expect(formatRewardDate("2025-01-05T00:00:00.000Z")).toBe("Jan 5, 2025");
    expect(formatRewardDate(new Date("2025-06-30T23:30:00.000Z"))).toBe("Jul 1, 2025");
    expect(londonDateInput("2025-06-30T23:30:00.000Z")).toBe("2025-07-01");
    expect(londonDateInput(null)).toBe("");
  });

  it("shows the value with a percent sign for a percentage and in pounds for a fixed amount", () => {
    expect(formatRewardValue("discount_percentage", 1000)).toBe("10%");
    expect(formatRewardValue("discount_percentage", 1250)).toBe("12.5%");
    expect(formatRewardValue("discount_fixed", 500)).toBe("£5.00");
    expect(formatRewardValue("free_shipping", null)).toBe("");
  });
});

describe("reward (API)", () => {
  it("defaults points cost to 100, type to percentage and active to true", () => {
    expect(loyaltyRewardSchema.parse({ name: "Ten off", rewardValue: "10" })).toEqual({
      name: "Ten off",
      description: null,
      pointsCost: 100,
      rewardType: "discount_percentage",
      rewardValue: 1000,
      productId: null,
      isActive: true,
      validFrom: null,
      validUntil: null,
    });
  });

  it("keeps a value only for the discount types and a product only for free_product", () => {
    expect(loyaltyRewardSchema.parse({ name: "£5", rewardType: "discount_fixed", rewardValue: 5, productId: 4 })).toMatchObject({
      rewardValue: 500,
      productId: null,
    });
    expect(loyaltyRewardSchema.parse({ name: "Ship", rewardType: "free_shipping", rewardValue: "10", productId: 4 })).toMatchObject({
      rewardValue: null,
      productId: null,
    });
    expect(loyaltyRewardSchema.parse({ name: "Tea", rewardType: "free_product", rewardValue: "10", productId: "4" })).toMatchObject({
      rewardValue: null,
      productId: 4,
    });
  });

  it("names each problem and its field", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: " " }, "name", NAME_REQUIRED],
      [{ name: "A", pointsCost: 0, rewardValue: 5 }, "pointsCost", POINTS_COST_MIN],
      [{ name: "A", pointsCost: "1.5", rewardValue: 5 }, "pointsCost", POINTS_COST_MIN],
      [{ name: "A", rewardType: "cashback" }, "rewardType", REWARD_TYPE_INVALID],
      [{ name: "A" }, "rewardValue", PERCENT_VALUE_REQUIRED],
      [{ name: "A", rewardValue: "0" }, "rewardValue", PERCENT_VALUE_INVALID],
      [{ name: "A", rewardValue: "100.01" }, "rewardValue", PERCENT_VALUE_INVALID],
      [{ name: "A", rewardType: "discount_fixed", rewardValue: "0.00" }, "rewardValue", FIXED_VALUE_INVALID],
      [{ name: "A", rewardType: "free_product" }, "productId", FREE_PRODUCT_REQUIRED],
      [
        { name: "A", rewardValue: 5, validFrom: "2025-03-01", validUntil: "2025-02-28" },
        "validUntil",
        VALID_UNTIL_BEFORE_FROM,
      ],
    ];
    for (const [input, field, message] of cases) {
      expect(firstError(loyaltyRewardSchema.safeParse(input)), JSON.stringify(input)).toEqual({ field, message });
    }
  });

  it("accepts a one-day reward and full ISO date-times", () => {
    const oneDay = loyaltyRewardSchema.parse({ name: "A", rewardValue: 5, validFrom: "2025-03-01", validUntil: "2025-03-01" });
    expect(oneDay.validFrom?.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(oneDay.validUntil?.toISOString()).toBe("2025-03-01T23:59:59.999Z");
    const iso = loyaltyRewardSchema.parse({ name: "A", rewardValue: 5, validFrom: "2025-03-01T09:30:00.000Z" });
    expect(iso.validFrom?.toISOString()).toBe("2025-03-01T09:30:00.000Z");
  });
});

describe("reward (form)", () => {
  it("reads an unticked Active box as false and a blank points cost as a mistake", () => {
    expect(loyaltyRewardFormSchema.parse({ name: "A", pointsCost: "250", rewardType: "free_shipping" })).toMatchObject({
      pointsCost: 250,
      isActive: false,
    });
    expect(
      loyaltyRewardFormSchema.parse({ name: "A", pointsCost: "250", rewardType: "free_shipping", isActive: "on" }),
    ).toMatchObject({ isActive: true });
    expect(firstError(loyaltyRewardFormSchema.safeParse({ name: "A", rewardType: "free_shipping" }))).toEqual({
      field: "pointsCost",
      message: POINTS_COST_MIN,
    });
  });
});
