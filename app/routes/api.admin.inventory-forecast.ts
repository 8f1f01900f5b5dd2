import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { formatVelocity } from "~/domain/purchasing/forecast";
import { loadInventoryForecast, type ForecastRow } from "~/domain/purchasing/forecast.server";
import { forecastApiQuerySchema } from "~/domain/purchasing/inventory-forecast.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, parseQuery } from "~/utils/http.server";

function productJson(row: ForecastRow) {
  return {
    id: row.productId,
    name: row.name,
    sku: row.sku,
    lowStockThreshold: row.lowStockThreshold,
    currentStock: row.stockLevel,
    unitsSold30d: row.unitsSold30d,
    salesVelocity: formatVelocity(row.velocityPerDay),
    daysUntilStockout: row.daysToStockout,
    reorderRecommendation: {
      urgency: row.urgency,
      shouldReorder: row.shouldReorder,
      suggestedQuantity: row.suggestedQuantity,
    },
  };
}

/**
 * GET /api/admin/inventory-forecast: admin only. `{ products, counts, total, page, pageSize, pageCount }`,
 * the most urgent first. Each product: id, name, sku, lowStockThreshold, currentStock, unitsSold30d,
 * salesVelocity (units a day, a 2-decimal string), daysUntilStockout (whole days, 0 when out, null when
 * nothing sold in 30 days), reorderRecommendation {urgency: critical | high | medium | low, shouldReorder,
 * suggestedQuantity (above 0 exactly when shouldReorder is true)}. `counts` has every band over the whole
 * catalogue. Filter `urgency` (400 when unknown);
 * paging by `page` and `pageSize` (1 to 500, default 100), also in X-Total-Count, X-Page, X-Page-Size and
 * X-Page-Count headers.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "stock");
  const query = parseQuery(request, forecastApiQuerySchema);
  const forecast = loadInventoryForecast(getDb(), { now: new Date(), ...query });
  return json(
    {
      products: forecast.items.map(productJson),
      counts: forecast.counts,
      total: forecast.total,
      page: forecast.page,
      pageSize: forecast.pageSize,
      pageCount: forecast.pageCount,
    },
    {
      headers: {
        "X-Total-Count": String(forecast.total),
        "X-Page": String(forecast.page),
        "X-Page-Size": String(forecast.pageSize),
        "X-Page-Count": String(forecast.pageCount),
        "Cache-Control": "private, no-store",
      },
    },
  );
});

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
