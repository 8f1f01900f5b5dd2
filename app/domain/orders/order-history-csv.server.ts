/**
 * "Export CSV" of the customer's order history: every order the page's filters match (not just the page
 * shown), newest first, only ever the customer's own.
 */
import { writeCsv } from "~/utils/csv.server";
import { desc, eq, sql } from "drizzle-orm";
import { orders, users } from "~db/schema";
import { personName } from "~/domain/companies/companies.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { londonDateInput } from "~/domain/loyalty/reward.schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { customerOrdersWhere } from "./order-history-filters.server";
import type { OrderHistoryFilters } from "./order-history.schema";
import { statusLabel } from "./order-status";

export const ORDER_HISTORY_CSV_COLUMNS = [
  "Order number",
  "Date",
  "Status",
  "PO reference",
  "Items",
  "Subtotal",
  "Delivery",
  "VAT",
  "Total",
] as const;
/** The column a company admin or approver of a company of several people also gets, after Status. */
export const PLACED_BY_COLUMN = "Placed by";

/**
 * The filtered history as CSV: the date is the UK calendar day (YYYY-MM-DD), items the number of lines as
 * the page counts them, money in pounds with two decimals (subtotal and delivery ex VAT; VAT includes the
 * delivery's, so subtotal + delivery + VAT = total). Text a buyer typed (the PO
 * reference) is written so a spreadsheet never runs it as a formula. With `placedBy`, a "Placed by" column names
 * the person of the company who placed each order.
 */
export function customerOrderHistoryCsv(
  db: DB,
  userId: string,
  filters: OrderHistoryFilters,
  today = ukToday(),
  { placedBy = false }: { placedBy?: boolean } = {},
): { csv: string; fileName: string; count: number } {
  const rows = db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      placedBy: personName,
      poReference: orders.poReference,
      // written out in full: inside a select list the builder leaves column names unqualified
      lines: sql<number>`(SELECT count(*) FROM "order_items" WHERE "order_items"."order_id" = "orders"."id")`,
      subtotal: orders.subtotal,
      deliveryCharge: orders.deliveryChargePence,
      vatAmount: orders.vatAmount,
      total: orders.total,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(customerOrdersWhere(userId, filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .all();
  const csv = writeCsv(
    rows.map((row) => [
      row.orderNumber,
      londonDateInput(row.createdAt),
      statusLabel(row.status),
      ...(placedBy ? [row.placedBy ?? ""] : []),
      row.poReference ?? "",
      row.lines,
      toDecimalString(row.subtotal),
      toDecimalString(row.deliveryCharge),
      toDecimalString(row.vatAmount),
      toDecimalString(row.total),
    ]),
    { header: true, columns: placedBy ? [...ORDER_HISTORY_CSV_COLUMNS.slice(0, 3), PLACED_BY_COLUMN, ...ORDER_HISTORY_CSV_COLUMNS.slice(3)] : [...ORDER_HISTORY_CSV_COLUMNS] },
  );
  return { csv, fileName: `orders-${today}.csv`, count: rows.length };
}
