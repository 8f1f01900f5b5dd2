import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { exportOrdersCsv } from "~/domain/orders/order-exports.server";
import { csvDownload } from "~/utils/http.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /admin/orders/export.csv?ids=…: the Orders toolbar's Export CSV without JavaScript (the ticked boxes
 * submitted as a GET form). With JavaScript the screen fetches /api/admin/orders/export and says
 * "Export Complete". Nothing ticked, or an unknown order, goes back to the list with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const result = exportOrdersCsv(getDb(), new URL(request.url).searchParams.getAll("ids"));
  if (!result.ok) throw await redirectWithToast(request, "/admin/orders", errorToast(result.message));
  return csvDownload(result.value);
}
