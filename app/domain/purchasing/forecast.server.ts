/**
 * The inventory forecast of every product, from one SQL query: units sold per product over the last 30
 * days, summed in SQLite (orders by their created_at index, their lines by order id) rather than product by
 * product in JavaScript, so it stays quick with a hundred thousand orders. The index is named because the
 * planner otherwise skip-scans the (user, created_at) index, which is slower. The rule is `forecast.ts`.
 * Used by auto-generated purchase orders and the inventory forecast screen.
 */
import { FORECAST_WINDOW_DAYS, forecastProduct, type Forecast } from "./forecast";
import type { DB } from "~/utils/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export type InventoryForecastRow = Forecast & {
  productId: number;
  name: string;
  sku: string | null;
  stockLevel: number;
  lowStockThreshold: number;
  /** units sold in the window */
  unitsSold: number;
  /** pence, ex VAT: what a purchase order pays per unit */
  costPrice: number;
  /** hundredths: 2000 = 20% */
  vatRate: number;
  /** the preferred supplier's user id, or null */
  supplierId: string | null;
};

type SalesRow = {
  productId: number;
  name: string;
  sku: string | null;
  stockLevel: number;
  lowStockThreshold: number;
  costPrice: number;
  vatRate: number;
  supplierId: string | null;
  unitsSold: number;
};

const FORECAST_SQL = `
  select p.id as productId, p.name as name, p.sku as sku, p.stock_level as stockLevel,
         p.low_stock_threshold as lowStockThreshold, p.cost_price as costPrice, p.vat_rate as vatRate,
         p.supplier_id as supplierId, coalesce(sold.units, 0) as unitsSold
  from products p
  left join (
    select oi.product_id as productId, sum(oi.quantity) as units
    from orders o indexed by orders_created_idx
    join order_items oi on oi.order_id = o.id
    where o.created_at >= ? and o.created_at <= ? and o.status <> 'cancelled' and oi.product_id is not null
    group by oi.product_id
  ) sold on sold.productId = p.id
  order by p.name collate nocase, p.id`;

/**
 * Every product with its forecast, by name. `now` ends the 30-day sales window; orders placed after it are
 * not counted, so a forecast as of a given moment can be repeated.
 */
export function loadInventoryForecast(db: DB, { now = Date.now() }: { now?: number | Date } = {}): InventoryForecastRow[] {
  const end = now instanceof Date ? now.getTime() : now;
  const start = end - FORECAST_WINDOW_DAYS * DAY_MS;
  const rows = db.$client.prepare(FORECAST_SQL).all(start, end) as SalesRow[];
  return rows.map((row) => ({ ...row, ...forecastProduct(row) }));
}
