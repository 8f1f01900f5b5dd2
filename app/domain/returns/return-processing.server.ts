/**
 * The back office's returns: the list with counts by status and Update Status (requested, approved, rejected,
 * with admin notes); Complete is in ./return-completion.server. A completed or rejected return cannot be moved
 * again. Once committed, the customer is emailed when the return is approved or rejected; a repeated request
 * sends nothing again.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { orderItems, orders, returnItems, returns, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import {
  ADMIN_RETURN_STATUSES,
  ADMIN_RETURNS_PAGE_SIZE,
  finalStatusMessage,
  RETURN_NOT_FOUND,
  type AdminReturnListQuery,
  type AdminReturnStatus,
  type ReturnStatusUpdate,
} from "./return-processing.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { returnedLine, returnedLineValue } from "./return-refund";
export { returnedLine };
import { returnColumns, returnJson, type ReturnItemJson, type ReturnJson, type ReturnRow } from "./returns.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { sendReturnEventEmail } from "./return-emails.server";

export type Actor = { id: string };

type AdminReturnItemJson = ReturnItemJson & {
  orderItemId: number;
  productId: number | null;
  /** "20.00" */
  vatRate: string;
  /** what these units were paid, inc VAT: their share of the order line after any voucher, plus VAT */
  lineValue: string;
};

export type AdminReturnJson = Omit<ReturnJson, "items"> & {
  userId: string | null;
  customer: { firstName: string | null; lastName: string | null; email: string } | null;
  items: AdminReturnItemJson[];
};

type AdminReturnRow = ReturnRow & { firstName: string | null; lastName: string | null; email: string | null };

export type ItemRow = {
  id: number;
  returnId: number;
  orderItemId: number;
  productId: number | null;
  productName: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  orderedQuantity: number | null;
  orderedTotal: number | null;
};

export function itemRows(db: DB, returnIds: number[]): ItemRow[] {
  if (returnIds.length === 0) return [];
  return db
    .select({
      id: returnItems.id,
      returnId: returnItems.returnId,
      orderItemId: returnItems.orderItemId,
      productId: returnItems.productId,
      productName: returnItems.productName,
      quantity: returnItems.quantity,
      unitPrice: returnItems.unitPrice,
      vatRate: returnItems.vatRate,
      orderedQuantity: orderItems.quantity,
      orderedTotal: orderItems.total,
    })
    .from(returnItems)
    .leftJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(returnItems.returnId), asc(returnItems.id))
    .all();
}

function itemJson(item: ItemRow): AdminReturnItemJson {
  return {
    id: item.id,
    orderItemId: item.orderItemId,
    productId: item.productId,
    productName: item.productName,
    quantity: item.quantity,
    unitPrice: toDecimalString(item.unitPrice),
    vatRate: toDecimalString(item.vatRate),
    lineValue: toDecimalString(returnedLineValue(returnedLine(item)).gross),
  };
}

function selectAdminReturns(db: DB) {
  return db
    .select({ ...returnColumns, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(returns)
    .leftJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(users, eq(users.id, returns.userId));
}

function withItems(db: DB, rows: AdminReturnRow[]): AdminReturnJson[] {
  const byReturn = new Map<number, AdminReturnItemJson[]>(rows.map((row) => [row.id, []]));
  for (const item of itemRows(db, rows.map((row) => row.id))) byReturn.get(item.returnId)?.push(itemJson(item));
  return rows.map((row) => {
    const { items: _ignored, ...base } = returnJson(row, []);
    return {
      ...base,
      userId: row.userId,
      customer: row.email === null ? null : { firstName: row.firstName, lastName: row.lastName, email: row.email },
      items: byReturn.get(row.id) ?? [],
    };
  });
}

// ─── Reading ────────────────────────────────────────────────────────────────

type AdminReturnsPage = {
  items: AdminReturnJson[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Newest first, optionally one status; a page past the end shows the last page. */
export function listAdminReturns(
  db: DB,
  query: Partial<AdminReturnListQuery> = {},
  pageSize = ADMIN_RETURNS_PAGE_SIZE,
): AdminReturnsPage {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(returns.status, query.status));
  if (query.order) conditions.push(eq(returns.orderId, query.order));
  const where = conditions.length ? and(...conditions) : undefined;
  const total = db.select({ n: count() }).from(returns).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1) || 1), pageCount);
  const rows = selectAdminReturns(db)
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items: withItems(db, rows), total, page, pageCount, pageSize };
}

type ReturnCounts = Record<AdminReturnStatus, number>;

/** How many returns are in each status (Pending = requested). */
export function countReturnsByStatus(db: DB): ReturnCounts {
  const counts = Object.fromEntries(ADMIN_RETURN_STATUSES.map((status) => [status, 0])) as ReturnCounts;
  for (const row of db.select({ status: returns.status, n: count() }).from(returns).groupBy(returns.status).all()) {
    counts[row.status] = row.n;
  }
  return counts;
}

export function getAdminReturn(db: DB, id: number): AdminReturnJson | null {
  const row = selectAdminReturns(db).where(eq(returns.id, id)).get();
  return row ? withItems(db, [row])[0]! : null;
}

// ─── Changing ───────────────────────────────────────────────────────────────

export const storeSuccess = (result: Result<unknown>) => result.ok;

export function reread(db: DB, result: Result<{ id: number }>): Result<AdminReturnJson> {
  if (!result.ok) return result;
  const found = getAdminReturn(db, result.value.id);
  return found ? ok(found) : fail(404, RETURN_NOT_FOUND);
}

/**
 * Update Status: sets requested, approved or rejected and the admin notes (undefined keeps them, null clears
 * them). 404 for an unknown return; 409 once it is completed or rejected. Audited with before and after.
 */
export async function updateReturnStatus(
  db: DB,
  actor: Actor,
  id: number,
  input: ReturnStatusUpdate,
  key: string | null = null,
): Promise<Result<AdminReturnJson>> {
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.returnStatus, id), key, command: input },
    (tx): Result<{ id: number; decided: boolean }> => {
      const existing = tx
        .select({ status: returns.status, adminNotes: returns.adminNotes })
        .from(returns)
        .where(eq(returns.id, id))
        .get();
      if (!existing) return fail(404, RETURN_NOT_FOUND);
      if (existing.status === "completed" || existing.status === "rejected") {
        return fail(409, finalStatusMessage(existing.status), "status");
      }
      const adminNotes = input.adminNotes === undefined ? existing.adminNotes : input.adminNotes;
      tx.update(returns)
        .set({ status: input.status, adminNotes, updatedAt: new Date() })
        .where(eq(returns.id, id))
        .run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "return.status_updated",
        entityType: "return",
        entityId: id,
        details: {
          before: { status: existing.status, adminNotes: existing.adminNotes },
          after: { status: input.status, adminNotes },
        },
      });
      return ok({ id, decided: existing.status !== input.status && input.status !== "requested" });
    },
    storeSuccess,
  );
  if (result.ok && !replayed && result.value.decided && input.status !== "requested") {
    await sendReturnEventEmail(db, id, input.status);
  }
  return reread(db, result);
}
