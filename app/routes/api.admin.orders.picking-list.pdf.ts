import type { LoaderFunctionArgs } from "@remix-run/node";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import { pickingListPdf } from "~/domain/orders/picking-list-print.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/orders/picking-list/pdf?ids=1,2,3 (application/pdf): the picking list of
 * /api/admin/orders/picking-list printed, each line with its barcode drawn. The same selection rules and
 * errors (400, 404, 409 when every selected order is cancelled); X-Export-Count says how many orders it covers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "fulfilment");
  const result = await pickingListPdf(getDb(), selectionFrom(new URL(request.url).searchParams));
  if (!result.ok) return failureResponse(result);
  const response = pdfDownloadResponse(result.value.pdf, result.value.fileName);
  response.headers.set("X-Export-Count", String(result.value.count));
  return response;
});

export const action = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "fulfilment");
  return methodNotAllowed(["GET"]);
});
