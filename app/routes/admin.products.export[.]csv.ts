import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_PRODUCTS_PATH, NO_DATA_TO_EXPORT, NO_PRODUCTS_TO_EXPORT } from "~/domain/catalog/product.schema";
import { exportProductsCsv } from "~/domain/catalog/product-csv.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { flashToast } from "~/utils/session.server";

/**
 * GET /admin/products/export.csv: the Export CSV button's download (a plain link, so it works without
 * JavaScript): every product in Shopify's layout. With no products there is nothing to download; the
 * products page says so instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const exported = exportProductsCsv(getDb());
  if (!exported) {
    throw redirect(ADMIN_PRODUCTS_PATH, {
      headers: {
        "Set-Cookie": await flashToast(request, { title: NO_DATA_TO_EXPORT, description: NO_PRODUCTS_TO_EXPORT, variant: "destructive" }),
      },
    });
  }
  return new Response(exported.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exported.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
