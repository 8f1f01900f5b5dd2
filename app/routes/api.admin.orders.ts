import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ADMIN_ORDERS_PAGE_SIZE, orderListQuerySchema } from "~/domain/orders/order-list.schema";
import { adminOrderSummaryJson, listAdminOrders } from "~/domain/orders/order-list.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse } from "~/utils/http.server";

const PAGE_SIZE_MAX = 100;
const pageSizeSchema = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(ADMIN_ORDERS_PAGE_SIZE);

/**
 * GET /api/admin/orders: admin only. A JSON array of orders, newest first, with the customer's email; money
 * as 2-decimal strings. Narrowed by `q` (order number, customer email or business name, shipping name or
 * email, PO reference), `status` and `from`/`to` (UK days, YYYY-MM-DD or DD/MM/YYYY, both included); ordered
 * by `sort` (newest, oldest, total-desc, total-asc, status; default newest); paged by
 * `page` (from 1) and `pageSize` (1 to 100, default 25), with X-Total-Count, X-Page, X-Page-Size and
 * X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "fulfilment");
  const params = new URL(request.url).searchParams;
  const query = orderListQuerySchema.parse(Object.fromEntries(params));
  const pageSize = pageSizeSchema.parse(params.get("pageSize") ?? undefined);
  const result = listAdminOrders(getDb(), query, pageSize);
  return pagedJsonResponse(result, adminOrderSummaryJson);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["GET"]);
});
