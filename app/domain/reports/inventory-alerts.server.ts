/** Inventory alerts: the products at or below their low-stock threshold. */
import { asc, eq, lte, sql } from "drizzle-orm";
import { categories, products } from "~db/schema";
import type { DB } from "~/utils/db.server";

export type InventoryAlert = {
  id: number;
  name: string;
  categoryName: string | null;
  stockLevel: number;
  lowStockThreshold: number;
  state: "low-stock" | "out-of-stock";
};

export type InventoryAlerts = {
  totalProducts: number;
  /** above 0 and at or below the threshold */
  lowStock: number;
  /** at 0 */
  outOfStock: number;
  items: InventoryAlert[];
  page: number;
  pageCount: number;
  pageSize: number;
};

const INVENTORY_ALERTS_PAGE_SIZE = 50;

/** Products at or below their low-stock threshold, the emptiest first. */
export function listInventoryAlerts(db: DB, page = 1, pageSize = INVENTORY_ALERTS_PAGE_SIZE): InventoryAlerts {
  const atOrBelow = lte(products.stockLevel, products.lowStockThreshold);
  const counts = db
    .select({
      total: sql<number>`count(*)`,
      out: sql<number>`coalesce(sum(case when ${products.stockLevel} <= 0 then 1 else 0 end), 0)`,
      low: sql<number>`coalesce(sum(case when ${products.stockLevel} > 0 and ${products.stockLevel} <= ${products.lowStockThreshold} then 1 else 0 end), 0)`,
    })
    .from(products)
    .get();
  const totalProducts = Number(counts?.total ?? 0);
  const outOfStock = Number(counts?.out ?? 0);
  const lowStock = Number(counts?.low ?? 0);
  const pageCount = Math.max(1, Math.ceil((lowStock + outOfStock) / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const items = db
    .select({
      id: products.id,
      name: products.name,
      categoryName: categories.name,
      stockLevel: products.stockLevel,
      lowStockThreshold: products.lowStockThreshold,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(atOrBelow)
    .orderBy(asc(products.stockLevel), asc(products.name), asc(products.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all()
    .map((row) => ({
      ...row,
      state: (row.stockLevel <= 0 ? "out-of-stock" : "low-stock") as InventoryAlert["state"],
    }));
  return { totalProducts, lowStock, outOfStock, items, page: current, pageCount, pageSize };
}
