/** The analytics screen: revenue by month, orders by state, the best-selling products and categories. */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { categories, orderItems, orders, ORDER_STATUSES, products, type OrderStatus } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { analyticsMonths } from "./analytics-months";

export type MonthRevenue = {
  /** "2025-01" */
  month: string;
  /** pence, delivered order totals incl. VAT */
  revenue: number;
  orders: number;
};

/** Revenue by month, on the dashboard's rule: delivered orders' totals, by the month the order was placed. */
export function revenueByMonth(db: DB, now = new Date()): MonthRevenue[] {
  return analyticsMonths(now).map(({ month, start, end }) => {
    const row = db
      .select({ revenue: sql<number>`coalesce(sum(${orders.total}), 0)`, orders: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.status, "delivered"), gte(orders.createdAt, start), lt(orders.createdAt, end)))
      .get();
    return { month, revenue: Number(row?.revenue ?? 0), orders: Number(row?.orders ?? 0) };
  });
}

export type StatusCount = { status: OrderStatus; count: number };

/** How many orders are in each state, every state listed (zero included), in the flow's order. */
export function ordersByStatus(db: DB, since?: Date): StatusCount[] {
  const rows = db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(since ? gte(orders.createdAt, since) : undefined)
    .groupBy(orders.status)
    .all();
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

export type ProductRevenue = {
  productId: number | null;
  name: string;
  /** pence, ex VAT: the delivered lines' totals */
  revenue: number;
  quantity: number;
};

const TOP_PRODUCTS_LIMIT = 10;

/** The products that brought in most (delivered orders' lines, ex VAT) since `since`. */
function topProductsByRevenue(db: DB, since: Date, limit = TOP_PRODUCTS_LIMIT): ProductRevenue[] {
  const revenue = sql<number>`sum(${orderItems.total})`;
  return db
    .select({
      productId: orderItems.productId,
      name: sql<string>`coalesce(max(${products.name}), max(${orderItems.productName}))`,
      revenue,
      quantity: sql<number>`sum(${orderItems.quantity})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.status, "delivered"), gte(orders.createdAt, since)))
    .groupBy(sql`coalesce(cast(${orderItems.productId} as text), 'name:' || ${orderItems.productName})`)
    .orderBy(desc(revenue))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, revenue: Number(row.revenue), quantity: Number(row.quantity) }));
}

export type CategoryRevenue = {
  categoryId: number | null;
  /** "Uncategorised" for products without a category (or deleted since) */
  name: string;
  revenue: number;
};

const UNCATEGORISED = "Uncategorised";
const TOP_CATEGORIES_LIMIT = 8;

/** Revenue by the category the product is in now (delivered lines, ex VAT) since `since`. */
function topCategoriesByRevenue(db: DB, since: Date, limit = TOP_CATEGORIES_LIMIT): CategoryRevenue[] {
  const revenue = sql<number>`sum(${orderItems.total})`;
  return db
    .select({ categoryId: categories.id, name: categories.name, revenue })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(orders.status, "delivered"), gte(orders.createdAt, since)))
    .groupBy(categories.id)
    .orderBy(desc(revenue))
    .limit(limit)
    .all()
    .map((row) => ({ categoryId: row.categoryId, name: row.name ?? UNCATEGORISED, revenue: Number(row.revenue) }));
}

export type Analytics = {
  since: Date;
  revenueByMonth: MonthRevenue[];
  ordersByStatus: StatusCount[];
  topProducts: ProductRevenue[];
  topCategories: CategoryRevenue[];
};

/** Everything the analytics screen shows, over the last 12 months. */
export function getAnalytics(db: DB, now = new Date()): Analytics {
  const since = analyticsMonths(now)[0].start;
  return {
    since,
    revenueByMonth: revenueByMonth(db, now),
    ordersByStatus: ordersByStatus(db, since),
    topProducts: topProductsByRevenue(db, since),
    topCategories: topCategoriesByRevenue(db, since),
  };
}
