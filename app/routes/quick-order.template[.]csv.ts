import { stringify } from "csv-stringify/sync";
import { QUICK_ORDER_TEMPLATE_FILENAME } from "~/domain/cart/quick-order.schema";
import { quickOrderExamples } from "~/domain/cart/quick-order.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /quick-order/template.csv: the layout a CSV upload expects, a header row (SKU, Quantity) and one
 * example row naming a product that can be ordered right now (in stock, no options to choose).
 * The catalogue is public, so the template is too.
 */
export function loader() {
  const [example] = quickOrderExamples(getDb(), 1);
  const csv = stringify([
    ["SKU", "Quantity"],
    [example?.slug ?? "product-sku", 2],
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${QUICK_ORDER_TEMPLATE_FILENAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
