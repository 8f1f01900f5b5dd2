import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCustomerOrderItems } from "~/domain/orders/order-history.server";
import { ORDER_NOT_FOUND } from "~/domain/orders/order-history.schema";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/orders/{id}/items: the lines of one of the signed-in customer's orders,
 * [{productId, productName, quantity, selectedVariants, unitPrice, vatRate, total}].
 * 401 when signed out; 404 "Order not found" for an unknown id and for another customer's order alike.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  const orderId = requireIntParam(params.id, ORDER_NOT_FOUND);
  const result = getCustomerOrderItems(getDb(), user.id, orderId);
  if (!result.ok) return failureResponse(result);
  return json(result.value, { headers: { "Cache-Control": "private, no-store" } });
});

export const action = () => methodNotAllowed(["GET"]);
