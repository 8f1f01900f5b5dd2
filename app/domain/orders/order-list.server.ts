/**
 * The back office's order list and one order's detail, as the Orders screen and the admin API read them,
 * with their JSON shapes (money as 2-decimal strings, instants as ISO strings).
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { companies, orderItems, orders, returns, users } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { orderInvoice, type OrderInvoice } from "~/domain/invoices/order-invoice.server";
import { proFormaUnpaid } from "~/domain/credit/pro-forma.server";
import { londonDayEnd, londonDayStart } from "~/domain/loyalty/reward.schema";
import { amongIds, LIST_COUNT_CAP, matchCounter, pageOfCounted, pageOfRows, type ListCount, type Page } from "~/domain/shared/record-store.server";
import { ADMIN_ORDERS_PAGE_SIZE, type OrderListQuery, type OrderSort } from "./order-list.schema";

export const ORDER_NOT_FOUND_MESSAGE = "Order not found";

export const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  /** the account's email; null for orders without an account (walk-in sales) */
  accountEmail: users.email,
  /** the account's business name, when it has one */
  businessName: accountName,
  status: orders.status,
  subtotal: orders.subtotal,
  deliveryChargePence: orders.deliveryChargePence,
  vatAmount: orders.vatAmount,
  total: orders.total,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  poReference: orders.poReference,
  deliveryNotes: orders.deliveryNotes,
  createdAt: orders.createdAt,
};

export type AdminOrderSummary = {
  [K in keyof typeof summaryColumns]: K extends "accountEmail" | "businessName" ? string | null : (typeof orders.$inferSelect)[K & keyof typeof orders.$inferSelect];
};

export type { Page };

/** `%term%` for LIKE, with the wildcards in the term itself taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function like(column: SQL | SQLiteColumn, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

export function paged<T>(total: number, requested: number, pageSize: number, load: (offset: number) => T[]): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { items: load((page - 1) * pageSize), total, page, pageCount, pageSize };
}

/**
 * The list's filter as a WHERE: ?q= (order number, the customer's email or business name, the shipping
 * email or name, the customer's PO reference; a bare number also matches the order id), ?status= and
 * ?from=/?to= (London calendar days, both included). Used with the users join.
 */
function orderListWhere(query: Partial<OrderListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const matches: SQL[] = [
      like(orders.orderNumber, pattern),
      like(sql`coalesce(${users.email}, '')`, pattern),
      like(sql`coalesce(${accountName}, '')`, pattern),
      like(orders.shippingEmail, pattern),
      like(orders.shippingName, pattern),
      like(sql`coalesce(${orders.poReference}, '')`, pattern),
    ];
    const bare = q.replace(/^#/, "");
    if (/^\d{1,15}$/.test(bare)) matches.push(eq(orders.id, Number(bare)));
    conditions.push(or(...matches)!);
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  const from = query.from ? londonDayStart(query.from) : null;
  const to = query.to ? londonDayEnd(query.to) : null;
  if (from) conditions.push(gte(orders.createdAt, from));
  if (to) conditions.push(lte(orders.createdAt, to));
  return conditions.length ? and(...conditions) : undefined;
}

/** Whether the filter reads the account's columns (a search does), so the users join matters to it. */
function readsAccounts(query: Partial<OrderListQuery>) {
  return Boolean(query.q?.trim());
}

/** The list's order; ties fall back to the newest first so paging is stable. */
function orderListOrderBy(sort: OrderSort | undefined): SQL[] {
  const newest = [desc(orders.createdAt), desc(orders.id)];
  switch (sort) {
    case "oldest":
      return [asc(orders.createdAt), asc(orders.id)];
    case "total-desc":
      return [desc(orders.total), ...newest];
    case "total-asc":
      return [asc(orders.total), ...newest];
    case "status":
      return [asc(orders.status), ...newest];
    default:
      return newest;
  }
}

/**
 * The orders a search can match, found through indexes rather than by reading every order: the order's own
 * text (number, shipping email and name, PO reference) through `orders_search`, a trigram index, and the
 * account's email and name through the accounts (thousands, not a million orders), plus a bare number as an
 * order id. More than the matches at times (the trigram index folds the case of letters LIKE does not), so the
 * list's own WHERE still decides. Null when the search is shorter than the index's three characters, or finds
 * more than `limit` orders: a word that common is found sooner by reading the list in its own order.
 */
function searchCandidates(db: DB, q: string, limit: number): number[] | null {
  if (q.length < 3) return null;
  const pattern = containsPattern(q);
  const phrase = `"${q.replaceAll('"', '""')}"`;
  const ids = db.$client
    .prepare(
      `select id from (select rowid as id from orders_search where orders_search match ? limit ?)
       union
       select id from (
         select o.id from orders o where o.user_id in (
           select u.id from users u left join companies c on c.id = u.company_id
           where u.email like ? escape '\\' or coalesce(c.name, u.business_name) like ? escape '\\')
         limit ?)
       limit ?`,
    )
    .pluck()
    .all(phrase, limit + 1, pattern, pattern, limit + 1, limit + 1) as number[];
  const bare = q.replace(/^#/, "");
  if (/^\d{1,15}$/.test(bare) && !ids.includes(Number(bare))) ids.push(Number(bare));
  return ids.length > limit ? null : ids;
}

/**
 * Orders matching the filter, in the chosen order (newest first by default), 25 a page. The screen counts a
 * filter's matches only as far as it needs ("capped": see pageOfCounted); the API counts them all. A search
 * whose indexes name few enough orders (searchCandidates) reads only those, counted exactly.
 */
export function listAdminOrders(
  db: DB,
  query: Partial<OrderListQuery>,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
  counting: ListCount = "exact",
): Page<AdminOrderSummary> {
  const where = orderListWhere(query);
  const q = query.q?.trim();
  const candidates = q ? searchCandidates(db, q, Math.max(LIST_COUNT_CAP, Math.max(1, query.page ?? 1) * pageSize)) : null;
  if (candidates) {
    // every match in the list's order: a few thousand ids at most, the count and the page read from them
    const matched = orderedIds(db, and(amongIds(orders.id, candidates), where), query);
    return pageOfRows(matched.length, query.page ?? 1, pageSize, (limit, offset) => ordersIn(db, matched.slice(offset, offset + limit), query));
  }
  // Only a search reads the account's columns; without one the count stays on the orders' own indexes (a
  // join would look up every order's account: 100,000 lookups to count the unfiltered list).
  const matching = () =>
    readsAccounts(query)
      ? db.select({ one: sql`1` }).from(orders).leftJoin(users, eq(users.id, orders.userId)).leftJoin(companies, eq(companies.id, users.companyId)).where(where).$dynamic()
      : db.select({ one: sql`1` }).from(orders).where(where).$dynamic();
  const countUpTo = matchCounter(db, orders, where, matching);
  return pageOfCounted(
    countUpTo,
    query.page ?? 1,
    pageSize,
    (limit, offset) => ordersIn(db, orderedIds(db, where, query, { limit, offset }), query),
    where ? counting : "exact",
  );
}

/**
 * The ids of the orders `where` matches, in the list's order, read off an index of the orders alone (with the
 * accounts only when a search reads them). A page is read as ids first and rows after: reading the rows as it
 * went, a deep page read every order it skipped and looked up its account (23 s for the last of a million).
 */
function orderedIds(db: DB, where: SQL | undefined, query: Partial<OrderListQuery>, slice?: { limit: number; offset: number }): number[] {
  const ordered = orderedIdsSelect(db, where, query);
  return (slice ? ordered.limit(slice.limit).offset(slice.offset) : ordered).all().map((row) => row.id);
}

function orderedIdsSelect(db: DB, where: SQL | undefined, query: Partial<OrderListQuery>) {
  const select = readsAccounts(query)
    ? db.select({ id: orders.id }).from(orders).leftJoin(users, eq(users.id, orders.userId)).leftJoin(companies, eq(companies.id, users.companyId)).$dynamic()
    : db.select({ id: orders.id }).from(orders).$dynamic();
  return select.where(where).orderBy(...orderListOrderBy(query.sort));
}

/** The list's rows of these orders, in the list's order. */
function ordersIn(db: DB, ids: number[], query: Partial<OrderListQuery>): AdminOrderSummary[] {
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(amongIds(orders.id, ids))
    .orderBy(...orderListOrderBy(query.sort))
    .all();
}

/** The ids of every order matching the filter (all pages), in the list's order. */
export function matchingOrderIds(db: DB, query: Partial<OrderListQuery>): number[] {
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(orderListWhere(query))
    .orderBy(...orderListOrderBy(query.sort))
    .all()
    .map((row) => row.id);
}

/**
 * The ids of every order matching the filter, oldest first (by when it was placed, then id): a plain array of
 * numbers read straight off the statement, 8 MB for a million orders where rows as objects would take ten
 * times that.
 */
export function matchingOrderIdsOldestFirst(db: DB, query: Partial<OrderListQuery>): number[] {
  const { sql: text, params } = orderedIdsSelect(db, orderListWhere(query), { ...query, sort: "oldest" }).toSQL();
  return db.$client.prepare(text).pluck().all(...params) as number[];
}

type AdminOrderDetail = typeof orders.$inferSelect & {
  items: (typeof orderItems.$inferSelect)[];
  customer: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    businessName: string | null;
    phone: string | null;
  } | null;
  invoice: OrderInvoice | null;
  /** the order's returns, oldest first */
  returns: { id: number; returnNumber: string | null; status: string; returnType: string }[];
  /** a pro forma order waiting for its invoice to be paid before it ships: what to tell staff; null otherwise */
  awaitingPayment: string | null;
};

/** One order with its lines, its customer's account and its invoice; null when there is no such order. */
export function getAdminOrder(db: DB, id: number): AdminOrderDetail | null {
  const order = db.select().from(orders).where(eq(orders.id, id)).get();
  if (!order) return null;
  const items = db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)).all();
  const customer = order.userId
    ? (db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          businessName: accountName,
          phone: users.phone,
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, order.userId))
        .get() ?? null)
    : null;
  // the status as the invoice screens show it (paid, overdue…), not the stored one
  const invoice = orderInvoice(db, id);
  const orderReturns = db
    .select({ id: returns.id, returnNumber: returns.returnNumber, status: returns.status, returnType: returns.returnType })
    .from(returns)
    .where(eq(returns.orderId, id))
    .orderBy(asc(returns.id))
    .all();
  // a pro forma order not yet shipped says what it waits for (the ship move answers 409 until it is paid)
  const awaitingPayment = ["pending", "pending_approval", "processing", "on_hold"].includes(order.status) ? proFormaUnpaid(db, order) : null;
  return { ...order, items, customer, invoice, returns: orderReturns, awaitingPayment };
}

// ─── JSON ───────────────────────────────────────────────────────────────────

/** Who an order is for, as every admin order row starts: the account's email, else the shipping email. */
export function orderContactJson(
  order: Pick<AdminOrderSummary, "id" | "orderNumber" | "userId" | "accountEmail" | "shippingName" | "shippingEmail">,
) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    customerEmail: order.accountEmail ?? order.shippingEmail,
    shippingName: order.shippingName,
    shippingEmail: order.shippingEmail,
  };
}

/** A list row as the admin API shows it: money as 2-decimal strings, instants as ISO strings. */
export function adminOrderSummaryJson(order: AdminOrderSummary) {
  return {
    ...orderContactJson(order),
    businessName: order.businessName,
    status: order.status,
    poReference: order.poReference,
    subtotal: toDecimalString(order.subtotal),
    deliveryCharge: toDecimalString(order.deliveryChargePence),
    vatAmount: toDecimalString(order.vatAmount),
    total: toDecimalString(order.total),
    createdAt: order.createdAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One order with everything the detail shows. */
export function adminOrderJson(order: AdminOrderDetail) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    customerEmail: order.customer?.email ?? order.shippingEmail,
    customer: order.customer,
    status: order.status,
    channel: order.channel,
    subtotal: toDecimalString(order.subtotal),
    vatAmount: toDecimalString(order.vatAmount),
    total: toDecimalString(order.total),
    discountAmount: toDecimalString(order.discountAmount),
    freeShipping: order.freeShipping,
    deliveryCharge: toDecimalString(order.deliveryChargePence),
    deliveryVat: toDecimalString(order.deliveryVatPence),
    shippingName: order.shippingName,
    shippingEmail: order.shippingEmail,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingPostcode: order.shippingPostcode,
    poReference: order.poReference,
    deliveryNotes: order.deliveryNotes,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    estimatedDelivery: order.estimatedDelivery,
    invoice: order.invoice,
    returns: order.returns,
    approvedAt: iso(order.approvedAt),
    holdReason: order.holdReason,
    holdReleasedAt: iso(order.holdReleasedAt),
    awaitingPayment: order.awaitingPayment,
    cancelledAt: iso(order.cancelledAt),
    deliveredAt: iso(order.deliveredAt),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      sku: item.sku,
      selectedVariants: item.selectedVariants,
      quantity: item.quantity,
      unitPrice: toDecimalString(item.unitPrice),
      vatRate: toDecimalString(item.vatRate),
      vatAmount: toDecimalString(item.vatAmount),
      total: toDecimalString(item.total),
    })),
  };
}
