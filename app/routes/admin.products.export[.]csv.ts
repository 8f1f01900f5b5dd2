import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_PRODUCTS_PATH, NO_DATA_TO_EXPORT, NO_PRODUCTS_TO_EXPORT } from "~/domain/catalog/product.schema";
import { exportProductsCsv } from "~/domain/catalog/product-csv.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvStreamDownload } from "~/utils/http.server";
import { failureToast, redirectWithToast } from "~/utils/toast.server";

/**
 * GET /admin/products/export.csv: the Export CSV button's download (a plain link, so it works without
 * JavaScript): every product in Shopify's layout. With no products there is nothing to download; the
 * products page says so instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "catalogue");
  const exported = exportProductsCsv(getDb());
  if (!exported) throw await redirectWithToast(request, ADMIN_PRODUCTS_PATH, failureToast(NO_DATA_TO_EXPORT, NO_PRODUCTS_TO_EXPORT));
  return csvStreamDownload(exported);
}
