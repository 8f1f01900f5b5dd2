import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrdersCsv } from "~/domain/orders/order-exports.server";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, csvStreamDownload, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/export?ids=1,2,3 (text/csv): the selected orders, one row each (id, orderNumber,
 * customerId, customerEmail, status, subtotal, vatAmount, total, createdAt). Without ids: every order the
 * list's filter matches (q, status, from, to as on GET /api/admin/orders; none: all orders), 404 when none
 * does. 400 on ids that are not whole numbers, 404 naming any id that is not an order.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "fulfilment");
  const result = exportOrdersCsv(getDb(), selectionFrom(new URL(request.url).searchParams));
  return result.ok ? csvStreamDownload(result.value) : failureResponse(result);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["GET"]);
});
