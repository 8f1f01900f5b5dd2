import type { LoaderFunctionArgs } from "@remix-run/node";
import { approvalListQuerySchema } from "~/domain/orders/order-approvals.schema";
import { listPendingApprovalOrders, pendingApprovalJson } from "~/domain/orders/order-approvals.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse } from "~/utils/http.server";

/**
 * GET /api/admin/orders/pending-approval: admin only. The orders awaiting approval, oldest first: id,
 * orderNumber, shippingName, shippingEmail, shippingAddress, shippingCity, shippingPostcode, total
 * (2-decimal string), createdAt. Paged by `page` (25 a page) with X-Total-Count, X-Page and X-Page-Count.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "orders");
  const { page } = approvalListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = listPendingApprovalOrders(getDb(), { page });
  return pagedJsonResponse(result, pendingApprovalJson);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "orders");
  return methodNotAllowed(["GET"]);
});
