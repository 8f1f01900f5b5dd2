import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, productRequests, products, type OrderStatus } from "~db/schema";
import { analyticsMonths, londonMonthStart } from "~/domain/reports/analytics-months";
import { getAnalytics } from "~/domain/reports/analytics.server";
import { listInventoryAlerts } from "~/domain/reports/inventory-alerts.server";
import * as adminLayout from "~/routes/admin";
import * as dashboardAlias from "~/routes/admin.dashboard";
import * as dashboard from "~/routes/admin._index";
import * as analyticsPage from "~/routes/admin.analytics";
import * as inventoryPage from "~/routes/admin.inventory-alerts";
import * as lowStockAlerts from "~/routes/admin.low-stock-alerts";
import * as sidebar from "~/routes/admin.sidebar";
import * as apiOrdersRecent from "~/routes/api.admin.orders.recent";
import * as apiStats from "~/routes/api.admin.stats";
import { getDb } from "~/utils/db.server";
import { createCategory, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;
let buyerId: string;
const productIds: Record<string, number> = {};

let orderSeq = 0;
function addOrder(
  status: OrderStatus,
  total: number,
  createdAt: Date,
  { userId = buyerId as string | null, email = "ship@example.com", lines = [] as [string, number, number][] } = {},
) {
  orderSeq += 1;
  const order = getDb()
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(orderSeq).padStart(6, "0")}`,
      userId,
      status,
      subtotal: total,
      vatAmount: 0,
      total,
      shippingName: "Shipping Name",
      shippingEmail: email,
      shippingAddress: "1 High Street",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 1AA",
      createdAt,
    })
    .returning()
    .get();
  for (const [name, quantity, lineTotal] of lines) {
    getDb()
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: productIds[name] ?? null,
        productName: name,
        quantity,
        unitPrice: Math.round(lineTotal / quantity),
        vatRate: 2000,
        total: lineTotal,
        vatAmount: 0,
      })
      .run();
  }
  return order;
}

const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerId = (await createUser({ email: "buyer@example.com" })).id;
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });

  const cleaning = createCategory("Cleaning & Hygiene");
  const paper = createCategory("Paper & Disposables");
  const rows = [
    { name: "Bleach 5L", categoryId: cleaning.id, stockLevel: 0, lowStockThreshold: 10 },
    { name: "Blue Roll", categoryId: paper.id, stockLevel: 4, lowStockThreshold: 10 },
    { name: "Hand Soap", categoryId: null, stockLevel: 10, lowStockThreshold: 10 },
    { name: "Bin Bags", categoryId: paper.id, stockLevel: 200, lowStockThreshold: 20 },
    { name: "Gloves", categoryId: cleaning.id, stockLevel: 11, lowStockThreshold: 10 },
  ];
  for (const row of rows) {
    productIds[row.name] = getDb()
      .insert(products)
      .values({ ...row, slug: row.name.toLowerCase().replace(/\W+/g, "-"), salesPrice: 500 })
      .returning()
      .get().id;
  }
  getDb()
    .insert(productRequests)
    .values([
      { requestText: "Compostable cups please", status: "pending" },
      { requestText: "Larger mop heads", status: "approved" },
    ])
    .run();

  addOrder("delivered", 10_000, daysAgo(40), { lines: [["Bleach 5L", 10, 6_000], ["Blue Roll", 5, 4_000]] });
  addOrder("delivered", 2_550, daysAgo(3), { lines: [["Blue Roll", 2, 1_500], ["Discontinued Mop", 1, 1_050]] });
  addOrder("pending", 1_111, daysAgo(2), { userId: null, email: "walk-in@example.com" });
  addOrder("pending_approval", 2_222, daysAgo(1));
  addOrder("cancelled", 9_999, daysAgo(1), { lines: [["Bin Bags", 100, 9_999]] });
  addOrder("processing", 3_333, daysAgo(0.5));
  for (let i = 0; i < 8; i += 1) addOrder("shipped", 100 + i, daysAgo(10 + i));
  // older than 12 months: in the all-time revenue, out of the analytics window
  addOrder("delivered", 50_000, daysAgo(400), { lines: [["Gloves", 1, 50_000]] });
});

describe("dashboard stats", () => {
  it("GET /api/admin/stats: revenue = delivered totals, pending = pending + pending_approval", async () => {
    const response = await callRoute(apiStats.loader, buildRequest("/api/admin/stats", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      // the period figures: orders not cancelled placed since UK midnight / the 1st of the month, incl. VAT
      ordersToday: expect.any(Number),
      salesToday: expect.stringMatching(/^\d+\.\d{2}$/),
      ordersThisMonth: expect.any(Number),
      salesThisMonth: expect.stringMatching(/^\d+\.\d{2}$/),
      totalRevenue: "625.50",
      pendingOrders: 2,
      totalProducts: 5,
      productRequests: 1,
      // one definition everywhere: Blue Roll (4) and Hand Soap (10) are low; Bleach (0) is out, not low
      lowStockProducts: 2,
      outOfStockProducts: 1,
    });
  });

  it("GET /api/admin/orders/recent: the 10 newest, with the customer's email and 2-decimal totals", async () => {
    const response = await callRoute(apiOrdersRecent.loader, buildRequest("/api/admin/orders/recent", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    const recent = await readJson(response);
    expect(recent).toHaveLength(10);
    expect(recent[0]).toMatchObject({ status: "processing", total: "33.33", customerEmail: "buyer@example.com" });
    const walkIn = recent.find((order: { total: string }) => order.total === "11.11");
    expect(walkIn.customerEmail).toBe("walk-in@example.com");
    const times = recent.map((order: { createdAt: string }) => Date.parse(order.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(recent.some((order: { total: string }) => order.total === "500.00")).toBe(false);
  });

  it("the dashboard page (at /admin and /admin/dashboard) shows the same stats and recent orders", async () => {
    for (const [route, path] of [
      [dashboard, "/admin"],
      [dashboardAlias, "/admin/dashboard"],
    ] as const) {
      const response = await callRoute(route.loader, buildRequest(path, { cookie: adminCookie }));
      expect(response.status).toBe(200);
      const data = await readJson(response);
      const card = (label: string) => data.cards.find((c: { label: string }) => c.label === label);
      expect(card("Total Revenue")).toMatchObject({ value: "£625.50", to: "/admin/analytics" });
      expect(card("Pending Orders")).toMatchObject({ value: "2" });
      expect(card("Low Stock Products")).toMatchObject({ value: "2", note: "At or below threshold; 1 out of stock", warning: true });
      expect(data.recentOrders).toHaveLength(10);
      expect(data.recentOrders[0].customerEmail).toBe("buyer@example.com");
    }
  });

  it("keeps customers and visitors out", async () => {
    const customer = await callRoute(dashboard.loader, buildRequest("/admin", { cookie: buyerCookie }));
    expect(redirectLocation(customer)).toBe("/");
    const layout = await callRoute(adminLayout.loader, buildRequest("/admin/analytics", { cookie: buyerCookie }));
    expect(redirectLocation(layout)).toBe("/");
    const visitor = await callRoute(analyticsPage.loader, buildRequest("/admin/analytics"));
    expect(redirectLocation(visitor)).toBe("/login?redirectTo=%2Fadmin%2Fanalytics");
    const inventory = await callRoute(inventoryPage.loader, buildRequest("/admin/inventory-alerts", { cookie: buyerCookie }));
    expect(redirectLocation(inventory)).toBe("/");
  });
});

describe("analytics", () => {
  it("buckets delivered revenue into the last 12 UK calendar months", async () => {
    const response = await callRoute(analyticsPage.loader, buildRequest("/admin/analytics", { cookie: adminCookie }));
    const data = await readJson(response);
    expect(data.revenueByMonth).toHaveLength(12);
    const total = data.revenueByMonth.reduce((sum: number, month: { revenue: number }) => sum + month.revenue, 0);
    expect(total).toBe(12_550);
    const months = analyticsMonths(now);
    const monthOf = (date: Date) => months.find((m) => date >= m.start && date < m.end)!.month;
    const expected = new Map<string, number>();
    expected.set(monthOf(daysAgo(40)), (expected.get(monthOf(daysAgo(40))) ?? 0) + 10_000);
    expected.set(monthOf(daysAgo(3)), (expected.get(monthOf(daysAgo(3))) ?? 0) + 2_550);
    for (const month of data.revenueByMonth) {
      expect(month.revenue).toBe(expected.get(month.month) ?? 0);
    }
    expect(data.lowStockProducts).toBe(2);
  });

  it("counts orders by status (every status listed) and ranks products and categories by revenue", () => {
    const analytics = getAnalytics(getDb(), now);
    expect(analytics.ordersByStatus).toEqual([
      { status: "pending", count: 1 },
      { status: "pending_approval", count: 1 },
      { status: "on_hold", count: 0 },
      { status: "processing", count: 1 },
      { status: "shipped", count: 8 },
      { status: "delivered", count: 2 },
      { status: "cancelled", count: 1 },
    ]);
    expect(analytics.topProducts.map((p) => [p.name, p.revenue, p.quantity])).toEqual([
      ["Bleach 5L", 6_000, 10],
      ["Blue Roll", 5_500, 7],
      ["Discontinued Mop", 1_050, 1],
    ]);
    expect(analytics.topCategories.map((c) => [c.name, c.revenue])).toEqual([
      ["Cleaning & Hygiene", 6_000],
      ["Paper & Disposables", 5_500],
      ["Uncategorised", 1_050],
    ]);
  });

  it("starts UK months at London midnight, in GMT and in BST", () => {
    expect(londonMonthStart(2025, 0).toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(londonMonthStart(2025, 6).toISOString()).toBe("2025-06-30T23:00:00.000Z");
    const months = analyticsMonths(new Date("2025-07-15T12:00:00Z"));
    expect(months[0].month).toBe("2024-08");
    expect(months[11].month).toBe("2025-07");
    expect(months[11].end.toISOString()).toBe("2025-07-31T23:00:00.000Z");
  });

  it("/admin/low-stock-alerts leads to the inventory alerts", async () => {
    const response = await callRoute(lowStockAlerts.loader, buildRequest("/admin/low-stock-alerts", { cookie: adminCookie }));
    expect(redirectLocation(response)).toBe("/admin/inventory-alerts");
  });
});

describe("inventory alerts", () => {
  it("lists products at or below their threshold, out of stock first, with the counts", async () => {
    const response = await callRoute(inventoryPage.loader, buildRequest("/admin/inventory-alerts", { cookie: adminCookie }));
    const data = await readJson(response);
    expect(data).toMatchObject({ totalProducts: 5, lowStock: 2, outOfStock: 1, page: 1, pageCount: 1 });
    expect(data.items.map((item: { name: string; categoryName: string | null; stockLevel: number; state: string }) => [
      item.name,
      item.categoryName,
      item.stockLevel,
      item.state,
    ])).toEqual([
      ["Bleach 5L", "Cleaning & Hygiene", 0, "out-of-stock"],
      ["Blue Roll", "Paper & Disposables", 4, "low-stock"],
      ["Hand Soap", null, 10, "low-stock"],
    ]);
  });

  it("pages the list", () => {
    const first = listInventoryAlerts(getDb(), 1, 2);
    expect(first.items.map((item) => item.name)).toEqual(["Bleach 5L", "Blue Roll"]);
    expect(first.pageCount).toBe(2);
    const last = listInventoryAlerts(getDb(), 99, 2);
    expect(last.page).toBe(2);
    expect(last.items.map((item) => item.name)).toEqual(["Hand Soap"]);
  });
});

describe("the sidebar state", () => {
  it("the toggle sets a 7-day cookie and goes back; the layout reads it", async () => {
    const response = await callRoute(
      sidebar.action,
      buildRequest("/admin/sidebar", {
        form: { intent: "toggle", current: "expanded", redirectTo: "/admin/users?q=acme" },
        cookie: adminCookie,
      }),
    );
    expect(redirectLocation(response)).toBe("/admin/users?q=acme");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^sidebar_state=collapsed;/);
    expect(setCookie).toContain("Max-Age=604800");

    const layout = await readJson(
      await callRoute(adminLayout.loader, buildRequest("/admin", { cookie: `${adminCookie}; sidebar_state=collapsed` })),
    );
    expect(layout).toMatchObject({ email: "admin@example.com", sidebarState: "collapsed" });

    const back = await callRoute(
      sidebar.action,
      buildRequest("/admin/sidebar", {
        form: { intent: "toggle", current: "collapsed", redirectTo: "https://evil.example/" },
        cookie: adminCookie,
      }),
    );
    expect(redirectLocation(back)).toBe("/admin");
    expect(back.headers.get("Set-Cookie")).toMatch(/^sidebar_state=expanded;/);
  });

  it("is an admin-only action", async () => {
    const response = await callRoute(
      sidebar.action,
      buildRequest("/admin/sidebar", { form: { intent: "toggle" }, cookie: buyerCookie }),
    );
    expect(redirectLocation(response)).toBe("/");
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("sidebar_state");
  });
});
