import type { LoaderFunctionArgs } from "@remix-run/node";
import { pickingListCsv } from "~/domain/orders/order-exports.server";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, csvDownload, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/picking-list?ids=1,2,3 (text/csv): what to pick for the selected orders, one row
 * per product and variant choice (productId, productName, variants, totalQuantity, orderIds, orderNumbers).
 * Cancelled orders are left out (409 when every selected order is cancelled). Without ids: the orders the
 * list's filter matches (q, status, from, to), 404 when none does. 400 on ids that are not whole numbers,
 * 404 naming any id that is not an order.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "fulfilment");
  const result = pickingListCsv(getDb(), selectionFrom(new URL(request.url).searchParams));
  return result.ok ? csvDownload(result.value) : failureResponse(result);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["GET"]);
});
