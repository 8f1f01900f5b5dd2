import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { StatusFilterLinks } from "~/components/admin/admin-list-filters";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { formatVelocity, URGENCIES, URGENCY_LABELS, type Urgency } from "~/domain/purchasing/forecast";
import { loadInventoryForecast } from "~/domain/purchasing/forecast.server";
import { forecastScreenQuerySchema } from "~/domain/purchasing/inventory-forecast.schema";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { ForecastTable } from "./forecast-table";
import { UrgencyChart } from "./urgency-chart";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Inventory Forecast") }];

const PATH = "/admin/inventory-forecast";

function forecastHref(urgency: Urgency | undefined, page = 1) {
  const params = new URLSearchParams();
  if (urgency) params.set("urgency", urgency);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "stock");
  const query = forecastScreenQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const forecast = loadInventoryForecast(getDb(), { now: new Date(), ...query });
  return json({
    ...forecast,
    items: forecast.items.map((row) => ({
      productId: row.productId,
      name: row.name,
      sku: row.sku,
      lowStockThreshold: row.lowStockThreshold,
      stockLevel: row.stockLevel,
      velocity: formatVelocity(row.velocityPerDay),
      daysToStockout: row.daysToStockout,
      suggestedQuantity: row.suggestedQuantity,
      urgency: row.urgency,
    })),
  });
}

export default function InventoryForecast() {
  const data = useLoaderData<typeof loader>();
  const urgency = data.urgency ?? undefined;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Inventory Forecast"
        description="Sales over the last 30 days (orders not cancelled), how long stock lasts at that pace and what to reorder."
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Critical"
          value={String(data.counts.critical)}
          note="Out of stock or under 7 days left"
          tone={data.counts.critical > 0 ? "danger" : "default"}
        />
        <StatCard
          label="High Priority"
          value={String(data.counts.high)}
          note="Under 14 days left"
          tone={data.counts.high > 0 ? "warning" : "default"}
        />
        <StatCard label="Medium Priority" value={String(data.counts.medium)} note="At or below the low stock threshold" />
      </dl>

      <Panel title="Products by Urgency" className="mt-6">
        <div className="max-w-2xl p-4">
          <UrgencyChart counts={data.counts} />
        </div>
      </Panel>

      <Panel title="Forecast" className="mt-6">
        <StatusFilterLinks
          label="Filter by urgency"
          className="flex flex-wrap gap-2 border-b border-slate-200 p-4"
          current={urgency}
          filters={[{ label: "All" }, ...URGENCIES.map((band) => ({ label: URGENCY_LABELS[band], status: band }))]}
          hrefFor={(band) => forecastHref(band)}
          suffix={(band) => ` (${band ? data.counts[band] : URGENCIES.reduce((sum, b) => sum + data.counts[b], 0)})`}
        />
        <ForecastTable items={data.items} />
        <AdminPagination
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["product", "products"]}
          hrefFor={(page) => forecastHref(urgency, page)}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
