import { json } from "@remix-run/node";
import { listRecentOrders } from "~/domain/reports/dashboard.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * GET /api/admin/orders/recent: the 10 newest orders with the customer's email, business name (null when the
 * account has none, or for a walk-in sale) and contact name; totals as 2-decimal strings.
 */
export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  const orders = listRecentOrders(getDb()).map((order) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    customerEmail: order.customerEmail,
    businessName: order.businessName,
    contactName: order.contactName,
    status: order.status,
    total: toDecimalString(order.total),
    createdAt: order.createdAt.toISOString(),
  }));
  return json(orders);
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
