import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadPurchaseOrderDocument, renderPurchaseOrderPdf } from "~/domain/purchasing/purchase-order-document.server";
import { PURCHASE_ORDER_NOT_FOUND } from "~/domain/purchasing/purchase-order.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, requireIntParam } from "~/utils/http.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";

/** GET /api/admin/purchase-orders/{id}/pdf: the purchase order as the supplier receives it (application/pdf). */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "purchasing");
  const order = loadPurchaseOrderDocument(getDb(), requireIntParam(params.id, PURCHASE_ORDER_NOT_FOUND));
  if (!order) return jsonError(404, PURCHASE_ORDER_NOT_FOUND);
  return pdfDownloadResponse(await renderPurchaseOrderPdf(order, getCompanySettings()), `${order.orderNumber}.pdf`);
});

export const action = onlyMethods(["GET"]);
