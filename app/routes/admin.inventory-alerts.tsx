import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { StockAdjustForm } from "~/components/admin/products/stock-adjust-form";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { listInventoryAlerts } from "~/domain/reports/inventory-alerts.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { readBodyText } from "~/utils/http.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { requestedPage } from "~/utils/paging";
import { ADJUST_STOCK_INTENT } from "~/domain/catalog/stock-movement.schema";
import { adjustStockPost, stockProductFor } from "./admin.products/stock-actions.server";
import type { ProductActionData } from "./admin.products/product-actions.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Inventory Alerts") }];

const PATH = "/admin/inventory-alerts";

/** The list's page (kept by the Adjust stock dialog), plus `extra` parameters. */
function alertsHref(page: number, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries(extra).map(([key, value]) => [key, String(value)]));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "stock");
  const params = new URL(request.url).searchParams;
  const db = getDb();
  return json(
    {
      ...listInventoryAlerts(db, requestedPage(params.get("page"))),
      // ?adjust=12: the Adjust stock dialog of one row
      adjusting: stockProductFor(db, params, "adjust").product,
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Adjust stock from a row's dialog; done, back to the same page of the alerts with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "stock");
  const page = requestedPage(new URL(request.url).searchParams.get("page"));
  const formData = new FormData();
  for (const [name, value] of new URLSearchParams(await readBodyText(request, 16 * 1024))) formData.append(name, value);
  return adjustStockPost(
    { request, db: getDb(), admin, formData },
    { doneHref: () => alertsHref(page), goneHref: alertsHref(page) },
  );
}

export default function InventoryAlerts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  const alerts = data.lowStock + data.outOfStock;
  const listHref = alertsHref(data.page);
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

      <AdminDialog
        open={data.adjusting !== null}
        title={data.adjusting ? `Adjust stock of ${data.adjusting.name}` : "Adjust stock"}
        closeHref={listHref}
      >
        {data.adjusting ? (
          <>
            <StockAdjustForm
              key={`${data.adjusting.id}-${data.adjusting.stockLevel}`}
              product={data.adjusting}
              action={alertsHref(data.page, { adjust: data.adjusting.id })}
              closeHref={listHref}
              idempotencyKey={data.idempotencyKey}
              lastResult={actionData?.intent === ADJUST_STOCK_INTENT ? (actionData.result ?? null) : null}
            />
            <p className="mt-4 text-sm">
              <Link to={`/admin/products?stockOf=${data.adjusting.id}`} className="font-semibold text-brand-700 hover:underline">
                Movement history
              </Link>
            </p>
          </>
        ) : null}
      </AdminDialog>

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
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
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
                  <td className={`${tdClass} text-right`}>
                    <Link
                      to={alertsHref(data.page, { adjust: item.id })}
                      preventScrollReset
                      aria-label={`Adjust stock of ${item.name}`}
                      className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                    >
                      Adjust stock
                    </Link>
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
            hrefFor={(page) => alertsHref(page)}
          />
        </Panel>
      )}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
