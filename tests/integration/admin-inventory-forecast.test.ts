import { beforeAll, describe, expect, it } from "vitest";
import * as forecastPage from "~/routes/admin.inventory-forecast/route";
import * as apiForecast from "~/routes/api.admin.inventory-forecast";
import { createPastOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  const buyer = await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });

  // 60 sold in 30 days (2 a day): 10 left is 5 days, critical
  const gloves = createProduct({ name: "Nitrile Gloves", sku: "GLV-100", salesPrice: 500, stockLevel: 10, lowStockThreshold: 20 });
  createPastOrder(buyer, [{ product: gloves, quantity: 60 }], { createdAt: daysAgo(3) });
  // out of stock, nothing sold: critical, days 0
  createProduct({ name: "Bleach 5L", salesPrice: 300, stockLevel: 0, lowStockThreshold: 10 });
  // 30 sold (1 a day): 10 left is 10 days, high
  const roll = createProduct({ name: "Blue Roll", salesPrice: 400, stockLevel: 10, lowStockThreshold: 5 });
  createPastOrder(buyer, [{ product: roll, quantity: 30 }], { createdAt: daysAgo(20) });
  // the cancelled order and the one 31 days ago do not count
  createPastOrder(buyer, [{ product: roll, quantity: 300 }], { createdAt: daysAgo(2), status: "cancelled" });
  createPastOrder(buyer, [{ product: roll, quantity: 300 }], { createdAt: daysAgo(31) });
  // at its threshold, nothing sold: medium, no stockout date
  createProduct({ name: "Hand Soap", salesPrice: 250, stockLevel: 8, lowStockThreshold: 8 });
  // plenty: low
  createProduct({ name: "Bin Bags", salesPrice: 900, stockLevel: 500, lowStockThreshold: 20 });
});

describe("GET /api/admin/inventory-forecast", () => {
  it("answers each product's forecast, the most urgent first, with the band counts", async () => {
    const response = await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("5");
    const body = await readJson(response);
    expect(body.counts).toEqual({ critical: 2, high: 1, medium: 1, low: 1 });
    expect(body.products.map((p: { name: string }) => p.name)).toEqual([
      "Bleach 5L",
      "Nitrile Gloves",
      "Blue Roll",
      "Hand Soap",
      "Bin Bags",
    ]);
    expect(body.products[1]).toEqual({
      id: expect.any(Number),
      name: "Nitrile Gloves",
      sku: "GLV-100",
      lowStockThreshold: 20,
      currentStock: 10,
      unitsSold30d: 60,
      salesVelocity: "2.00",
      daysUntilStockout: 5,
      // 60 + 20 − 10
      reorderRecommendation: { urgency: "critical", shouldReorder: true, suggestedQuantity: 70 },
    });
    expect(body.products[0]).toMatchObject({ daysUntilStockout: 0, salesVelocity: "0.00", reorderRecommendation: { suggestedQuantity: 10 } });
    expect(body.products[2]).toMatchObject({ unitsSold30d: 30, salesVelocity: "1.00", daysUntilStockout: 10 });
    expect(body.products[3]).toMatchObject({ daysUntilStockout: null, reorderRecommendation: { urgency: "medium", shouldReorder: false, suggestedQuantity: 0 } });
  });

  it("filters by urgency and pages", async () => {
    const high = await readJson(
      await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast?urgency=high", { cookie: adminCookie })),
    );
    expect(high.products.map((p: { name: string }) => p.name)).toEqual(["Blue Roll"]);
    expect(high.total).toBe(1);
    const second = await readJson(
      await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast?pageSize=2&page=2", { cookie: adminCookie })),
    );
    expect(second).toMatchObject({ page: 2, pageSize: 2, pageCount: 3, total: 5 });
    expect(second.products.map((p: { name: string }) => p.name)).toEqual(["Blue Roll", "Hand Soap"]);
  });

  it("refuses an unknown urgency, customers and guests", async () => {
    const bad = await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast?urgency=urgent", { cookie: adminCookie }));
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ message: "urgency must be one of critical, high, medium, low", field: "urgency" });
    expect((await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast", { cookie: buyerCookie }))).status).toBe(403);
    expect((await callRoute(apiForecast.loader, buildRequest("/api/admin/inventory-forecast"))).status).toBe(401);
    expect((await callRoute(apiForecast.action, buildRequest("/api/admin/inventory-forecast", { method: "POST", json: {} }))).status).toBe(405);
  });
});

describe("the Inventory Forecast screen", () => {
  it("loads the counts and the rows of the chosen band", async () => {
    const data = await readJson(
      await callRoute(forecastPage.loader, buildRequest("/admin/inventory-forecast?urgency=critical", { cookie: adminCookie })),
    );
    expect(data.counts).toEqual({ critical: 2, high: 1, medium: 1, low: 1 });
    expect(data.urgency).toBe("critical");
    expect(data.items).toEqual([
      expect.objectContaining({ name: "Bleach 5L", velocity: "0.00", daysToStockout: 0, suggestedQuantity: 10, urgency: "critical" }),
      expect.objectContaining({ name: "Nitrile Gloves", velocity: "2.00", daysToStockout: 5, suggestedQuantity: 70, urgency: "critical" }),
    ]);
  });

  it("shows every band for an urgency it does not know", async () => {
    const data = await readJson(
      await callRoute(forecastPage.loader, buildRequest("/admin/inventory-forecast?urgency=soon", { cookie: adminCookie })),
    );
    expect(data.urgency).toBeNull();
    expect(data.items).toHaveLength(5);
  });

  it("is for admins only", async () => {
    const guest = await callRoute(forecastPage.loader, buildRequest("/admin/inventory-forecast"));
    expect(redirectLocation(guest)).toMatch(/^\/login/);
    const customer = await callRoute(forecastPage.loader, buildRequest("/admin/inventory-forecast", { cookie: buyerCookie }));
    expect(customer.status).not.toBe(200);
  });
});
