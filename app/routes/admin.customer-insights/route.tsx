import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { getCustomerInsights } from "~/domain/reports/customer-insights.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { SegmentBreakdown } from "./segment-breakdown";
import { TopCustomers } from "./top-customers";
import { TrendCharts } from "./trend-charts";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Customer Insights") }];

export const NO_CUSTOMER_DATA = "No customer data available yet";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "insights");
  return json(getCustomerInsights(getDb(), { now: new Date() }));
}

export default function CustomerInsights() {
  const data = useLoaderData<typeof loader>();
  const header = (
    <PageHeader
      title="Customer Insights"
      description="Approved customer accounts and their orders; spend is order totals incl. VAT, cancelled orders left out."
    />
  );
  if (data.totalCustomers === 0) {
    return (
      <div className="mx-auto max-w-7xl">
        {header}
        <Panel>
          <p className="px-4 py-12 text-center text-sm text-slate-600">{NO_CUSTOMER_DATA}</p>
        </Panel>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl">
      {header}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Customers" value={String(data.totalCustomers)} note="Approved accounts" />
        <StatCard label="Active Customers" value={String(data.activeCustomers)} note="Ordered in the last 90 days" />
        <StatCard
          label="Average Order Value"
          value={data.totalOrders > 0 ? formatMoney(data.averageOrderValue) : "-"}
          note={`Over ${data.totalOrders} ${data.totalOrders === 1 ? "order" : "orders"}, incl. VAT`}
        />
        <StatCard label="VIP Customers" value={String(data.segments.vip)} note="Spent £1,000 or more" />
      </dl>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title="Customer Segments">
          <SegmentBreakdown segments={data.segments} total={data.totalCustomers} />
        </Panel>
        <Panel title="Top Customers">
          <TopCustomers customers={data.topCustomers} emptyText={NO_CUSTOMER_DATA} />
        </Panel>
      </div>

      <TrendCharts months={data.months} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
