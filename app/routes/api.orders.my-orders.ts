import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { countCustomerOrders, listCustomerOrders } from "~/domain/orders/order-history.server";
import { myOrdersQuerySchema } from "~/domain/orders/order-history.schema";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, parseQuery } from "~/utils/http.server";

/**
 * GET /api/orders/my-orders?limit=&offset=&q=&status=&from=&to=: the signed-in customer's orders with their
 * items, newest first. limit 1–100 (20 when absent), offset 0 or more. The filters are the order history
 * page's: q searches the order number, PO reference, product names and SKUs; status is one order status;
 * from and to are UK calendar days (YYYY-MM-DD, both included). 400 for anything else (naming the field),
 * 401 when signed out. Only the customer's own orders, always. `X-Total-Count` carries how many orders
 * match in all, for paging.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "history");
  const { limit, offset, ...filters } = parseQuery(request, myOrdersQuerySchema);
  const db = getDb();
  return json(listCustomerOrders(db, user.id, { limit, offset, filters }), {
    headers: {
      "X-Total-Count": String(countCustomerOrders(db, user.id, filters)),
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
