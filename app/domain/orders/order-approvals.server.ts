/**
 * The approval queue: orders of customers whose orders need an admin's approval (decision "Accounts").
 * Approving moves a pending-approval order to processing, sets approvedAt, issues its invoice and credits
 * its points; rejecting cancels it (stock back). Any other status answers 409. Each runs once per key, and
 * once committed the customer is emailed that the order was approved or not.
 */
import { asc, count, eq } from "drizzle-orm";
import { orders, users } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { issueSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { earnPointsForOrder } from "~/domain/loyalty/points.server";
import { estimatedDeliveryFor } from "~/domain/ordering/expected-delivery.server";
import { ADMIN_ORDERS_PAGE_SIZE } from "./order-list.schema";
import { ORDER_NOT_FOUND_MESSAGE, orderContactJson, paged, type Page } from "./order-list.server";
import { ADMIN_ONLY_MESSAGE, cancelOrder, type CancelledOrder } from "./cancel-order.server";
import { statusLabel } from "./order-status";
import { sendOrderEventEmail } from "./order-status-emails.server";

function notAwaitingApprovalMessage(orderNumber: string, status: string) {
  return `Order ${orderNumber} is not awaiting approval (it is ${statusLabel(status)})`;
}

type Actor = SessionUser;
type OrderRow = typeof orders.$inferSelect;

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: Result<unknown>) => result.ok;

type PendingApprovalOrder = {
  id: number;
  orderNumber: string;
  userId: string | null;
  accountEmail: string | null;
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
  total: number;
  createdAt: Date;
};

/** The orders waiting for approval, oldest first (the queue's order), 25 a page. */
export function listPendingApprovalOrders(
  db: DB,
  { page = 1 }: { page?: number } = {},
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Page<PendingApprovalOrder> {
  const where = eq(orders.status, "pending_approval");
  const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0;
  return paged(total, page, pageSize, (offset) =>
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        userId: orders.userId,
        accountEmail: users.email,
        shippingName: orders.shippingName,
        shippingEmail: orders.shippingEmail,
        shippingAddress: orders.shippingAddress,
        shippingCity: orders.shippingCity,
        shippingPostcode: orders.shippingPostcode,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(pageSize)
      .offset(offset)
      .all(),
  );
}

/** How many orders wait for approval (the Orders screen links to the queue with this count). */
export function countPendingApprovalOrders(db: DB): number {
  return db.select({ n: count() }).from(orders).where(eq(orders.status, "pending_approval")).get()?.n ?? 0;
}

/** A pending-approval order as GET /api/admin/orders/pending-approval shows it (spec §3). */
export function pendingApprovalJson(order: PendingApprovalOrder) {
  return {
    ...orderContactJson(order),
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingPostcode: order.shippingPostcode,
    total: toDecimalString(order.total),
    createdAt: order.createdAt.toISOString(),
  };
}

/** What a pending-approval order gets once an admin lets it through: its invoice and its points. */
export function releaseForProcessing(tx: DB, order: OrderRow, now: Date) {
  // not dispatched before it is approved, so its expected delivery counts from now (unless an admin set one)
  const estimatedDelivery = order.estimatedDelivery ?? estimatedDeliveryFor(tx, now);
  tx.update(orders).set({ approvedAt: now, estimatedDelivery, updatedAt: now }).where(eq(orders.id, order.id)).run();
  const invoice = issueSalesInvoiceForOrder(tx, order.id);
  const pointsEarned = earnPointsForOrder(tx, {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    subtotal: order.subtotal,
  });
  return { invoiceNumber: invoice.invoiceNumber, pointsEarned };
}


type ApprovedOrder = {
  orderId: number;
  orderNumber: string;
  status: "processing";
  invoiceNumber: string;
  pointsEarned: number;
};

/**
 * Approves a pending-approval order: processing, approvedAt, its invoice issued and its points credited,
 * in one transaction. Any other status answers 409.
 */
export async function approveOrder(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
): Promise<Result<ApprovedOrder>> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderApprove, id), key, command: { id } },
    (tx): Result<ApprovedOrder> => {
      const order = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
      if (order.status !== "pending_approval") return fail(409, notAwaitingApprovalMessage(order.orderNumber, order.status));
      const now = new Date();
      const released = releaseForProcessing(tx, order, now);
      tx.update(orders).set({ status: "processing", updatedAt: now }).where(eq(orders.id, order.id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "order.approved",
        entityType: "order",
        entityId: order.id,
        details: { orderNumber: order.orderNumber, ...released },
      });
      return ok({ orderId: order.id, orderNumber: order.orderNumber, status: "processing", ...released });
    },
    storeSuccess,
  );
  if (result.ok && !replayed) await sendOrderEventEmail(db, result.value.orderId, "approved");
  return result;
}

/** Rejects a pending-approval order: it is cancelled (its stock comes back). Any other status answers 409. */
export async function rejectOrder(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
): Promise<Result<CancelledOrder>> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderReject, id), key, command: { id } },
    (tx): Result<CancelledOrder> => {
      const order = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
      if (order.status !== "pending_approval") return fail(409, notAwaitingApprovalMessage(order.orderNumber, order.status));
      const cancelled = cancelOrder(tx, actor, order.id);
      if (!cancelled.ok) return cancelled;
      recordAudit(tx, {
        actorId: actor.id,
        action: "order.rejected",
        entityType: "order",
        entityId: order.id,
        details: { orderNumber: order.orderNumber, unitsRestocked: cancelled.value.unitsRestocked },
      });
      return cancelled;
    },
    storeSuccess,
  );
  if (result.ok && !replayed) await sendOrderEventEmail(db, result.value.orderId, "rejected");
  return result;
}
