import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { GettingStartedCard } from "~/components/admin/getting-started-card";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { formatOrderDate } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { countOf } from "~/domain/cart/cart-words";
import { getAdminStats, listRecentOrders } from "~/domain/reports/dashboard.server";
import { gettingStartedCard } from "~/domain/settings/getting-started.server";
import { isGettingStartedHidden } from "~/utils/getting-started-cookie.server";
import { requireStaff } from "~/utils/auth.server";
import { staffMay, staffMayOpen, type StaffArea } from "~/domain/users/staff-roles";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Dashboard") }];

type DashboardCard = { label: string; period: string; value: string; note: string; to?: string; warning?: boolean };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "home");
  const db = getDb();
  const stats = getAdminStats(db);
  const may = (area: StaffArea) => staffMay(staff.staffRole, area);
  // every figure says what time it covers: sales by period, then the counts that need attention now. Each
  // belongs to an area, and only the figures of the areas this staff role may use leave the server (no money
  // for the warehouse, no stock for accounts)
  const cards: (DashboardCard & { area: StaffArea })[] = [
    { area: "analytics", label: "Sales", period: "Today", value: formatMoney(stats.salesToday), note: `${countOf(stats.ordersToday, "order")} placed, incl. VAT`, to: "/admin/orders" },
    { area: "analytics", label: "Sales", period: "This month", value: formatMoney(stats.salesThisMonth), note: `${countOf(stats.ordersThisMonth, "order")} placed, incl. VAT`, to: "/admin/orders" },
    { area: "analytics", label: "Total Revenue", period: "All time", value: formatMoney(stats.totalRevenue), note: "Delivered orders, incl. VAT", to: "/admin/analytics" },
    { area: "fulfilment", label: "Pending Orders", period: "Now", value: String(stats.pendingOrders), note: "Awaiting processing or approval" },
    { area: "catalogue", label: "Total Products", period: "Now", value: String(stats.totalProducts), note: "In the catalogue", to: "/admin/products" },
    { area: "productRequests", label: "Product Requests", period: "Now", value: String(stats.productRequests), note: "Waiting for a decision", to: "/admin/product-requests" },
    { area: "stock", label: "Low Stock Products", period: "Now", value: String(stats.lowStockProducts), note: `At or below threshold; ${stats.outOfStockProducts} out of stock`, to: "/admin/inventory-alerts", warning: stats.lowStockProducts + stats.outOfStockProducts > 0 },
  ];
  return json({
    cards: cards.filter((card) => may(card.area)).map(({ area: _area, ...card }) => ({ ...card, to: card.to && staffMayOpen(staff.staffRole, card.to) ? card.to : undefined })),
    recentOrders: may("fulfilment") ? listRecentOrders(db) : null,
    // a real install's first steps, until they are all done or this admin hides them: a full admin's job
    gettingStarted: may("settings") ? gettingStartedCard(db, { hidden: await isGettingStartedHidden(request, staff.id) }) : null,
  });
}

export default function AdminDashboard() {
  const { cards, recentOrders, gettingStarted } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Dashboard" description="What needs attention now in the parts of the back office your role uses." />
      {gettingStarted ? <GettingStartedCard steps={gettingStarted} /> : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <StatCard
            key={`${card.label}-${card.period}`}
            label={card.label}
            period={card.period}
            value={card.value}
            tone={card.warning ? "warning" : "default"}
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

      {recentOrders ? (
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
                  <td className={tdClass}>
                    {/* the business first: a wholesaler knows its customers by company */}
                    <span className="block font-medium text-slate-900">{order.businessName ?? order.contactName ?? "Walk-in customer"}</span>
                    <span className="block max-w-[16rem] truncate text-xs text-slate-500" title={order.customerEmail}>
                      {order.customerEmail}
                    </span>
                  </td>
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
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
