/**
 * Customer Insights: who the customers are, how much they spend and how often they come back. The orders are
 * read as their kept totals per customer and per month (migration 0031, written by triggers on orders); the
 * segments (./customer-segments), the ranking and the monthly trends are made from those sums.
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

/** A customer's orders as kept; names are read for the top customers only. */
type Customer = {
  userId: string;
  email: string;
  orderCount: number;
  totalSpent: number;
  lastOrderAt: number | null;
  firstOrderAt: number | null;
};

/**
 * Approved customer accounts with their orders' kept totals (customer_order_totals, migration 0031), read as
 * plain rows: one a customer, tens of thousands on a large install.
 */
function customersWithTotals(db: DB): Customer[] {
  const rows = db.$client
    .prepare(
      `select u.id, u.email, t.orders, t.spent, t.first_order_at, t.last_order_at
       from users u left join customer_order_totals t on t.user_id = u.id
       where u.role = 'customer' and u.approved_at is not null`,
    )
    .raw(true)
    .all() as [string, string, number | null, number | null, number | null, number | null][];
  return rows.map(([userId, email, orders, spent, first, last]) => ({
    userId,
    email,
    orderCount: orders ?? 0,
    totalSpent: spent ?? 0,
    firstOrderAt: first === null ? null : Number(first),
    lastOrderAt: last === null ? null : Number(last),
  }));
}

/** The accounts' names and businesses, of the few customers listed. */
function customerAccountsOf(db: DB, userIds: string[]): Map<string, CustomerAccount> {
  if (userIds.length === 0) return new Map();
  const rows = db.all<CustomerAccount>(sql`
    select u.id as userId, u.email, u.first_name as firstName, u.last_name as lastName, c.name as businessName
    from users u left join companies c on c.id = u.company_id where u.id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The biggest spenders first (then the most orders, then by email), as many as `limit`, in one pass. */
function topSpenders(customers: readonly Customer[], limit: number): Customer[] {
  const bySpend = (a: Customer, b: Customer) => b.totalSpent - a.totalSpent || b.orderCount - a.orderCount || a.email.localeCompare(b.email);
  const top: Customer[] = [];
  for (const customer of customers) {
    if (customer.orderCount === 0) continue;
    if (top.length === limit && bySpend(customer, top[limit - 1]!) >= 0) continue;
    top.push(customer);
    top.sort(bySpend);
    if (top.length > limit) top.pop();
  }
  return top;
}

type MonthTotals = { month: string; orders: number; spent: number; customers: number };

/**
 * The months' orders of approved customers: every customer's (order_month_totals) less those of the accounts that
 * are not approved customers (staff, accounts awaiting approval), which are few. The cross join keeps the accounts
 * the outer loop, so only those few accounts' months are read, not every customer's.
 */
function monthTotals(db: DB, months: Months): Map<string, MonthTotals> {
  const [first, last] = [months[0]!.month, months[months.length - 1]!.month];
  const all = db.all<MonthTotals>(sql`
    select month, orders, spent, customers from order_month_totals where month between ${first} and ${last}`);
  const others = db.all<MonthTotals>(sql`
    select m.month, sum(m.orders) as orders, sum(m.spent) as spent, sum(m.orders > 0) as customers
    from users u cross join customer_month_totals m on m.user_id = u.id and m.month between ${first} and ${last}
    where not (u.role = 'customer' and u.approved_at is not null)
    group by m.month`);
  const totals = new Map(all.map((row) => [row.month, { ...row }]));
  for (const other of others) {
    const month = totals.get(other.month)!;
    month.orders -= other.orders;
    month.spent -= other.spent;
    month.customers -= other.customers;
  }
  return totals;
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
  const totals = monthTotals(db, months);
  const trend = months.map(({ month }) => {
    const kept = totals.get(month);
    return { month, revenue: kept?.spent ?? 0, orders: kept?.orders ?? 0, customers: kept?.customers ?? 0, newCustomers: 0 };
  });
  const customers = customersWithTotals(db);
  for (const customer of customers) {
    if (customer.firstOrderAt === null) continue;
    const index = monthIndexOf(months, customer.firstOrderAt);
    if (index >= 0) trend[index]!.newCustomers += 1;
  }
  return { customers, trend };
}

/**
 * The customers' totals and the months' are kept while no order and no account changes
 * (../../utils/table-changes.server), for the 12 months they were read for; segments, "active" and the
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

  const top = topSpenders(customers, TOP_CUSTOMERS_LIMIT);
  const accounts = customerAccountsOf(db, top.map((customer) => customer.userId));
  const topCustomers = top.map(({ userId, email, lastOrderAt, orderCount, totalSpent }) => ({
    // an account deleted since the totals were read keeps its email and loses its names
    ...(accounts.get(userId) ?? { userId, email, firstName: null, lastName: null, businessName: null }),
    orderCount,
    totalSpent,
    averageOrder: divideRoundHalfUp(totalSpent, orderCount),
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
