/**
 * The WHERE of a customer's order history: always their own orders, narrowed by the page's filters
 * (search over the order number, PO reference, product names and SKUs of its lines; status; UK calendar
 * days from and to, both included; who placed it). "Their own" is the company's for company admins and
 * approvers (visibleTo).
 */
import { and, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { orderItems, orders } from "~db/schema";
import { visibleTo } from "~/domain/companies/companies.server";
import { londonDayEnd, londonDayStart } from "~/domain/loyalty/reward.schema";
import { containsPattern } from "~/domain/catalog/catalog.schema";
import type { OrderHistoryFilters } from "./order-history.schema";

function like(column: SQL | SQLiteColumn, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** The customer's own orders matching the filters; the owner condition is never optional. */
export function customerOrdersWhere(userId: string, filters?: OrderHistoryFilters): SQL {
  const conditions: SQL[] = [visibleTo(userId, orders.userId, orders.companyId)];
  if (!filters) return conditions[0];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      or(
        like(orders.orderNumber, pattern),
        like(sql`coalesce(${orders.poReference}, '')`, pattern),
        sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND (${like(
          orderItems.productName,
          pattern,
        )} OR ${like(sql`coalesce(${orderItems.sku}, '')`, pattern)}))`,
      )!,
    );
  }
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  const from = filters.from ? londonDayStart(filters.from) : null;
  const to = filters.to ? londonDayEnd(filters.to) : null;
  if (from) conditions.push(gte(orders.createdAt, from));
  if (to) conditions.push(lte(orders.createdAt, to));
  if (filters.placedBy) conditions.push(eq(orders.userId, filters.placedBy));
  return and(...conditions)!;
}
