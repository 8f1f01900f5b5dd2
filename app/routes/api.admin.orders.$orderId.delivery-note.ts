import type { LoaderFunctionArgs } from "@remix-run/node";
import { ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order-list.server";
import { deliveryNotePdf } from "~/domain/orders/delivery-note.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";
import { apiRoute, failureResponse, methodNotAllowed, requireIntParam } from "~/utils/http.server";

/**
 * GET /api/admin/orders/{id}/delivery-note (application/pdf): the order's delivery note, each line with its
 * code, options, quantities, pack and barcode, no prices. 404 `{message}` for no such order, 409 for a
 * cancelled one (nothing to deliver).
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "fulfilment");
  const result = await deliveryNotePdf(getDb(), requireIntParam(params.orderId, ORDER_NOT_FOUND_MESSAGE));
  if (!result.ok) return failureResponse(result);
  return pdfDownloadResponse(result.value.pdf, result.value.fileName);
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["GET"]);
});
