/**
 * The inventory forecast rule: how fast a product sells, when it runs out, how many to reorder and how
 * urgent that is. Pure and browser-safe; the back office's forecast screen and the purchase orders it
 * auto-generates both take their figures from here.
 *
 * Velocity is units sold over the last 30 days (orders not cancelled) / 30. The comparisons below are made
 * in whole numbers (stock × 30 against days × units), so a product with exactly 7 days left is not critical
 * because of a rounding error.
 */

/** the window sales velocity is measured over, in days */
export const FORECAST_WINDOW_DAYS = 30;
/** under this many days to stockout is critical */
export const CRITICAL_DAYS = 7;
/** under this many days to stockout is high priority */
export const HIGH_DAYS = 14;

export const URGENCIES = ["critical", "high", "medium", "low"] as const;
export type Urgency = (typeof URGENCIES)[number];

/**
 * How the bands read on screen. The last band is "Not urgent", never a bare "Low": beside stock figures
 * "Low" reads as low stock, and a product in that band has more than two weeks' cover above its threshold.
 */
export const URGENCY_LABELS: Record<Urgency, string> = {
  critical: "Critical",
  high: "High Priority",
  medium: "Medium Priority",
  low: "Not urgent",
};

export type ForecastInput = {
  stockLevel: number;
  lowStockThreshold: number;
  /** units on orders placed in the last 30 days that are not cancelled */
  unitsSold30d: number;
};

export type Forecast = {
  /** units per day; shown to 2 decimals */
  velocityPerDay: number;
  /** whole days until the stock runs out (rounded down); 0 when out; null when nothing sells */
  daysToStockout: number | null;
  /** whether to reorder now: an urgent band (critical, high, medium) and something to order */
  shouldReorder: boolean;
  /**
   * units to reorder so that 30 days of sales leave the threshold in stock; 0 whenever `shouldReorder` is
   * false, so the figure shown never asks for an order the reorder flag (and Auto-Generate) would not make
   */
  suggestedQuantity: number;
  urgency: Urgency;
};

export function forecastFor({ stockLevel, lowStockThreshold, unitsSold30d }: ForecastInput): Forecast {
  const units = Math.max(0, unitsSold30d);
  const stock = Math.max(0, stockLevel);
  const velocityPerDay = units / FORECAST_WINDOW_DAYS;
  const daysToStockout =
    stock === 0 ? 0 : units === 0 ? null : Math.floor((stock * FORECAST_WINDOW_DAYS) / units);
  // ceil(velocity × 30) is the units sold in the window, a whole number already.
  const topUp = Math.max(0, units + lowStockThreshold - stock);
  const urgency = urgencyFor(stock, lowStockThreshold, units);
  const shouldReorder = needsReorder({ urgency, suggestedQuantity: topUp });
  return { velocityPerDay, daysToStockout, shouldReorder, suggestedQuantity: shouldReorder ? topUp : 0, urgency };
}

/** critical: out, or under 7 days left; high: under 14 days; medium: at or below the threshold; else low */
export function urgencyFor(stockLevel: number, lowStockThreshold: number, unitsSold30d: number): Urgency {
  if (stockLevel <= 0) return "critical";
  // days left < N  ⇔  stock × 30 / units < N  ⇔  stock × 30 < N × units (units > 0)
  const daysLeftUnder = (days: number) =>
    unitsSold30d > 0 && stockLevel * FORECAST_WINDOW_DAYS < days * unitsSold30d;
  if (daysLeftUnder(CRITICAL_DAYS)) return "critical";
  if (daysLeftUnder(HIGH_DAYS)) return "high";
  if (stockLevel <= lowStockThreshold) return "medium";
  return "low";
}

/** 0.5 → "0.50": the 2-decimal form the screen and the API show velocity in */
export function formatVelocity(velocityPerDay: number): string {
  return (Math.round(velocityPerDay * 100) / 100).toFixed(2);
}

export function isUrgency(value: unknown): value is Urgency {
  return typeof value === "string" && (URGENCIES as readonly string[]).includes(value);
}

/** Urgencies worth a purchase order: a low-urgency product has more than two weeks' cover above its threshold. */
export const REORDER_URGENCIES: readonly Urgency[] = ["critical", "high", "medium"];

/**
 * Whether a purchase order should include the product: urgent enough, and something to order. `forecastFor`
 * decides `shouldReorder` with it, and Auto-Generate and the seed's draft order ask it again of a forecast.
 */
export function needsReorder({ urgency, suggestedQuantity }: Pick<Forecast, "urgency" | "suggestedQuantity">): boolean {
  return REORDER_URGENCIES.includes(urgency) && suggestedQuantity > 0;
}
