import { describe, expect, it } from "vitest";
import { formatVelocity, forecastFor, urgencyFor } from "./forecast";

describe("forecastFor", () => {
  it("measures velocity over 30 days and days to stockout from it", () => {
    const forecast = forecastFor({ stockLevel: 45, lowStockThreshold: 10, unitsSold30d: 90 });
    expect(forecast.velocityPerDay).toBe(3);
    expect(forecast.daysToStockout).toBe(15);
    // 30 days of sales (90) + threshold (10) − stock (45)
    expect(forecast.suggestedQuantity).toBe(55);
    expect(forecast.urgency).toBe("low");
  });

  it("has no stockout date when nothing sells, and 0 days when out of stock", () => {
    expect(forecastFor({ stockLevel: 20, lowStockThreshold: 5, unitsSold30d: 0 }).daysToStockout).toBeNull();
    expect(forecastFor({ stockLevel: 0, lowStockThreshold: 5, unitsSold30d: 0 }).daysToStockout).toBe(0);
    expect(forecastFor({ stockLevel: 0, lowStockThreshold: 5, unitsSold30d: 12 }).daysToStockout).toBe(0);
  });

  it("rounds days to stockout down to whole days", () => {
    // 10 in stock at 0.7 a day: 14.28… days
    expect(forecastFor({ stockLevel: 10, lowStockThreshold: 0, unitsSold30d: 21 }).daysToStockout).toBe(14);
  });

  it("suggests nothing when stock covers 30 days of sales and the threshold", () => {
    expect(forecastFor({ stockLevel: 100, lowStockThreshold: 10, unitsSold30d: 90 }).suggestedQuantity).toBe(0);
    expect(forecastFor({ stockLevel: 100, lowStockThreshold: 10, unitsSold30d: 90 }).suggestedQuantity).toBe(0);
    expect(forecastFor({ stockLevel: 0, lowStockThreshold: 10, unitsSold30d: 0 }).suggestedQuantity).toBe(10);
    expect(forecastFor({ stockLevel: 99, lowStockThreshold: 10, unitsSold30d: 90 }).suggestedQuantity).toBe(1);
  });
});

describe("urgencyFor", () => {
  it("is critical when out of stock, whatever sells", () => {
    expect(urgencyFor(0, 10, 0)).toBe("critical");
    expect(urgencyFor(0, 0, 50)).toBe("critical");
  });

  it("is critical under 7 days and high at exactly 7 days", () => {
    // 30 sold in 30 days: 1 a day
    expect(urgencyFor(6, 0, 30)).toBe("critical");
    expect(urgencyFor(7, 0, 30)).toBe("high");
    // 3 a day: 20 units is 6.67 days, 21 units exactly 7
    expect(urgencyFor(20, 0, 90)).toBe("critical");
    expect(urgencyFor(21, 0, 90)).toBe("high");
  });

  it("is high under 14 days and not at exactly 14", () => {
    expect(urgencyFor(13, 0, 30)).toBe("high");
    expect(urgencyFor(14, 0, 30)).toBe("low");
    expect(urgencyFor(14, 14, 30)).toBe("medium");
  });

  it("is medium at or below the threshold when stock lasts 14 days or more", () => {
    expect(urgencyFor(10, 10, 0)).toBe("medium");
    expect(urgencyFor(11, 10, 0)).toBe("low");
    expect(urgencyFor(1, 10, 0)).toBe("medium");
  });
});

describe("formatVelocity", () => {
  it("shows two decimals", () => {
    expect(formatVelocity(forecastFor({ stockLevel: 1, lowStockThreshold: 0, unitsSold30d: 1 }).velocityPerDay)).toBe("0.03");
    expect(formatVelocity(forecastFor({ stockLevel: 1, lowStockThreshold: 0, unitsSold30d: 0 }).velocityPerDay)).toBe("0.00");
    expect(formatVelocity(forecastFor({ stockLevel: 1, lowStockThreshold: 0, unitsSold30d: 20 }).velocityPerDay)).toBe("0.67");
    expect(formatVelocity(forecastFor({ stockLevel: 1, lowStockThreshold: 0, unitsSold30d: 45 }).velocityPerDay)).toBe("1.50");
  });
});
