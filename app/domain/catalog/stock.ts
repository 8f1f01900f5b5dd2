/** Stock states, as the storefront and back office show them. Browser-safe. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

export type StockState = "in-stock" | "low-stock" | "out-of-stock";

/** out of stock at 0; low when above 0 and at or below the threshold; otherwise in stock */
export function stockState(stockLevel: number, threshold: number | null | undefined): StockState {
  const limit = threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  if (stockLevel <= 0) return "out-of-stock";
  if (stockLevel <= limit) return "low-stock";
  return "in-stock";
}
