import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { BarChart, ChartTable, ColumnChart, compactMoney } from "~/components/admin/charts";
import { longMonth, shortMonth } from "~/components/admin/month-labels";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { formatOrderDate } from "~/components/orders/format";
import { statusLabel } from "~/domain/orders/order-status";
import { getAnalytics } from "~/domain/reports/analytics.server";
import { getAdminStats } from "~/domain/reports/dashboard.server";
import { requireStaff } from "~/utils/auth.server";
import { staffMay } from "~/domain/users/staff-roles";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Analytics") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "analytics");
  const db = getDb();
  const analytics = getAnalytics(db);
  // the low-stock button leads to a warehouse screen: only for roles that may open it
  const stock = staffMay(staff.staffRole, "stock");
  return json({ ...analytics, lowStockProducts: stock ? getAdminStats(db).lowStockProducts : null });
}


const STATUS_COLOUR = "#4f46e5";

export default function AdminAnalytics() {
  const data = useLoaderData<typeof loader>();
  const yearRevenue = data.revenueByMonth.reduce((sum, month) => sum + month.revenue, 0);
  const yearOrders = data.ordersByStatus.reduce((sum, status) => sum + status.count, 0);
  const deliveredOrders = data.revenueByMonth.reduce((sum, month) => sum + month.orders, 0);
  const since = formatOrderDate(data.since);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Analytics"
        description={`Sales over the last 12 months (since ${since}).`}
        actions={
          data.lowStockProducts === null ? undefined : (
          <Link
            to="/admin/low-stock-alerts"
            className="inline-flex items-center rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 hover:bg-amber-100"
          >
            Low stock alerts ({data.lowStockProducts})
          </Link>
          )
        }
      />

      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Revenue (12 months)" value={formatMoney(yearRevenue)} note="Delivered orders, incl. VAT" />
        <StatCard label="Orders (12 months)" value={String(yearOrders)} note="All statuses" />
        <StatCard
          label="Average delivered order"
          value={deliveredOrders > 0 ? formatMoney(Math.round(yearRevenue / deliveredOrders)) : "-"}
          note={`${deliveredOrders} delivered`}
        />
      </dl>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Panel title="Revenue by Month" className="xl:col-span-2">
          <div className="p-4">
            <p className="mb-2 text-xs text-slate-500">Delivered orders by the month they were placed, incl. VAT.</p>
            <ColumnChart
              description={`Revenue by month for the last 12 months, from ${longMonth(data.revenueByMonth[0].month)} to ${longMonth(data.revenueByMonth[data.revenueByMonth.length - 1].month)}.`}
              axisLabel={compactMoney}
              data={data.revenueByMonth.map((month) => ({
                label: shortMonth(month.month),
                value: month.revenue,
                display: formatMoney(month.revenue),
              }))}
            />
            <ChartTable
              caption="Revenue by month"
              columns={["Month", "Delivered orders", "Revenue"]}
              rows={data.revenueByMonth.map((month) => [
                longMonth(month.month),
                month.orders,
                formatMoney(month.revenue),
              ])}
            />
          </div>
        </Panel>

        <Panel title="Orders by Status">
          <div className="p-4">
            <p className="mb-2 text-xs text-slate-500">Orders placed in the last 12 months, by where they are now.</p>
            <BarChart
              compact
              color={STATUS_COLOUR}
              description="Number of orders in each status over the last 12 months."
              data={data.ordersByStatus.map((row) => ({
                label: statusLabel(row.status),
                value: row.count,
                display: String(row.count),
              }))}
            />
            <ChartTable
              caption="Orders by status"
              columns={["Status", "Orders"]}
              rows={data.ordersByStatus.map((row) => [statusLabel(row.status), row.count])}
            />
          </div>
        </Panel>

        <Panel title="Top Categories by Revenue">
          <div className="p-4">
            <p className="mb-2 text-xs text-slate-500">Delivered order lines, ex VAT.</p>
            {data.topCategories.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-500">No delivered orders in the last 12 months.</p>
            ) : (
              <>
                <BarChart
                  compact
                  color="#0f766e"
                  description="Revenue by product category over the last 12 months, largest first."
                  data={data.topCategories.map((row) => ({
                    label: row.name,
                    value: row.revenue,
                    display: formatMoney(row.revenue),
                  }))}
                />
                <ChartTable
                  caption="Top categories by revenue"
                  columns={["Category", "Revenue"]}
                  rows={data.topCategories.map((row) => [row.name, formatMoney(row.revenue)])}
                />
              </>
            )}
          </div>
        </Panel>

        <Panel title="Top 10 Products by Revenue" className="xl:col-span-2">
          <div className="p-4">
            <p className="mb-2 text-xs text-slate-500">Delivered order lines, ex VAT.</p>
            {data.topProducts.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-500">No delivered orders in the last 12 months.</p>
            ) : (
              <>
                <BarChart
                  description="The 10 products with the most revenue over the last 12 months, largest first."
                  data={data.topProducts.map((row) => ({
                    label: row.name,
                    value: row.revenue,
                    display: formatMoney(row.revenue),
                  }))}
                />
                <ChartTable
                  caption="Top 10 products by revenue"
                  columns={["Product", "Units sold", "Revenue"]}
                  rows={data.topProducts.map((row) => [row.name, row.quantity, formatMoney(row.revenue)])}
                />
              </>
            )}
          </div>
        </Panel>
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
