/**
 * Customer Insights: who the customers are, how much they spend and how often they come back. One pass
 * over the orders sums them per customer and month; the segments (./customer-segments), the ranking and the
 * monthly trends are made from those sums.
 *
 * A customer is an approved customer account. Spend is order totals incl. VAT of orders not cancelled
 * (what the customer was charged; refunds on returns are not taken off). Orders without an account (point
 * of sale walk-ins) are not any customer's and are left out.
 */
import { sql } from "drizzle-orm";
import type { DB } from "~/utils/db.server";
import { divideRoundHalfUp } from "~/utils/money";
import { keptWhileUnchanged } from "~/utils/table-changes.server";
import { analyticsMonths } from "./analytics-months";
import { isActiveCustomer, segmentFor, SEGMENTS, type Segment } from "./customer-segments";

export const TOP_CUSTOMERS_LIMIT = 10;

type CustomerAccount = {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
};

export type TopCustomer = CustomerAccount & {
  orderCount: number;
  /** pence incl. VAT */
  totalSpent: number;
  /** pence, spent / orders, rounded half-up */
  averageOrder: number;
  lastOrderDate: Date | null;
};

export type InsightMonth = {
  /** "2025-01" */
  month: string;
  /** pence incl. VAT, customers' orders not cancelled placed that month */
  revenue: number;
  orders: number;
  /** customers whose first order was that month */
  newCustomers: number;
  /** customers who ordered that month and had ordered before it */
  returningCustomers: number;
};

export type CustomerInsights = {
  totalCustomers: number;
  /** ordered in the last 90 days */
  activeCustomers: number;
  /** pence: all customers' spend / their orders; 0 without orders */
  averageOrderValue: number;
  totalOrders: number;
  segments: Record<Segment, number>;
  topCustomers: TopCustomer[];
  months: InsightMonth[];
};

type Customer = CustomerAccount & {
  orderCount: number;
  totalSpent: number;
  lastOrderAt: number | null;
  firstOrderAt: number | null;
};

/** Approved customer accounts, before their orders are added. */
function customerAccounts(db: DB): Map<string, Customer> {
  const rows = db.all<CustomerAccount>(sql`
    select u.id as userId, u.email, u.first_name as firstName, u.last_name as lastName, c.name as businessName
    from users u left join companies c on c.id = u.company_id where u.role = 'customer' and u.approved_at is not null`);
  return new Map(
    rows.map((row) => [row.userId, { ...row, orderCount: 0, totalSpent: 0, lastOrderAt: null, firstOrderAt: null }]),
  );
}

type OrderGroup = { userId: string; bucket: number | null; orders: number; spent: number; lastAt: number; firstAt: number };

/**
 * Orders not cancelled, summed per customer and month of the last 12 (bucket null before them), in one
 * pass over the index of customers' orders, which holds each order's date, status and total
 * (orders_user_created_totals_idx): the orders themselves are not read.
 */
function orderGroups(db: DB, months: Months): OrderGroup[] {
  const first = months[0]!.start.getTime();
  const last = months[months.length - 1]!.end.getTime();
  // one comparison for an order before the window, one per month up to its own inside it
  const bucket = sql`case when created_at < ${first} or created_at >= ${last} then null ${sql.join(
    months.map(({ end }, index) => sql`when created_at < ${end.getTime()} then ${index}`),
    sql` `,
  )} end`;
  return db.all<OrderGroup>(sql`
    select user_id as userId, ${bucket} as bucket, count(*) as orders, sum(total) as spent,
      max(created_at) as lastAt, min(created_at) as firstAt
    from orders
    where status <> 'cancelled' and user_id is not null
    group by user_id, bucket`);
}

type Months = ReturnType<typeof analyticsMonths>;

function monthIndexOf(months: Months, instant: number) {
  return months.findIndex(({ start, end }) => instant >= start.getTime() && instant < end.getTime());
}

/** What the orders add up to, per customer and per month: everything but what depends on today's date. */
type CustomerTotals = {
  customers: Customer[];
  trend: { month: string; revenue: number; orders: number; customers: number; newCustomers: number }[];
};

function customerTotals(db: DB, months: Months): CustomerTotals {
  const trend = months.map(({ month }) => ({ month, revenue: 0, orders: 0, customers: 0, newCustomers: 0 }));
  const customers = customerAccounts(db);
  for (const group of orderGroups(db, months)) {
    const customer = customers.get(group.userId);
    if (!customer) continue;
    const [orders, spent, lastAt, firstAt] = [group.orders, group.spent, group.lastAt, group.firstAt].map(Number);
    customer.orderCount += orders;
    customer.totalSpent += spent;
    customer.lastOrderAt = Math.max(customer.lastOrderAt ?? lastAt, lastAt);
    customer.firstOrderAt = Math.min(customer.firstOrderAt ?? firstAt, firstAt);
    if (group.bucket !== null) {
      const month = trend[Number(group.bucket)]!;
      month.revenue += spent;
      month.orders += orders;
      month.customers += 1;
    }
  }
  for (const customer of customers.values()) {
    if (customer.firstOrderAt === null) continue;
    const index = monthIndexOf(months, customer.firstOrderAt);
    if (index >= 0) trend[index]!.newCustomers += 1;
  }
  return { customers: [...customers.values()], trend };
}

/**
 * The sums over every order a customer ever placed are kept while no order and no account changes
 * (../../utils/table-changes.server), for the 12 months they were summed over; segments, "active" and the
 * ranking are worked out from them on every view, as of `now`.
 */
export function getCustomerInsights(db: DB, { now }: { now: Date }): CustomerInsights {
  const months = analyticsMonths(now);
  const { customers, trend } = keptWhileUnchanged(
    db,
    { name: "customer-insights", key: months[0]!.month, tables: ["orders", "users"] },
    () => ({ value: customerTotals(db, months) }),
  );

  const segments = Object.fromEntries(SEGMENTS.map((segment) => [segment, 0])) as Record<Segment, number>;
  let activeCustomers = 0;
  let totalOrders = 0;
  let totalSpent = 0;
  for (const customer of customers) {
    const activity = {
      totalSpent: customer.totalSpent,
      lastOrderAt: customer.lastOrderAt === null ? null : new Date(customer.lastOrderAt),
    };
    segments[segmentFor(activity, now)] += 1;
    if (isActiveCustomer(activity, now)) activeCustomers += 1;
    totalOrders += customer.orderCount;
    totalSpent += customer.totalSpent;
  }

  const topCustomers = customers
    .filter((customer) => customer.orderCount > 0)
    .sort((a, b) => b.totalSpent - a.totalSpent || b.orderCount - a.orderCount || a.email.localeCompare(b.email))
    .slice(0, TOP_CUSTOMERS_LIMIT)
    .map(({ lastOrderAt, firstOrderAt: _first, ...customer }) => ({
      ...customer,
      averageOrder: divideRoundHalfUp(customer.totalSpent, customer.orderCount),
      lastOrderDate: lastOrderAt === null ? null : new Date(lastOrderAt),
    }));

  return {
    totalCustomers: customers.length,
    activeCustomers,
    averageOrderValue: totalOrders > 0 ? divideRoundHalfUp(totalSpent, totalOrders) : 0,
    totalOrders,
    segments,
    topCustomers,
    months: trend.map(({ customers: ordering, ...month }) => ({
      ...month,
      returningCustomers: ordering - month.newCustomers,
    })),
  };
}
