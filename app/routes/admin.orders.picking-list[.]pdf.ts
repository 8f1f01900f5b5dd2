import type { LoaderFunctionArgs } from "@remix-run/node";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { pickingListPdf } from "~/domain/orders/picking-list-print.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

/**
 * GET /admin/orders/picking-list.pdf?ids=…: the Orders toolbar's Print Picking List without JavaScript, a PDF
 * download like the CSV beside it, each line with its barcode (nothing ticked: the orders the list's `filter`
 * matches). A selection with nothing to pick goes
 * back to the orders with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "fulfilment");
  const result = await pickingListPdf(getDb(), selectionFrom(new URL(request.url).searchParams));
  if (!result.ok) throw await redirectWithToast(request, "/admin/orders", errorToast(result.message));
  return pdfDownloadResponse(result.value.pdf, result.value.fileName);
}
