import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PRODUCT_NOT_FOUND } from "~/domain/catalog/product.schema";
import { getAdminProduct } from "~/domain/catalog/products.server";
import { listStockMovements } from "~/domain/catalog/stock-movements.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, pagedJsonResponse, requireIntParam } from "~/utils/http.server";
import { requestedPage } from "~/utils/paging";

const pageSizeSchema = z.coerce.number().int().min(1).max(100).catch(25);

/**
 * GET /api/admin/products/{id}/stock-movements → the product's stock movements, newest first:
 * [{id, change, reason, stockAfter, orderId, orderNumber, returnId, purchaseOrderId, purchaseOrderNumber,
 * note, userEmail, createdAt}]. Paged by `page` and `pageSize` (1 to 100, default 25) with X-Total-Count,
 * X-Page, X-Page-Size and X-Page-Count. 404 for an unknown product.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "stock");
  const db = getDb();
  const productId = requireIntParam(params.id, PRODUCT_NOT_FOUND);
  if (!getAdminProduct(db, productId)) return jsonError(404, PRODUCT_NOT_FOUND);
  const search = new URL(request.url).searchParams;
  const page = requestedPage(search.get("page"), 100_000);
  const pageSize = pageSizeSchema.parse(search.get("pageSize") ?? undefined);
  return pagedJsonResponse(listStockMovements(db, productId, page, pageSize), (item) => ({
    ...item,
    createdAt: item.createdAt.toISOString(),
  }));
});

export const action = onlyMethods(["GET"]);
