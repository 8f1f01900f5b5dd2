import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import { pickingListCsv } from "~/domain/orders/order-exports.server";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { csvDownload } from "~/utils/http.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /admin/orders/picking-list.csv?ids=…: the Orders toolbar's Picking List without JavaScript (nothing
 * ticked, or "all matching": the list's `filter`). With
 * JavaScript the screen fetches /api/admin/orders/picking-list and says "Picking List Exported".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "fulfilment");
  const result = pickingListCsv(getDb(), selectionFrom(new URL(request.url).searchParams));
  if (!result.ok) throw await redirectWithToast(request, "/admin/orders", errorToast(result.message));
  return csvDownload(result.value);
}
