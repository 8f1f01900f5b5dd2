import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { URGENCY_LABELS, type Urgency } from "~/domain/purchasing/forecast";

export const URGENCY_TONES: Record<Urgency, BadgeTone> = {
  critical: "danger",
  high: "warning",
  medium: "info",
  low: "neutral",
};

export type ForecastItem = {
  productId: number;
  name: string;
  sku: string | null;
  lowStockThreshold: number;
  stockLevel: number;
  /** units a day, 2 decimals */
  velocity: string;
  daysToStockout: number | null;
  suggestedQuantity: number;
  urgency: Urgency;
};

const numberCell = `${tdClass} text-right tabular-nums`;

export function ForecastTable({ items }: { items: ForecastItem[] }) {
  return (
    <DataTable caption="Inventory forecast, most urgent first" minWidth="52rem">
      <thead>
        <tr>
          <th scope="col" className={thClass}>Product</th>
          <th scope="col" className={`${thClass} text-right`}>Low Stock Threshold</th>
          <th scope="col" className={`${thClass} text-right`}>Current Stock</th>
          <th scope="col" className={`${thClass} text-right`}>Sales / Day</th>
          <th scope="col" className={`${thClass} text-right`}>Days to Stockout</th>
          <th scope="col" className={`${thClass} text-right`}>Suggested Reorder</th>
          <th scope="col" className={thClass}>Urgency</th>
        </tr>
      </thead>
      <tbody>
        {items.length === 0 ? (
          <EmptyRow colSpan={7}>No products in this band.</EmptyRow>
        ) : (
          items.map((item) => (
            <tr key={item.productId} data-testid="forecast-row" className="hover:bg-slate-50">
              <td className={tdClass}>
                <Link
                  to={`/admin/products?edit=${item.productId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {item.name}
                </Link>
                {item.sku ? <span className="block text-xs text-slate-500">{item.sku}</span> : null}
              </td>
              <td className={numberCell}>{item.lowStockThreshold}</td>
              <td className={`${numberCell} font-semibold ${item.stockLevel <= 0 ? "text-red-700" : ""}`}>{item.stockLevel}</td>
              <td className={numberCell}>{item.velocity}</td>
              <td className={numberCell}>{item.daysToStockout ?? "-"}</td>
              <td className={numberCell}>
                {item.suggestedQuantity > 0 ? `${item.suggestedQuantity} units` : <span className="text-slate-500">Not needed</span>}
              </td>
              <td className={tdClass}>
                <Badge tone={URGENCY_TONES[item.urgency]}>{URGENCY_LABELS[item.urgency]}</Badge>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
