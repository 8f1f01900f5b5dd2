import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportIdsFrom } from "~/domain/admin-orders.schema";
import { csvDownload, exportOrdersCsv } from "~/domain/admin-orders.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, firstIssue, jsonError, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/export?ids=1,2,3 (text/csv): the selected orders, one row each (id, orderNumber,
 * customerId, customerEmail, status, subtotal, vatAmount, total, createdAt). 400 without ids, 404 naming
 * any id that is not an order.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const ids = exportIdsFrom(new URL(request.url).searchParams);
  if (!ids.success) {
    const issue = firstIssue(ids.error);
    return jsonError(400, issue.message, "ids");
  }
  const result = exportOrdersCsv(getDb(), ids.data);
  if (!result.ok) return failureResponse(result);
  return csvDownload(result.value);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiAdmin(request);
  return methodNotAllowed(["GET"]);
});
