import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { formatOrderDate } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { getAdminStats, listRecentOrders } from "~/domain/reports/dashboard.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Dashboard · INFY Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  return json({
    stats: getAdminStats(db),
    recentOrders: listRecentOrders(db),
  });
}

export default function AdminDashboard() {
  const { stats, recentOrders } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Total Revenue", value: formatMoney(stats.totalRevenue), note: "Delivered orders", to: "/admin/analytics" },
    { label: "Pending Orders", value: String(stats.pendingOrders), note: "Awaiting processing or approval" },
    { label: "Total Products", value: String(stats.totalProducts), note: "In the catalogue", to: "/admin/products" },
    { label: "Product Requests", value: String(stats.productRequests), note: "Waiting for a decision", to: "/admin/product-requests" },
    { label: "Low Stock Products", value: String(stats.lowStockProducts), note: `At or below threshold; ${stats.outOfStockProducts} out of stock`, to: "/admin/inventory-alerts" },
  ];
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Dashboard" description="Today's figures and the latest orders." />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map((card) => (
          <StatCard
            key={card.label}
            label={card.label}
            value={card.value}
            tone={card.label === "Low Stock Products" && stats.lowStockProducts + stats.outOfStockProducts > 0 ? "warning" : "default"}
            note={
              card.to ? (
                <Link to={card.to} className="hover:text-brand-700 hover:underline">
                  {card.note}
                </Link>
              ) : (
                card.note
              )
            }
          />
        ))}
      </dl>

      <Panel className="mt-8" title="Recent Orders">
        <DataTable caption="The 10 most recent orders">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Order</th>
              <th scope="col" className={thClass}>Customer</th>
              <th scope="col" className={thClass}>Date</th>
              <th scope="col" className={thClass}>Status</th>
              <th scope="col" className={`${thClass} text-right`}>Total</th>
            </tr>
          </thead>
          <tbody>
            {recentOrders.length === 0 ? (
              <EmptyRow colSpan={5}>No orders found</EmptyRow>
            ) : (
              recentOrders.map((order) => (
                <tr key={order.id} className="hover:bg-slate-50">
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <Link
                      to={`/admin/orders?view=${order.id}`}
                      aria-label={`View order ${order.orderNumber}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {order.orderNumber}
                    </Link>
                  </td>
                  <td className={`${tdClass} break-all`}>{order.customerEmail}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatOrderDate(order.createdAt)}</td>
                  <td className={tdClass}>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(order.total)}</td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </Panel>

    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
