import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getAdminStats } from "~/domain/admin-stats.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Dashboard · INFY Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ stats: getAdminStats(getDb()) });
}

export default function AdminDashboard() {
  const { stats } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Total Revenue", value: formatMoney(stats.totalRevenue), note: "Delivered orders" },
    { label: "Pending Orders", value: String(stats.pendingOrders), note: "Awaiting processing or approval" },
    { label: "Total Products", value: String(stats.totalProducts), note: "In the catalogue" },
    { label: "Product Requests", value: String(stats.productRequests), note: "Waiting for a decision" },
    { label: "Low Stock Products", value: String(stats.lowStockProducts), note: "At or below threshold" },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{card.value}</dd>
            <dd className="text-xs text-slate-500">{card.note}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
