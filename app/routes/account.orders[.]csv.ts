import type { LoaderFunctionArgs } from "@remix-run/node";
import { placedByChoices } from "~/domain/companies/companies.server";
import { customerOrderHistoryCsv } from "~/domain/orders/order-history-csv.server";
import { readOrderHistoryFilters } from "~/domain/orders/order-history.schema";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";

/**
 * GET /account/orders.csv?q=&status=&from=&to=&placedBy=: the order history's Export CSV, the orders the page
 * lists for these filters (with "Placed by" for a company admin or approver of a company of several people). A filter the page would leave out (a bad date) is left out
 * here too, so the file always holds what the page lists.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const { filters } = readOrderHistoryFilters(new URL(request.url).searchParams);
  const db = getDb();
  const placedBy = placedByChoices(db, user) !== null;
  return csvDownload(customerOrderHistoryCsv(db, user.id, filters, undefined, { placedBy }));
}
