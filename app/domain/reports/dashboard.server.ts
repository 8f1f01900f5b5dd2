/** The back-office dashboard figures: the headline counts and the newest orders. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { stockConditions } from "~/domain/catalog/catalog.server";
import { orders, productRequests, products, users, type OrderStatus } from "~db/schema";
import type { DB } from "~/utils/db.server";

export type AdminStats = {
  /** pence: the totals of delivered orders */
  totalRevenue: number;
  /** orders awaiting processing: pending and pending_approval */
  pendingOrders: number;
  totalProducts: number;
  /** product requests still waiting for a decision */
  productRequests: number;
  /** low stock as everywhere else (back-office §4): above 0 and at or below the product's threshold */
  lowStockProducts: number;
  /** stock at 0: counted apart, as Inventory Alerts does */
  outOfStockProducts: number;
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
  const countWhere = (state: "low-stock" | "out-of-stock") =>
    Number(
      db
        .select({ count: sql<number>`count(*)` })
        .from(products)
        .where(and(...stockConditions(state)))
        .get()?.count ?? 0,
    );
  return {
    totalRevenue: Number(revenue?.total ?? 0),
    pendingOrders: Number(pending?.count ?? 0),
    totalProducts: Number(productCount?.count ?? 0),
    productRequests: Number(requests?.count ?? 0),
    lowStockProducts: countWhere("low-stock"),
    outOfStockProducts: countWhere("out-of-stock"),
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

const RECENT_ORDERS_LIMIT = 10;

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
