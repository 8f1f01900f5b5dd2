import { Panel } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { formatDecimalMoney } from "~/components/orders/format";
import type { ProfitLossJson } from "~/domain/finance/accounts.server";
import { FigureRow, FigureTable } from "./figure-table";

const isNegative = (decimal: string) => decimal.startsWith("-");
const marginText = (margin: number) => `${margin.toFixed(1)}%`;
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** Total Revenue, Gross Profit (with its margin) and Total Costs for the period. */
export function SummaryCards({ profitLoss }: { profitLoss: ProfitLossJson }) {
  return (
    <dl className="mb-6 grid gap-4 sm:grid-cols-3" aria-label="Summary">
      <StatCard label="Total Revenue" value={formatDecimalMoney(profitLoss.totalRevenue)} note="Sales invoices ex VAT, less refunds" />
      <StatCard
        label="Gross Profit"
        value={formatDecimalMoney(profitLoss.grossProfit)}
        tone={isNegative(profitLoss.grossProfit) ? "danger" : "success"}
        note={`${marginText(profitLoss.profitMargin)} margin`}
      />
      <StatCard label="Total Costs" value={formatDecimalMoney(profitLoss.totalCosts)} note="Purchase invoices ex VAT" />
    </dl>
  );
}

/** The period's profit and loss, each line with where it comes from. */
export function ProfitLossPanel({ profitLoss, period }: { profitLoss: ProfitLossJson; period: { label: string } }) {
  return (
    <Panel title="Profit & Loss">
      <FigureTable caption={`Profit and loss, ${period.label}`}>
        <FigureRow
          label="Sales"
          note={`${count(profitLoss.salesInvoiceCount, "sales invoice", "sales invoices")} ex VAT, void invoices left out`}
          amount={profitLoss.salesSubtotal}
        />
        <FigureRow
          label="Less refunds"
          note={`${count(profitLoss.refundCount, "completed refund return", "completed refund returns")} ex VAT, as credit notes`}
          amount={profitLoss.refunds}
          subtract
        />
        <FigureRow label="Total Revenue" amount={profitLoss.totalRevenue} strong />
        <FigureRow
          label="Total Costs"
          note={`${count(profitLoss.purchaseInvoiceCount, "purchase invoice", "purchase invoices")} ex VAT, by invoice date, void invoices left out`}
          amount={profitLoss.totalCosts}
          strong
        />
        <FigureRow label="Gross Profit" note={`Revenue less costs · ${marginText(profitLoss.profitMargin)} margin`} amount={profitLoss.grossProfit} strong total />
      </FigureTable>
    </Panel>
  );
}
