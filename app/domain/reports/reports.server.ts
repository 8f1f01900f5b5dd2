/** The back-office dashboard figures. */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import {
  categories,
  orderItems,
  orders,
  ORDER_STATUSES,
  productRequests,
  products,
  users,
  type OrderStatus,
} from "~db/schema";
import type { DB } from "~/utils/db.server";

export type AdminStats = {
  /** pence: the totals of delivered orders */
  totalRevenue: number;
  /** orders awaiting processing: pending and pending_approval */
  pendingOrders: number;
  totalProducts: number;
  /** product requests still waiting for a decision */
  productRequests: number;
  /** products at or below their low-stock threshold, out of stock included */
  lowStockProducts: number;
};

export function getAdminStats(db: DB): AdminStats {
  const revenue = db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(eq(orders.status, "delivered"))
    .get();
  const pending = db
    .select({ count: sql<number>`count(*)` })
    .from(orders)
    .where(inArray(orders.status, ["pending", "pending_approval"]))
    .get();
  const productCount = db.select({ count: sql<number>`count(*)` }).from(products).get();
  const requests = db
    .select({ count: sql<number>`count(*)` })
    .from(productRequests)
    .where(eq(productRequests.status, "pending"))
    .get();
  const lowStock = db
    .select({ count: sql<number>`count(*)` })
    .from(products)
    .where(lte(products.stockLevel, products.lowStockThreshold))
    .get();
  return {
    totalRevenue: Number(revenue?.total ?? 0),
    pendingOrders: Number(pending?.count ?? 0),
    totalProducts: Number(productCount?.count ?? 0),
    productRequests: Number(requests?.count ?? 0),
    lowStockProducts: Number(lowStock?.count ?? 0),
  };
}


export type RecentOrder = {
  id: number;
  orderNumber: string;
  /** the account's email; the shipping email for orders without an account (walk-in sales) */
  customerEmail: string;
  status: OrderStatus;
  /** pence, incl. VAT */
  total: number;
  createdAt: Date;
};

export const RECENT_ORDERS_LIMIT = 10;

/** The newest orders, newest first, with who placed them. */
export function listRecentOrders(db: DB, limit = RECENT_ORDERS_LIMIT): RecentOrder[] {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      accountEmail: users.email,
      shippingEmail: orders.shippingEmail,
      status: orders.status,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .all()
    .map(({ accountEmail, shippingEmail, ...order }) => ({ ...order, customerEmail: accountEmail ?? shippingEmail }));
}

// ─── Analytics ──────────────────────────────────────────────────────────────

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function londonYearMonth(date: Date) {
  const parts = Object.fromEntries(londonParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) - 1 };
}

/** The instant a calendar month starts in the UK (midnight London time on the 1st). */
export function londonMonthStart(year: number, month: number): Date {
  const utcMidnight = new Date(Date.UTC(year, month, 1));
  const hour = Number(
    Object.fromEntries(londonParts.formatToParts(utcMidnight).map((part) => [part.type, part.value])).hour,
  );
  // at 00:00 UTC on the 1st London is on GMT (00) or BST (01); the clocks never change on the 1st
  return new Date(utcMidnight.getTime() - hour * 60 * 60 * 1000);
}

export type MonthRevenue = {
  /** "2025-01" */
  month: string;
  /** pence, delivered order totals incl. VAT */
  revenue: number;
  orders: number;
};

export const ANALYTICS_MONTHS = 12;

/** The last 12 calendar months (UK time) up to and including this one, oldest first. */
export function analyticsMonths(now = new Date()) {
  const { year, month } = londonYearMonth(now);
  return Array.from({ length: ANALYTICS_MONTHS }, (_, index) => {
    const offset = index - (ANALYTICS_MONTHS - 1);
    const first = new Date(Date.UTC(year, month + offset, 1));
    const y = first.getUTCFullYear();
    const m = first.getUTCMonth();
    return {
      month: `${y}-${String(m + 1).padStart(2, "0")}`,
      start: londonMonthStart(y, m),
      end: londonMonthStart(m === 11 ? y + 1 : y, (m + 1) % 12),
    };
  });
}

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

export const TOP_PRODUCTS_LIMIT = 10;

/** The products that brought in most (delivered orders' lines, ex VAT) since `since`. */
export function topProductsByRevenue(db: DB, since: Date, limit = TOP_PRODUCTS_LIMIT): ProductRevenue[] {
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

export const UNCATEGORISED = "Uncategorised";
export const TOP_CATEGORIES_LIMIT = 8;

/** Revenue by the category the product is in now (delivered lines, ex VAT) since `since`. */
export function topCategoriesByRevenue(db: DB, since: Date, limit = TOP_CATEGORIES_LIMIT): CategoryRevenue[] {
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

// ─── Inventory alerts ───────────────────────────────────────────────────────

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

export const INVENTORY_ALERTS_PAGE_SIZE = 50;

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
