/**
 * The back office's returns: the list with counts by status, Update Status (requested, approved, rejected,
 * with admin notes) and Complete. Completing an approved return is one write transaction: the return is
 * marked completed with its refund (inc VAT, 0 for an exchange), the returned units of a refund go back into
 * stock (an exchange sends the same goods out again, so its stock does not change), the
 * refunded value's points are taken back from the order, and the change is audited. A completed or rejected
 * return cannot be moved again. Once committed, the customer is emailed when the return is approved, rejected
 * or completed (with the refund); a repeated request sends nothing again.
 */
import { creditNoteSplit, issueCreditNote } from "~/domain/invoices/credit-notes.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { FINANCIAL_ACCOUNT_NOT_FOUND } from "~/domain/invoices/invoice-books.server";
import { financialAccountExists } from "~/domain/finance/financial-accounts.server";
import type { CompleteReturnInput } from "./return-processing.schema";
import { catchRefusal } from "~/domain/orders/order-writing.server";
import { writeReplacementOrder } from "./exchange-replacement.server";
import { addStock } from "~/domain/catalog/stock-movements.server";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, products, returnItems, returns, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import {
  ADMIN_RETURN_STATUSES,
  ADMIN_RETURNS_PAGE_SIZE,
  completeRefusedMessage,
  finalStatusMessage,
  RETURN_NOT_FOUND,
  type AdminReturnListQuery,
  type AdminReturnStatus,
  type ReturnStatusUpdate,
} from "./return-processing.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { pointsHeldByOrder, reversePointsForReturn } from "~/domain/loyalty/points.server";
import { returnedLine, returnedLineValue, returnValue } from "./return-refund";
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

type AdminReturnJson = Omit<ReturnJson, "items"> & {
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

// ─── Completing: what it will do ───────────────────────────────────────────

type CompletionPlan = {
  /** inc VAT, pence; 0 for an exchange */
  refundAmount: number;
  /** ex VAT, pence: the credit note's subtotal (0 for an exchange) */
  refundNet: number;
  /** the refund's credit note: set against the invoice while it owes (applied), the rest paid back (refunded) */
  credit: { invoiceNumber: string | null; owed: number; appliedAmount: number; refundedAmount: number };
  /** units going back per product that still exists; none for an exchange (the replacement goes out) */
  restock: { productId: number; quantity: number }[];
  /** points the order gives back: floor of the refunded value ex VAT in pounds, capped by what it still holds */
  points: number;
};

function planCompletion(tx: DB, row: { id: number; orderId: number; returnType: "refund" | "exchange" }): CompletionPlan {
  const items = itemRows(tx, [row.id]);
  const value = returnValue(row.returnType, items.map(returnedLine));
  const units = new Map<number, number>();
  // an exchange's goods come back too; its replacement order then takes the same units out again
  for (const item of items) {
    if (item.productId !== null) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  }
  const existing =
    units.size === 0
      ? new Set<number>()
      : new Set(
          tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, [...units.keys()]))
            .all()
            .map((product) => product.id),
        );
  const split = creditNoteSplit(tx, row.orderId, value.refundAmount);
  return {
    refundAmount: value.refundAmount,
    refundNet: row.returnType === "refund" ? value.net : 0,
    credit: {
      invoiceNumber: split.invoice?.invoiceNumber ?? null,
      owed: split.owed,
      appliedAmount: split.appliedAmount,
      refundedAmount: split.refundedAmount,
    },
    restock: [...units]
      .filter(([productId]) => existing.has(productId))
      .sort(([a], [b]) => a - b)
      .map(([productId, quantity]) => ({ productId, quantity })),
    points: value.points > 0 ? Math.min(value.points, pointsHeldByOrder(tx, row.orderId)) : 0,
  };
}

/** What completing an approved return would do, for the confirm step; null when it cannot be completed. */
export function previewCompletion(db: DB, id: number): CompletionPlan | null {
  const row = db
    .select({ id: returns.id, orderId: returns.orderId, returnType: returns.returnType, status: returns.status })
    .from(returns)
    .where(eq(returns.id, id))
    .get();
  return row && row.status === "approved" ? planCompletion(db, row) : null;
}

// ─── Changing ───────────────────────────────────────────────────────────────

const storeSuccess = (result: Result<unknown>) => result.ok;

function reread(db: DB, result: Result<{ id: number }>): Result<AdminReturnJson> {
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

/**
 * Complete: only for an approved return (409 otherwise, and for one already completed, so nothing is done
 * twice). In one write transaction: status completed with completedAt and the refund amount, the returned
 * units back into stock, the refunded value's points taken back from the order, the refund's credit note
 * (set against its invoice while that still owes; the rest paid back from `financialAccountId`, or posted to
 * Suspense when none is named) with its journals, and the audit entry. 400 for an unknown account.
 */
export async function completeReturn(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
  input: CompleteReturnInput = {},
): Promise<Result<AdminReturnJson>> {
  // an exchange's replacement order can be short of stock: that refuses the whole completion
  const outcome = catchRefusal(() =>
    runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.returnComplete, id), key, command: { id, ...input } },
      (tx): Result<{ id: number }> => {
        const row = tx
          .select({
            id: returns.id,
            orderId: returns.orderId,
            returnType: returns.returnType,
            status: returns.status,
            returnNumber: returns.returnNumber,
            orderNumber: orders.orderNumber,
            orderUserId: orders.userId,
            orderStatus: orders.status,
          })
          .from(returns)
          .leftJoin(orders, eq(orders.id, returns.orderId))
          .where(eq(returns.id, id))
          .get();
        if (!row) return fail(404, RETURN_NOT_FOUND);
        if (row.status !== "approved") return fail(409, completeRefusedMessage(row.status), "status");
        // a cancelled order already had its stock back and its invoice voided: completing would do both twice
        if (row.orderStatus === "cancelled") {
          return fail(409, `Order ${row.orderNumber} was cancelled, so this return cannot be completed`, "status");
        }

        if (input.financialAccountId !== undefined && !financialAccountExists(tx, input.financialAccountId)) {
          return fail(400, FINANCIAL_ACCOUNT_NOT_FOUND, "financialAccountId");
        }
        const plan = planCompletion(tx, row);
        const now = new Date();
        // conditional on the status read above, so two admins completing at once cannot both succeed
        const moved = tx
          .update(returns)
          .set({ status: "completed", completedAt: now, refundAmount: plan.refundAmount, updatedAt: now })
          .where(and(eq(returns.id, id), eq(returns.status, "approved")))
          .run();
        if (moved.changes === 0) return fail(409, completeRefusedMessage("completed"), "status");

        for (const { productId, quantity } of plan.restock) {
          addStock(tx, productId, quantity, { reason: "return", returnId: id, orderId: row.orderId, userId: actor.id, at: now });
        }
        const replacement = row.returnType === "exchange" ? writeReplacementOrder(tx, id, now) : null;
        const creditNote =
          row.returnType === "refund"
            ? issueCreditNote(tx, {
                returnId: id,
                returnNumber: row.returnNumber,
                orderId: row.orderId,
                customerId: row.orderUserId,
                net: plan.refundNet,
                gross: plan.refundAmount,
                issueDate: ukToday(now),
                refundAccountId: input.financialAccountId ?? null,
                createdBy: actor.id,
              })
            : null;
        const pointsReversed = row.orderNumber
          ? reversePointsForReturn(
              tx,
              { id: row.orderId, orderNumber: row.orderNumber, userId: row.orderUserId },
              id,
              plan.points,
            )
          : 0;

        recordAudit(tx, {
          actorId: actor.id,
          action: "return.completed",
          entityType: "return",
          entityId: id,
          details: {
            orderId: row.orderId,
            returnType: row.returnType,
            refundAmount: toDecimalString(plan.refundAmount),
            restocked: plan.restock,
            pointsReversed,
            replacementOrder: replacement?.orderNumber ?? null,
            creditNote: creditNote
              ? {
                  number: creditNote.creditNoteNumber,
                  invoiceNumber: creditNote.invoiceNumber,
                  applied: creditNote.appliedAmount,
                  refunded: creditNote.refundedAmount,
                  refundAccountId: creditNote.refundedAmount > 0 ? (input.financialAccountId ?? null) : null,
                }
              : null,
          },
        });
        return ok({ id });
      },
      storeSuccess,
    ),
  );
  if (!outcome.ok) return outcome;
  const { result, replayed } = outcome.value;
  if (result.ok && !replayed) await sendReturnEventEmail(db, id, "completed");
  return reread(db, result);
}
