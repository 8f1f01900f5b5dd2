import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadPosCatalog, posProductJson } from "~/domain/pos/pos-catalog.server";
import { POS_PAGE_SIZE, posProductsApiQuerySchema } from "~/domain/pos/pos.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, pagedJsonResponse, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/pos/products?search=&category=&page=: the point of sale's grid, a page of products whose
 * name contains `search` (any case) in the category with that slug, by name: [{id, name, sku, imageUrl,
 * salesPrice, vatRate, priceIncVat, stockLevel}] (money as "12.50"), the paging in X-Total-Count / X-Page /
 * X-Page-Size / X-Page-Count. 401 signed out, 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "pos");
  const catalog = loadPosCatalog(getDb(), parseQuery(request, posProductsApiQuerySchema));
  return pagedJsonResponse({ items: catalog.products, total: catalog.total, page: catalog.page, pageSize: POS_PAGE_SIZE, pageCount: catalog.pageCount }, posProductJson);
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
