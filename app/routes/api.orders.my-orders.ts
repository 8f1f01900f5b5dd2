import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { countCustomerOrders, listCustomerOrders } from "~/domain/orders/order-history.server";
import { orderListQuerySchema } from "~/domain/orders/order-history.schema";
import { requireApiUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, parseQuery } from "~/utils/http.server";

/**
 * GET /api/orders/my-orders?limit=&offset=: the signed-in customer's orders with their items, newest first.
 * limit 1–100 (20 when absent), offset 0 or more; 400 for anything else, 401 when signed out.
 * `X-Total-Count` carries how many orders there are in all, for paging.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const query = parseQuery(request, orderListQuerySchema);
  const db = getDb();
  return json(listCustomerOrders(db, user.id, query), {
    headers: {
      "X-Total-Count": String(countCustomerOrders(db, user.id)),
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = () => methodNotAllowed(["GET"]);
