import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrdersCsv } from "~/domain/orders/order-exports.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, csvDownload, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/export?ids=1,2,3 (text/csv): the selected orders, one row each (id, orderNumber,
 * customerId, customerEmail, status, subtotal, vatAmount, total, createdAt). 400 without ids, 404 naming
 * any id that is not an order.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const result = exportOrdersCsv(getDb(), new URL(request.url).searchParams.getAll("ids"));
  return result.ok ? csvDownload(result.value) : failureResponse(result);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return methodNotAllowed(["GET"]);
});
