import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { exportIdsFrom } from "~/domain/orders/order-desk.schema";
import { pickingListCsv } from "~/domain/orders/order-desk.server";
import { csvDownload } from "~/utils/http.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /admin/orders/picking-list.csv?ids=…: the Orders toolbar's Picking List without JavaScript. With
 * JavaScript the screen fetches /api/admin/orders/picking-list and says "Picking List Exported".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const ids = exportIdsFrom(new URL(request.url).searchParams);
  if (!ids.success) throw await redirectWithToast(request, "/admin/orders", errorToast(ids.error.issues[0].message));
  const result = pickingListCsv(getDb(), ids.data);
  if (!result.ok) throw await redirectWithToast(request, "/admin/orders", errorToast(result.message));
  return csvDownload(result.value);
}
