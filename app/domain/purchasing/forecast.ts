/**
 * The inventory forecast rule (browser-safe, no database): how fast a product sells, when it runs out, how
 * many to reorder and how urgent that is. The queries that feed it are in `forecast.server.ts`.
 *
 * - sales velocity = units sold in the last 30 days (orders not cancelled) / 30, per day
 * - days to stockout = stock / velocity; none when nothing sold; 0 when already out
 * - suggested quantity = max(0, ceil(velocity × 30) + threshold − stock)
 * - urgency: critical = out of stock or under 7 days left; high = under 14 days; medium = at or below the
 *   low-stock threshold; otherwise low
 */
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/domain/catalog/stock";

/** The sales window velocity is measured over, and the cover a reorder buys. */
export const FORECAST_WINDOW_DAYS = 30;
export const CRITICAL_DAYS = 7;
export const HIGH_DAYS = 14;

export const URGENCIES = ["critical", "high", "medium", "low"] as const;
export type Urgency = (typeof URGENCIES)[number];

/** Urgencies worth a purchase order. */
export const REORDER_URGENCIES: readonly Urgency[] = ["critical", "high", "medium"];

export type ForecastInput = {
  stockLevel: number;
  lowStockThreshold: number | null;
  /** units sold in the last FORECAST_WINDOW_DAYS days, on orders that were not cancelled */
  unitsSold: number;
};

export type Forecast = {
  /** units per day */
  velocityPerDay: number;
  /** days until the stock runs out at that pace; null when nothing sold; 0 when out */
  daysToStockout: number | null;
  suggestedQuantity: number;
  urgency: Urgency;
  /** whether a purchase order should include it: urgency critical, high or medium and something to order */
  shouldReorder: boolean;
};

export function forecastProduct({ stockLevel, lowStockThreshold, unitsSold }: ForecastInput): Forecast {
  const threshold = lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const sold = Math.max(0, unitsSold);
  const velocityPerDay = sold / FORECAST_WINDOW_DAYS;
  const out = stockLevel <= 0;
  const daysToStockout = out ? 0 : sold === 0 ? null : stockLevel / velocityPerDay;
  // ceil(velocity × 30) is the whole number of units sold over the window; taken as that number rather than
  // through the float (7 / 30 × 30 is 7.000000000000001, which would round up to 8).
  const suggestedQuantity = Math.max(0, Math.ceil(sold) + threshold - stockLevel);
  const urgency = urgencyOf(stockLevel, threshold, daysToStockout);
  return {
    velocityPerDay,
    daysToStockout,
    suggestedQuantity,
    urgency,
    shouldReorder: REORDER_URGENCIES.includes(urgency) && suggestedQuantity > 0,
  };
}

function urgencyOf(stockLevel: number, threshold: number, daysToStockout: number | null): Urgency {
  if (stockLevel <= 0 || (daysToStockout !== null && daysToStockout < CRITICAL_DAYS)) return "critical";
  if (daysToStockout !== null && daysToStockout < HIGH_DAYS) return "high";
  if (stockLevel <= threshold) return "medium";
  return "low";
}

const URGENCY_LABELS: Record<Urgency, string> = {
  critical: "Critical",
  high: "High Priority",
  medium: "Medium Priority",
  low: "Low",
};

export function urgencyLabel(urgency: Urgency) {
  return URGENCY_LABELS[urgency];
}
