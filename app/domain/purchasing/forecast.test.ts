import { describe, expect, it } from "vitest";
import { forecastProduct } from "./forecast";

describe("forecastProduct", () => {
  it("measures velocity over 30 days and days to stockout from it", () => {
    const f = forecastProduct({ stockLevel: 45, lowStockThreshold: 10, unitsSold: 90 });
    expect(f.velocityPerDay).toBe(3);
    expect(f.daysToStockout).toBe(15);
    // ceil(3 × 30) + 10 − 45
    expect(f.suggestedQuantity).toBe(55);
    expect(f.urgency).toBe("low");
    expect(f.shouldReorder).toBe(false);
  });

  it("has no stockout date when nothing sold, and 0 days when already out", () => {
    expect(forecastProduct({ stockLevel: 50, lowStockThreshold: 10, unitsSold: 0 }).daysToStockout).toBeNull();
    const out = forecastProduct({ stockLevel: 0, lowStockThreshold: 10, unitsSold: 0 });
    expect(out.daysToStockout).toBe(0);
    expect(out.urgency).toBe("critical");
    expect(out.suggestedQuantity).toBe(10);
    expect(out.shouldReorder).toBe(true);
  });

  it("treats negative stock as out", () => {
    const f = forecastProduct({ stockLevel: -3, lowStockThreshold: 5, unitsSold: 6 });
    expect(f.daysToStockout).toBe(0);
    expect(f.urgency).toBe("critical");
    expect(f.suggestedQuantity).toBe(6 + 5 + 3);
  });

  it("bands urgency at 7 and 14 days, then the threshold", () => {
    // 30 sold: 1 a day
    expect(forecastProduct({ stockLevel: 6, lowStockThreshold: 0, unitsSold: 30 }).urgency).toBe("critical");
    expect(forecastProduct({ stockLevel: 7, lowStockThreshold: 0, unitsSold: 30 }).urgency).toBe("high");
    expect(forecastProduct({ stockLevel: 13, lowStockThreshold: 0, unitsSold: 30 }).urgency).toBe("high");
    expect(forecastProduct({ stockLevel: 14, lowStockThreshold: 20, unitsSold: 30 }).urgency).toBe("medium");
    expect(forecastProduct({ stockLevel: 20, lowStockThreshold: 20, unitsSold: 30 }).urgency).toBe("medium");
    expect(forecastProduct({ stockLevel: 21, lowStockThreshold: 20, unitsSold: 30 }).urgency).toBe("low");
    // nothing sold: only the threshold decides
    expect(forecastProduct({ stockLevel: 10, lowStockThreshold: 10, unitsSold: 0 }).urgency).toBe("medium");
    expect(forecastProduct({ stockLevel: 11, lowStockThreshold: 10, unitsSold: 0 }).urgency).toBe("low");
  });

  it("suggests the exact units sold plus the threshold less stock, never below 0", () => {
    // 7 / 30 × 30 is 7.000000000000001 in floating point: the suggestion must still be 7 + 10 − 4
    expect(forecastProduct({ stockLevel: 4, lowStockThreshold: 10, unitsSold: 7 }).suggestedQuantity).toBe(13);
    expect(forecastProduct({ stockLevel: 500, lowStockThreshold: 10, unitsSold: 7 }).suggestedQuantity).toBe(0);
  });

  it("uses the default threshold of 10 when a product has none", () => {
    const f = forecastProduct({ stockLevel: 10, lowStockThreshold: null, unitsSold: 0 });
    expect(f.urgency).toBe("medium");
    expect(f.suggestedQuantity).toBe(0);
    expect(f.shouldReorder).toBe(false);
  });

  it("reorders a medium product only when there is something to order", () => {
    const f = forecastProduct({ stockLevel: 8, lowStockThreshold: 10, unitsSold: 3 });
    expect(f.urgency).toBe("medium");
    expect(f.suggestedQuantity).toBe(5);
    expect(f.shouldReorder).toBe(true);
  });
});
