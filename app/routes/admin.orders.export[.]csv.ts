import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { exportOrdersCsv } from "~/domain/orders/order-exports.server";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { csvStreamDownload } from "~/utils/http.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /admin/orders/export.csv?ids=…: the Orders toolbar's Export CSV without JavaScript (the ticked boxes
 * submitted as a GET form; nothing ticked, or "all matching", exports the list's `filter`). With JavaScript
 * the screen fetches /api/admin/orders/export and says "Export Complete". An unknown order, or a filter
 * that matches nothing, goes back to the list with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "fulfilment");
  const result = exportOrdersCsv(getDb(), selectionFrom(new URL(request.url).searchParams));
  if (!result.ok) throw await redirectWithToast(request, "/admin/orders", errorToast(result.message));
  return csvStreamDownload(result.value);
}
