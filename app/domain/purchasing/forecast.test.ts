import { describe, expect, it } from "vitest";
import { formatVelocity, forecastFor, needsReorder, URGENCIES, URGENCY_LABELS, urgencyFor } from "./forecast";

describe("forecastFor", () => {
  it("measures velocity over 30 days and days to stockout from it", () => {
    const forecast = forecastFor({ stockLevel: 25, lowStockThreshold: 10, unitsSold30d: 90 });
    expect(forecast.velocityPerDay).toBe(3);
    expect(forecast.daysToStockout).toBe(8);
    // 30 days of sales (90) + threshold (10) − stock (25)
    expect(forecast.suggestedQuantity).toBe(75);
    expect(forecast.urgency).toBe("high");
    expect(forecast.shouldReorder).toBe(true);
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

  it("suggests nothing for a product that is not urgent, even when 30 days of sales would dip below the threshold", () => {
    // 15 days left and above the threshold: not urgent, so no order now (the top-up would be 90 + 10 − 45)
    const forecast = forecastFor({ stockLevel: 45, lowStockThreshold: 10, unitsSold30d: 90 });
    expect(forecast).toMatchObject({ daysToStockout: 15, urgency: "low", shouldReorder: false, suggestedQuantity: 0 });
  });

  it("suggests a quantity exactly when it says to reorder, over every kind of product", () => {
    let reorders = 0;
    let holds = 0;
    for (const stockLevel of [0, 1, 5, 6, 7, 10, 13, 14, 20, 21, 45, 60, 100, 500]) {
      for (const lowStockThreshold of [0, 1, 5, 10, 20, 50]) {
        for (const unitsSold30d of [0, 1, 7, 29, 30, 45, 90, 300]) {
          const forecast = forecastFor({ stockLevel, lowStockThreshold, unitsSold30d });
          const where = JSON.stringify({ stockLevel, lowStockThreshold, unitsSold30d, forecast });
          expect(forecast.suggestedQuantity > 0, where).toBe(forecast.shouldReorder);
          expect(needsReorder(forecast), where).toBe(forecast.shouldReorder);
          // a product that is not urgent is never reordered; an urgent one is whenever there is room to fill
          if (forecast.urgency === "low") expect(forecast.shouldReorder, where).toBe(false);
          if (forecast.shouldReorder) reorders += 1;
          else holds += 1;
        }
      }
    }
    // the grid holds both kinds, so the checks above bit on each
    expect(reorders).toBeGreaterThan(50);
    expect(holds).toBeGreaterThan(50);
  });

  it("suggests nothing when stock covers 30 days of sales and the threshold", () => {
    expect(forecastFor({ stockLevel: 100, lowStockThreshold: 10, unitsSold30d: 90 }).suggestedQuantity).toBe(0);
    expect(forecastFor({ stockLevel: 100, lowStockThreshold: 10, unitsSold30d: 90 }).suggestedQuantity).toBe(0);
    expect(forecastFor({ stockLevel: 0, lowStockThreshold: 10, unitsSold30d: 0 }).suggestedQuantity).toBe(10);
    // 33 days left but at or below the threshold: medium, and topped up
    expect(forecastFor({ stockLevel: 10, lowStockThreshold: 10, unitsSold30d: 9 }).suggestedQuantity).toBe(9);
  });
});

describe("URGENCY_LABELS", () => {
  it("never names a band so it reads as a stock level", () => {
    expect(URGENCIES.map((band) => URGENCY_LABELS[band])).toEqual(["Critical", "High Priority", "Medium Priority", "Not urgent"]);
    for (const band of URGENCIES) expect(URGENCY_LABELS[band]).not.toMatch(/^low\b/i);
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
