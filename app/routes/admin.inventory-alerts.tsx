import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { listInventoryAlerts } from "~/domain/reports/inventory-alerts.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Inventory Alerts · INFY Admin" }];

const PATH = "/admin/inventory-alerts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return json(listInventoryAlerts(getDb(), Number.isFinite(page) ? page : 1));
}

export default function InventoryAlerts() {
  const data = useLoaderData<typeof loader>();
  const alerts = data.lowStock + data.outOfStock;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Inventory Alerts" description="Products at or below their low-stock threshold." />
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Products" value={String(data.totalProducts)} note="In the catalogue" />
        <StatCard
          label="Low Stock"
          value={String(data.lowStock)}
          note="Below threshold"
          tone={data.lowStock > 0 ? "warning" : "default"}
        />
        <StatCard
          label="Out of Stock"
          value={String(data.outOfStock)}
          note="Needs immediate attention"
          tone={data.outOfStock > 0 ? "danger" : "default"}
        />
      </dl>

      {alerts === 0 ? (
        <Panel className="mt-6">
          <div className="px-4 py-12 text-center">
            <h2 className="text-lg font-semibold text-emerald-800">All Stock Levels Healthy</h2>
            <p className="mt-1 text-sm text-slate-600">Every product is above its low-stock threshold.</p>
          </div>
        </Panel>
      ) : (
        <Panel className="mt-6" title="Products needing stock">
          <DataTable caption="Products at or below their low-stock threshold" minWidth="36rem">
            <thead>
              <tr>
                <th scope="col" className={thClass}>Product</th>
                <th scope="col" className={thClass}>Category</th>
                <th scope="col" className={`${thClass} text-right`}>Current Stock</th>
                <th scope="col" className={`${thClass} text-right`}>Threshold</th>
                <th scope="col" className={thClass}>Status</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} data-testid="inventory-alert" className="hover:bg-slate-50">
                  <td className={tdClass}>
                    <Link
                      to={`/admin/products?q=${encodeURIComponent(item.name)}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {item.name}
                    </Link>
                  </td>
                  <td className={tdClass}>{item.categoryName ?? "-"}</td>
                  <td
                    className={`${tdClass} text-right font-semibold tabular-nums ${item.state === "out-of-stock" ? "text-red-700" : "text-amber-700"}`}
                  >
                    {item.stockLevel}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{item.lowStockThreshold}</td>
                  <td className={tdClass}>
                    {item.state === "out-of-stock" ? (
                      <Badge tone="danger">Out of Stock</Badge>
                    ) : (
                      <Badge tone="warning">Low Stock</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <AdminPagination
            page={data.page}
            pageCount={data.pageCount}
            total={alerts}
            noun={["product", "products"]}
            hrefFor={(page) => (page > 1 ? `${PATH}?page=${page}` : PATH)}
          />
        </Panel>
      )}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
