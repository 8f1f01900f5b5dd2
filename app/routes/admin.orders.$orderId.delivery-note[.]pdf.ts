import type { LoaderFunctionArgs } from "@remix-run/node";
import { deliveryNotePdf } from "~/domain/orders/delivery-note.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse, pdfRefusal } from "~/utils/invoice-pdf.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

/**
 * GET /admin/orders/{id}/delivery-note.pdf: the order screen's Delivery note, the PDF opened in the browser's
 * viewer to print (staff who handle orders: sales and the warehouse). An unknown order is a 404; a cancelled
 * one goes back to the order with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "fulfilment");
  const id = /^\d{1,15}$/.test(params.orderId ?? "") ? Number(params.orderId) : 0;
  const result = id > 0 ? await deliveryNotePdf(getDb(), id) : null;
  if (!result || (!result.ok && result.status === 404)) {
    throw pdfRefusal("Order not found");
  }
  if (!result.ok) throw await redirectWithToast(request, `/admin/orders?view=${id}`, errorToast(result.message));
  return pdfDownloadResponse(result.value.pdf, result.value.fileName, "inline");
}
