import { json } from "@remix-run/node";
import { getCustomerInsights } from "~/domain/reports/customer-insights.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/customer-insights: admin only. {totalCustomers, activeCustomers (ordered in the last 90
 * days), averageOrderValue, customerSegments {vip, regular, occasional, inactive}, topCustomers [userId,
 * firstName, lastName, businessName, email, orderCount, totalSpent, averageOrderValue, lastOrderDate (ISO)],
 * monthlyTrends [month ("2025-01"), revenue, orders, newCustomers, returningCustomers] for the last 12
 * months}. Money is a 2-decimal string incl. VAT, from orders not cancelled.
 */
export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "insights");
  const insights = getCustomerInsights(getDb(), { now: new Date() });
  return json({
    totalCustomers: insights.totalCustomers,
    activeCustomers: insights.activeCustomers,
    averageOrderValue: toDecimalString(insights.averageOrderValue),
    customerSegments: insights.segments,
    topCustomers: insights.topCustomers.map((customer) => ({
      userId: customer.userId,
      firstName: customer.firstName,
      lastName: customer.lastName,
      businessName: customer.businessName,
      email: customer.email,
      orderCount: customer.orderCount,
      totalSpent: toDecimalString(customer.totalSpent),
      averageOrderValue: toDecimalString(customer.averageOrder),
      lastOrderDate: customer.lastOrderDate?.toISOString() ?? null,
    })),
    monthlyTrends: insights.months.map((month) => ({ ...month, revenue: toDecimalString(month.revenue) })),
  });
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
