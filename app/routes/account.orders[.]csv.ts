import type { LoaderFunctionArgs } from "@remix-run/node";
import { customerOrderHistoryCsv } from "~/domain/orders/order-history-csv.server";
import { readOrderHistoryFilters } from "~/domain/orders/order-history.schema";
import { requireBuyer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";

/**
 * GET /account/orders.csv?q=&status=&from=&to=: the order history's Export CSV, the signed-in customer's
 * own orders that the page's filters match. A filter the page would leave out (a bad date) is left out
 * here too, so the file always holds what the page lists.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBuyer(request);
  const { filters } = readOrderHistoryFilters(new URL(request.url).searchParams);
  return csvDownload(customerOrderHistoryCsv(getDb(), user.id, filters));
}
