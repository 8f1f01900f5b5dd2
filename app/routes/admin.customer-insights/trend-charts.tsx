import { ChartTable, ColumnChart, compactMoney, GroupedColumnChart } from "~/components/admin/charts";
import { longMonth, shortMonth } from "~/components/admin/month-labels";
import { Panel } from "~/components/admin/page-header";
import type { InsightMonth } from "~/domain/reports/customer-insights.server";
import { formatMoney } from "~/utils/money";

const NEW_COLOUR = "#059669";
const RETURNING_COLOUR = "#1d5fd1";

const ordersText = (count: number) => `${count} ${count === 1 ? "order" : "orders"}`;

/**
 * Twelve months of customers' revenue and orders, and new against returning customers, drawn on the server.
 * Each chart has its figures in a "View data" table under it (a <details>, so it opens without JavaScript).
 */
export function TrendCharts({ months }: { months: InsightMonth[] }) {
  const span = `from ${longMonth(months[0]!.month)} to ${longMonth(months[months.length - 1]!.month)}`;
  // a count axis labels only its whole-number gridlines (no "2.5 orders")
  const count = (value: number) => (Number.isInteger(value) ? String(value) : "");
  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-2">
      <Panel title="Monthly Revenue" className="xl:col-span-2">
        <div className="p-4">
          <p className="mb-2 text-xs text-slate-500">Customers' orders not cancelled, by the month placed, incl. VAT.</p>
          <ColumnChart
            description={`Customer revenue by month ${span}, incl. VAT.`}
            axisLabel={compactMoney}
            data={months.map((m) => ({ label: shortMonth(m.month), value: m.revenue, display: `${formatMoney(m.revenue)} incl. VAT` }))}
          />
          <ChartTable
            caption="Customer revenue by month, incl. VAT"
            columns={["Month", "Revenue (incl. VAT)", "Orders"]}
            rows={months.map((m) => [shortMonth(m.month), formatMoney(m.revenue), m.orders])}
          />
        </div>
      </Panel>
      <Panel title="Monthly Orders">
        <div className="p-4">
          <p className="mb-2 text-xs text-slate-500">Customers' orders not cancelled, by the month placed.</p>
          <ColumnChart
            description={`Customer orders by month ${span}.`}
            axisLabel={count}
            data={months.map((m) => ({ label: shortMonth(m.month), value: m.orders, display: ordersText(m.orders) }))}
          />
          <ChartTable
            caption="Customer orders by month"
            columns={["Month", "Orders"]}
            rows={months.map((m) => [shortMonth(m.month), m.orders])}
          />
        </div>
      </Panel>
      <Panel title="New vs Returning Customers">
        <div className="p-4">
          <p className="mb-2 text-xs text-slate-500">
            Customers who ordered each month: new ones placed their first order that month.
          </p>
          <GroupedColumnChart
            description={`New and returning customers by month ${span}.`}
            axisLabel={count}
            series={[
              {
                name: "New",
                color: NEW_COLOUR,
                values: months.map((m) => ({ label: shortMonth(m.month), value: m.newCustomers, display: String(m.newCustomers) })),
              },
              {
                name: "Returning",
                color: RETURNING_COLOUR,
                values: months.map((m) => ({
                  label: shortMonth(m.month),
                  value: m.returningCustomers,
                  display: String(m.returningCustomers),
                })),
              },
            ]}
          />
          <ChartTable
            caption="New and returning customers by month"
            columns={["Month", "New customers", "Returning customers"]}
            rows={months.map((m) => [shortMonth(m.month), m.newCustomers, m.returningCustomers])}
          />
        </div>
      </Panel>
    </div>
  );
}
