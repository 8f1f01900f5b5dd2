import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownloadForIds, exportOrdersCsv } from "~/domain/orders/order-desk.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/export?ids=1,2,3 (text/csv): the selected orders, one row each (id, orderNumber,
 * customerId, customerEmail, status, subtotal, vatAmount, total, createdAt). 400 without ids, 404 naming
 * any id that is not an order.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return csvDownloadForIds(getDb(), new URL(request.url).searchParams, exportOrdersCsv);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return methodNotAllowed(["GET"]);
});
