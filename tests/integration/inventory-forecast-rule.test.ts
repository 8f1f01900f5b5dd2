/**
 * The forecast's SQL (sales per product, urgency bands for filtering and counting) against the pure rule:
 * every product of a grid of stock levels, thresholds and sales lands in the band `forecastFor` gives it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus, products } from "~db/schema";
import { forecastFor, URGENCIES, type Urgency } from "~/domain/purchasing/forecast";
import { loadForecastRows, loadInventoryForecast } from "~/domain/purchasing/forecast.server";
import { getDb } from "~/utils/db.server";
import { createPastOrder, createProduct, createUser } from "./factories";

type Product = typeof products.$inferSelect;

const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

function sell(user: { id: string; email: string }, product: Product, quantity: number, createdAt: Date, status: OrderStatus = "delivered") {
  createPastOrder(user, [{ product, quantity }], { createdAt, status });
}

const expected = new Map<number, ReturnType<typeof forecastFor> & { units: number }>();

beforeAll(async () => {
  const buyer = await createUser({ email: "forecast-buyer@example.com" });
  let n = 0;
  for (const stockLevel of [0, 1, 6, 7, 13, 14, 20, 21, 60]) {
    for (const lowStockThreshold of [0, 7, 20]) {
      for (const units of [0, 30, 90]) {
        n += 1;
        const product = createProduct({ name: `Grid product ${n}`, salesPrice: 100, stockLevel, lowStockThreshold });
        if (units > 0) {
          // split over two orders, with sales that must not count beside them
          sell(buyer, product, units - 10, daysAgo(29.9));
          sell(buyer, product, 10, daysAgo(1));
          sell(buyer, product, 500, daysAgo(1), "cancelled");
          sell(buyer, product, 500, daysAgo(30.1));
        }
        expected.set(product.id, { ...forecastFor({ stockLevel, lowStockThreshold, unitsSold30d: units }), units });
      }
    }
  }
});

describe("the forecast queries", () => {
  it("count units on orders of the last 30 days that are not cancelled", () => {
    const rows = loadForecastRows(getDb(), { now });
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      const want = expected.get(row.productId)!;
      expect(row.unitsSold30d).toBe(want.units);
      expect(row).toMatchObject({
        velocityPerDay: want.velocityPerDay,
        daysToStockout: want.daysToStockout,
        suggestedQuantity: want.suggestedQuantity,
        urgency: want.urgency,
      });
    }
  });

  it("band, count and filter in SQL exactly as the rule does", () => {
    const all = loadInventoryForecast(getDb(), { now, pageSize: 500 });
    const wanted = Object.fromEntries(URGENCIES.map((band) => [band, 0])) as Record<Urgency, number>;
    for (const want of expected.values()) wanted[want.urgency] += 1;
    expect(all.counts).toEqual(wanted);
    for (const band of URGENCIES) {
      const page = loadInventoryForecast(getDb(), { now, urgency: band, pageSize: 500 });
      expect(page.total).toBe(wanted[band]);
      expect(page.items.every((row) => row.urgency === band)).toBe(true);
    }
  });

  it("lists the most urgent first, the fewest days left first within a band", () => {
    const { items } = loadInventoryForecast(getDb(), { now, pageSize: 500 });
    const ranks = items.map((row) => URGENCIES.indexOf(row.urgency));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const high = items.filter((row) => row.urgency === "high").map((row) => row.daysToStockout ?? Infinity);
    expect([...high].sort((a, b) => a - b)).toEqual(high);
  });

  it("pages", () => {
    const first = loadInventoryForecast(getDb(), { now, pageSize: 10 });
    const second = loadInventoryForecast(getDb(), { now, pageSize: 10, page: 2 });
    expect(first.pageCount).toBe(Math.ceil(expected.size / 10));
    expect(second.page).toBe(2);
    expect(second.items[0]!.productId).not.toBe(first.items[0]!.productId);
    expect(loadInventoryForecast(getDb(), { now, pageSize: 10, page: 999 }).page).toBe(first.pageCount);
  });

  it("gives every band's products with the same figures as the catalogue's own rows", () => {
    const rows = new Map(loadForecastRows(getDb(), { now }).map((row) => [row.productId, row]));
    for (const band of URGENCIES) {
      const page = loadInventoryForecast(getDb(), { now, urgency: band, pageSize: 500 });
      expect(page.items.map((row) => row.productId).sort()).toEqual(
        [...rows.values()].filter((row) => row.urgency === band).map((row) => row.productId).sort(),
      );
      for (const item of page.items) expect(item).toEqual(rows.get(item.productId));
    }
  });
});

describe("the forecast kept between views", () => {
  it("follows a sale, a stock change and the clock", async () => {
    const db = getDb();
    const buyer = await createUser({ email: "forecast-later@example.com" });
    const product = createProduct({ name: "Kept forecast crate", salesPrice: 100, stockLevel: 300, lowStockThreshold: 0 });
    const find = (at: Date) =>
      loadInventoryForecast(db, { now: at, pageSize: 500 }).items.find((row) => row.productId === product.id)!;
    expect(find(now)).toMatchObject({ unitsSold30d: 0, urgency: "low" });

    sell(buyer, product, 90, daysAgo(2));
    // a past order (no stock taken): 300 in stock at 3 a day is 100 days, still low
    expect(find(now)).toMatchObject({ unitsSold30d: 90, stockLevel: 300, urgency: "low" });

    db.$client.prepare("update products set stock_level = 20 where id = ?").run(product.id);
    expect(find(now)).toMatchObject({ stockLevel: 20, urgency: "critical", daysToStockout: 6 });

    // 28 days on, the sale two days ago has left the 30-day window
    const later = new Date(now.getTime() + 28.5 * 24 * 60 * 60 * 1000);
    expect(find(later)).toMatchObject({ unitsSold30d: 0, urgency: "low" });
    expect(find(now)).toMatchObject({ unitsSold30d: 90 });
  });
});
