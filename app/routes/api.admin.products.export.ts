import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_PRODUCTS_TO_EXPORT } from "~/domain/catalog/product.schema";
import { exportProductsCsv } from "~/domain/catalog/product-csv.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, csvStreamDownload, jsonError, onlyMethods } from "~/utils/http.server";

/**
 * GET /api/admin/products/export: every product as a CSV in Shopify's product layout (text/csv, as an
 * attachment named products-YYYY-MM-DD.csv). 404 {message: "There are no products to export."} when the
 * catalogue is empty. X-Export-Count says how many products the file holds.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "catalogue");
  const exported = exportProductsCsv(getDb());
  if (!exported) return jsonError(404, NO_PRODUCTS_TO_EXPORT);
  return csvStreamDownload(exported);
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
