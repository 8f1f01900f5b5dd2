import { QUICK_ORDER_TEMPLATE_FILENAME } from "~/domain/cart/quick-order.schema";
import { quickOrderExamples } from "~/domain/cart/quick-order.server";
import { writeCsv } from "~/utils/csv.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /quick-order/template.csv: the layout a CSV upload expects. A header row (SKU, Quantity, then a column
 * per option of the example product that has them, e.g. Size and Colour) and example rows naming products
 * that can be ordered right now: one without options, one with its options filled in.
 * The catalogue is public, so the template is too.
 */
export function loader() {
  const examples = quickOrderExamples(getDb(), 1);
  const optionNames = [...new Set(examples.flatMap((example) => example.options.map((option) => option.name)))];
  const rows =
    examples.length > 0
      ? examples.map((example, index) => [
          example.code,
          index === 0 ? 2 : 5,
          ...optionNames.map((name) => example.options.find((option) => option.name === name)?.value ?? ""),
        ])
      : [["PRODUCT-CODE", 2]];
  const csv = writeCsv([["SKU", "Quantity", ...optionNames], ...rows]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${QUICK_ORDER_TEMPLATE_FILENAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
