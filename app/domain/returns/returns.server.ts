/**
 * Customer returns: what can still be returned from an order, requesting a return, and the customer's
 * own list. Another customer's order is answered exactly like one that does not exist (404), so ids
 * reveal nothing.
 */
import { formatReturnNumber, nextReturnNumber } from "~/domain/shared/numbering.server";
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { orderItems, orders, returnItems, returns } from "~db/schema";
import { visibleTo } from "~/domain/companies/companies.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { formatMoney, toDecimalString, withVat } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import {
  NOTHING_SELECTED,
  ONLY_DELIVERED,
  ORDER_NOT_FOUND,
  RETURNS_PAGE_SIZE,
  tooManyMessage,
  type ReturnRequest,
} from "./return.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

// ─── JSON shape (spec §3) ───────────────────────────────────────────────────

export type ReturnItemJson = { id: number; productName: string; quantity: number; unitPrice: string };

export type ReturnJson = {
  id: number;
  /** RMA-000123 */
  returnNumber: string;
  /** a completed exchange's replacement order */
  replacementOrderId: number | null;
  orderId: number;
  /** the order's number, for showing; null only if the order row is gone */
  orderNumber: string | null;
  createdAt: string;
  status: "requested" | "approved" | "rejected" | "completed";
  returnType: "refund" | "exchange";
  reason: string;
  customerNotes: string | null;
  adminNotes: string | null;
  /** inc VAT, "12.50"; null until the return is completed */
  refundAmount: string | null;
  completedAt: string | null;
  items: ReturnItemJson[];
};

export type ReturnRow = typeof returns.$inferSelect & { orderNumber: string | null };

/** The columns of a return row with its order's number, for queries that add their own joins. */
export const returnColumns = {
  id: returns.id,
  returnNumber: returns.returnNumber,
  replacementOrderId: returns.replacementOrderId,
  companyId: returns.companyId,
  orderId: returns.orderId,
  userId: returns.userId,
  returnType: returns.returnType,
  status: returns.status,
  reason: returns.reason,
  customerNotes: returns.customerNotes,
  adminNotes: returns.adminNotes,
  refundAmount: returns.refundAmount,
  completedAt: returns.completedAt,
  createdAt: returns.createdAt,
  updatedAt: returns.updatedAt,
  orderNumber: orders.orderNumber,
};

export function returnJson(row: ReturnRow, items: ReturnItemJson[]): ReturnJson {
  return {
    id: row.id,
    returnNumber: row.returnNumber ?? formatReturnNumber(row.id),
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    replacementOrderId: row.replacementOrderId,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    returnType: row.returnType,
    reason: row.reason,
    customerNotes: row.customerNotes,
    adminNotes: row.adminNotes,
    refundAmount: row.refundAmount === null ? null : toDecimalString(row.refundAmount),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    items,
  };
}

function itemsByReturn(db: DB, returnIds: number[]): Map<number, ReturnItemJson[]> {
  const grouped = new Map<number, ReturnItemJson[]>(returnIds.map((id) => [id, []]));
  if (returnIds.length === 0) return grouped;
  const rows = db
    .select()
    .from(returnItems)
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(returnItems.returnId), asc(returnItems.id))
    .all();
  for (const row of rows) {
    grouped.get(row.returnId)?.push({
      id: row.id,
      productName: row.productName,
      quantity: row.quantity,
      unitPrice: toDecimalString(row.unitPrice),
    });
  }
  return grouped;
}

function returnRows(db: DB, where: ReturnType<typeof eq>, limit: number, offset: number): ReturnRow[] {
  return db
    .select(returnColumns)
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(limit)
    .offset(offset)
    .all();
}

function withItems(db: DB, rows: ReturnRow[]): ReturnJson[] {
  const items = itemsByReturn(db, rows.map((row) => row.id));
  return rows.map((row) => returnJson(row, items.get(row.id) ?? []));
}

// ─── Reading ────────────────────────────────────────────────────────────────

function countCustomerReturns(db: DB, userId: string): number {
  return db.select({ value: count() }).from(returns).where(visibleTo(userId, returns.userId, returns.companyId)).get()?.value ?? 0;
}

/** The customer's own returns, newest first, each with its lines. */
function listCustomerReturns(
  db: DB,
  userId: string,
  { limit = RETURNS_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number } = {},
): ReturnJson[] {
  return withItems(db, returnRows(db, visibleTo(userId, returns.userId, returns.companyId), limit, offset));
}

/** GET /api/returns?limit=&offset=: a slice of the customer's returns with its place in the whole list. */
export function customerReturnsSlice(db: DB, userId: string, { limit, offset }: { limit: number; offset: number }) {
  const total = countCustomerReturns(db, userId);
  return {
    items: listCustomerReturns(db, userId, { limit, offset }),
    total,
    page: Math.floor(offset / limit) + 1,
    pageSize: limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
  };
}

export type ReturnsPage = { returns: ReturnJson[]; total: number; page: number; pageCount: number };

/** One page of My Returns & Refunds (a page past the end shows the last page). */
export function customerReturnsPage(db: DB, userId: string, page: number, pageSize = RETURNS_PAGE_SIZE): ReturnsPage {
  const total = countCustomerReturns(db, userId);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return {
    returns: listCustomerReturns(db, userId, { limit: pageSize, offset: (current - 1) * pageSize }),
    total,
    page: current,
    pageCount,
  };
}

export type ReturnableLine = {
  orderItemId: number;
  productId: number | null;
  productName: string;
  selectedVariants: Record<string, string>;
  /** ex VAT, pence */
  unitPrice: number;
  vatRate: number;
  bought: number;
  /** in returns that were not rejected */
  alreadyReturned: number;
  returnable: number;
};

export type ReturnableOrder = {
  order: { id: number; orderNumber: string; status: string; createdAt: Date };
  lines: ReturnableLine[];
};

/**
 * One of the customer's orders with, per line, how many were bought, how many are already in returns
 * that were not rejected, and how many can still be returned. 404 when the order is not theirs.
 */
export function returnableLines(db: DB, userId: string, orderId: number): Result<ReturnableOrder> {
  const order = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(userId, orders.userId, orders.companyId)))
    .get();
  if (!order) return fail(404, ORDER_NOT_FOUND);

  const items = db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).all();
  const returned = db
    .select({ orderItemId: returnItems.orderItemId, quantity: sql<number>`coalesce(sum(${returnItems.quantity}), 0)` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, "rejected")))
    .groupBy(returnItems.orderItemId)
    .all();
  const returnedBy = new Map(returned.map((row) => [row.orderItemId, Number(row.quantity)]));

  return ok({
    order,
    lines: items.map((item) => {
      const alreadyReturned = returnedBy.get(item.id) ?? 0;
      return {
        orderItemId: item.id,
        productId: item.productId,
        productName: item.productName,
        selectedVariants: item.selectedVariants ?? {},
        unitPrice: item.unitPrice,
        vatRate: item.vatRate,
        bought: item.quantity,
        alreadyReturned,
        returnable: Math.max(0, item.quantity - alreadyReturned),
      };
    }),
  });
}

/**
 * What the return request form shows for one of the customer's orders: the order, whether it is delivered
 * (only then can it be returned) and each line with its price inc VAT and what is still returnable.
 * 404 when the order is not theirs.
 */
export function loadReturnRequestForm(db: DB, userId: string, orderId: number) {
  const found = returnableLines(db, userId, orderId);
  if (!found.ok) return found;
  const { order, lines } = found.value;
  return ok({
    order: { id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt.toISOString() },
    delivered: order.status === "delivered",
    lines: lines.map((line) => ({
      orderItemId: line.orderItemId,
      productName: line.productName,
      variants: Object.entries(line.selectedVariants)
        .map(([name, option]) => `${name}: ${option}`)
        .join(", "),
      unitPriceIncVat: formatMoney(withVat(line.unitPrice, line.vatRate)),
      bought: line.bought,
      alreadyReturned: line.alreadyReturned,
      returnable: line.returnable,
    })),
  });
}

// ─── Requesting a return ────────────────────────────────────────────────────

function createReturn(tx: DB, userId: string, input: ReturnRequest): Result<ReturnJson> {
  const found = returnableLines(tx, userId, input.orderId);
  if (!found.ok) return found;
  if (found.value.order.status !== "delivered") return fail(409, ONLY_DELIVERED);

  const byId = new Map(found.value.lines.map((line) => [line.orderItemId, line]));
  const chosen: { line: ReturnableLine; quantity: number }[] = [];
  for (const [index, requested] of input.items.entries()) {
    const line = byId.get(requested.orderItemId);
    if (!line) return fail(400, "This item is not part of the order", `items.${index}.orderItemId`);
    if (requested.quantity === 0) continue;
    if (requested.quantity > line.returnable) {
      return fail(400, tooManyMessage(line.returnable, line.productName), `items.${index}.quantity`);
    }
    chosen.push({ line, quantity: requested.quantity });
  }
  if (chosen.length === 0) return fail(400, NOTHING_SELECTED, "items");

  const created = tx
    .insert(returns)
    .values({
      returnNumber: nextReturnNumber(tx),
      orderId: input.orderId,
      userId,
      returnType: input.returnType,
      status: "requested",
      reason: input.reason,
      customerNotes: input.customerNotes ?? null,
      refundAmount: null,
    })
    .returning()
    .get();
  tx.insert(returnItems)
    .values(
      chosen.map(({ line, quantity }) => ({
        returnId: created.id,
        orderItemId: line.orderItemId,
        productId: line.productId,
        productName: line.productName,
        quantity,
        unitPrice: line.unitPrice,
        vatRate: line.vatRate,
      })),
    )
    .run();
  return ok(withItems(tx, returnRows(tx, eq(returns.id, created.id), 1, 0))[0]!);
}

/**
 * A customer asks to return lines of one of their delivered orders. Checks ownership (404), the order's
 * status (409), each quantity against what is still returnable (400 on items.N.quantity), then writes the
 * return (status requested, no refund amount yet) and its lines — product, name, price and VAT rate copied
 * from the order — in one write transaction. A repeated key replays the first success and writes nothing.
 */
export function requestReturn(
  db: DB,
  user: Pick<SessionUser, "id">,
  input: ReturnRequest,
  idempotencyKey: string | null = null,
): Result<ReturnJson> {
  const { result } = runOnce(
    db,
    { ownerId: user.id, scope: scopeFor(REPEAT_SCOPE.returnRequest, input.orderId), key: idempotencyKey, command: input },
    (tx) => createReturn(tx, user.id, input),
    (outcome) => outcome.ok,
  );
  return result;
}
