/**
 * The back-office dashboard figures: sales today and this month, all-time revenue, the counts that need
 * attention now, and the newest orders. Days and months are UK calendar ones.
 */
import { and, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { stockConditions } from "~/domain/catalog/catalog.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { londonDayStart } from "~/domain/loyalty/reward.schema";
import { companies, orders, type OrderStatus, productRequests, products, users } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { londonMonthStart } from "./analytics-months";

export type AdminStats = {
  /** orders placed today (UK day) that are not cancelled */
  ordersToday: number;
  /** pence, incl. VAT: those orders' totals */
  salesToday: number;
  /** orders placed since the 1st of this UK calendar month that are not cancelled */
  ordersThisMonth: number;
  /** pence, incl. VAT: those orders' totals */
  salesThisMonth: number;
  /** pence: the totals of delivered orders, all time */
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

/** Orders placed from `since` until now (not cancelled): how many, and their totals incl. VAT in pence. */
function salesSince(db: DB, since: Date, now: Date) {
  const row = db
    .select({ count: sql<number>`count(*)`, total: sql<number>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(and(gte(orders.createdAt, since), lt(orders.createdAt, new Date(now.getTime() + 1)), ne(orders.status, "cancelled")))
    .get();
  return { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
}

export function getAdminStats(db: DB, now: Date = new Date()): AdminStats {
  const today = ukToday(now);
  const [year, month] = today.split("-").map(Number);
  const sinceMidnight = salesSince(db, londonDayStart(today)!, now);
  const sinceFirst = salesSince(db, londonMonthStart(year, month - 1), now);
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
    ordersToday: sinceMidnight.count,
    salesToday: sinceMidnight.total,
    ordersThisMonth: sinceFirst.count,
    salesThisMonth: sinceFirst.total,
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
  /** the account's business name; null for an account without one and for walk-in sales */
  businessName: string | null;
  /** the account holder's name, else the shipping name */
  contactName: string | null;
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
      businessName: accountName,
      firstName: users.firstName,
      lastName: users.lastName,
      shippingName: orders.shippingName,
      shippingEmail: orders.shippingEmail,
      status: orders.status,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .all()
    .map(({ accountEmail, shippingEmail, businessName, firstName, lastName, shippingName, ...order }) => ({
      ...order,
      businessName: businessName?.trim() || null,
      contactName: [firstName, lastName].filter(Boolean).join(" ").trim() || shippingName?.trim() || null,
      customerEmail: accountEmail ?? shippingEmail,
    }));
}
