import { json } from "@remix-run/node";
import { getAdminStats } from "~/domain/reports/dashboard.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/stats: admin only. The spec's totalRevenue (delivered orders, all time), pendingOrders,
 * totalProducts, productRequests and lowStockProducts, plus outOfStockProducts and the period figures the
 * dashboard shows: ordersToday, salesToday, ordersThisMonth, salesThisMonth (orders not cancelled, placed
 * since UK midnight or the 1st of the UK month, totals incl. VAT). Money as 2-decimal strings.
 */
export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "analytics");
  const stats = getAdminStats(getDb());
  return json({
    ...stats,
    salesToday: toDecimalString(stats.salesToday),
    salesThisMonth: toDecimalString(stats.salesThisMonth),
    totalRevenue: toDecimalString(stats.totalRevenue),
  });
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
