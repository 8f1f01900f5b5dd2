import { describe, expect, it } from "vitest";
import * as insightsPage from "~/routes/admin.customer-insights/route";
import * as apiInsights from "~/routes/api.admin.customer-insights";
import { createPastOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const insightsOf = async (cookie: string) =>
  readJson(await callRoute(apiInsights.loader, buildRequest("/api/admin/customer-insights", { cookie })));

describe("customer insights", () => {
  let adminCookie: string;

  it("says there is no customer data before there are customers", async () => {
    await createUser({ email: "admin@example.com", role: "admin" });
    adminCookie = await signIn("admin@example.com", { via: "api" });
    const body = await insightsOf(adminCookie);
    expect(body).toMatchObject({ totalCustomers: 0, activeCustomers: 0, averageOrderValue: "0.00", topCustomers: [] });
    expect(body.monthlyTrends).toHaveLength(12);
    expect(insightsPage.NO_CUSTOMER_DATA).toBe("No customer data available yet");
  });

  it("counts, segments and ranks the customers by their orders not cancelled, incl. VAT", async () => {
    // a 0% VAT product, so that order totals are plain: £10 a crate
    const crate = createProduct({ name: "Catering Crate", salesPrice: 1_000, vatRate: 0 });
    const vip = await createUser({ email: "vip@example.com", firstName: "Vera", lastName: "Price", businessName: "Price Catering Ltd" });
    const regular = await createUser({ email: "regular@example.com", firstName: null, lastName: null });
    const occasional = await createUser({ email: "occasional@example.com", firstName: "Olu", lastName: "Adeyemi" });
    const lapsed = await createUser({ email: "lapsed@example.com", firstName: "Lee", lastName: "Stone" });
    await createUser({ email: "never@example.com" });
    await createUser({ email: "waiting@example.com", approvedAt: null });
    await createUser({ email: "supplier@example.com", role: "supplier" });

    createPastOrder(vip, [{ product: crate, quantity: 100 }], { createdAt: daysAgo(200) }); // £1,000: VIP, not active
    createPastOrder(regular, [{ product: crate, quantity: 5 }], { createdAt: daysAgo(29) }); // £50
    createPastOrder(occasional, [{ product: crate, quantity: 3 }], { createdAt: daysAgo(300) }); // first order
    createPastOrder(occasional, [{ product: crate, quantity: 2 }], { createdAt: daysAgo(60) }); // £20, returning
    createPastOrder(lapsed, [{ product: crate, quantity: 1 }], { createdAt: daysAgo(120) }); // £10
    createPastOrder(lapsed, [{ product: crate, quantity: 500 }], { createdAt: daysAgo(1), status: "cancelled" });

    const body = await insightsOf(adminCookie);
    expect(body).toMatchObject({
      totalCustomers: 5,
      activeCustomers: 2,
      // (1000 + 50 + 30 + 20 + 10) / 5 orders
      averageOrderValue: "222.00",
      customerSegments: { vip: 1, regular: 1, occasional: 1, inactive: 2 },
    });
    expect(body.topCustomers).toEqual([
      {
        userId: vip.id,
        firstName: "Vera",
        lastName: "Price",
        businessName: "Price Catering Ltd",
        email: "vip@example.com",
        orderCount: 1,
        totalSpent: "1000.00",
        averageOrderValue: "1000.00",
        lastOrderDate: expect.any(String),
      },
      expect.objectContaining({ email: "occasional@example.com", orderCount: 2, totalSpent: "50.00", averageOrderValue: "25.00" }),
      expect.objectContaining({ email: "regular@example.com", orderCount: 1, totalSpent: "50.00" }),
      expect.objectContaining({ email: "lapsed@example.com", orderCount: 1, totalSpent: "10.00" }),
    ]);
    expect(Date.parse(body.topCustomers[0].lastOrderDate)).toBeCloseTo(daysAgo(200).getTime(), -5);

    const months = body.monthlyTrends as { month: string; revenue: string; orders: number; newCustomers: number; returningCustomers: number }[];
    expect(months).toHaveLength(12);
    expect(months.reduce((sum, m) => sum + Number(m.revenue), 0)).toBe(1110);
    expect(months.reduce((sum, m) => sum + m.orders, 0)).toBe(5);
    expect(months.reduce((sum, m) => sum + m.newCustomers, 0)).toBe(4);
    expect(months.reduce((sum, m) => sum + m.returningCustomers, 0)).toBe(1);
    // the occasional customer's second order, in a month after their first: £20 from one returning customer
    expect(months.find((m) => m.returningCustomers === 1)).toMatchObject({ revenue: "20.00", orders: 1 });
  });

  it("the screen loads the same figures", async () => {
    const data = await readJson(await callRoute(insightsPage.loader, buildRequest("/admin/customer-insights", { cookie: adminCookie })));
    expect(data).toMatchObject({ totalCustomers: 5, activeCustomers: 2, averageOrderValue: 22_200, segments: { vip: 1 } });
    expect(data.topCustomers[0]).toMatchObject({ email: "vip@example.com", totalSpent: 100_000 });
    expect(data.months).toHaveLength(12);
  });

  it("is for admins only", async () => {
    await createUser({ email: "buyer@example.com" });
    const buyerCookie = await signIn("buyer@example.com", { via: "api" });
    expect((await callRoute(apiInsights.loader, buildRequest("/api/admin/customer-insights", { cookie: buyerCookie }))).status).toBe(403);
    expect((await callRoute(apiInsights.loader, buildRequest("/api/admin/customer-insights"))).status).toBe(401);
    expect(redirectLocation(await callRoute(insightsPage.loader, buildRequest("/admin/customer-insights")))).toMatch(/^\/login/);
  });
});
