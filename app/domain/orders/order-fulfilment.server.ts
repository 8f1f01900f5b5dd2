/**
 * Moving orders on in the back office: one order's status, many orders' status at once, and the tracking
 * details (decisions "Orders", "Loyalty", "Invoices").
 * - Moving an order to cancelled goes through cancelOrder: its stock comes back, its invoice is voided, its
 *   points are reversed and its voucher is given back. A cancelled order cannot be reopened (its stock and
 *   invoice were released), so moving it anywhere else is refused with 409.
 * - The status selector may move a pending-approval order straight on (the spec allows any status from any):
 *   that counts as approving it, so it gets its invoice and points like an approval.
 * - Delivered sets deliveredAt; moving a delivered order back clears it.
 * Every change is audited in its own transaction, and every command runs once per idempotency key.
 * - Once committed, the customer is emailed when the order is approved, shipped or cancelled, and when the
 *   tracking of a shipped order changes; a repeated request sends nothing again.
 */
import { eq, inArray } from "drizzle-orm";
import { orders, type OrderStatus } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { areaForStatusChange, staffMay, STATUS_CHANGE_REFUSED_MESSAGE } from "~/domain/users/staff-roles";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { AdminStatusOption, BulkStatusOption, TrackingInput } from "./order-fulfilment.schema";
import { releaseForProcessing } from "./order-approvals.server";
import { heldOrderMessage } from "~/domain/credit/credit-holds.server";
import { proFormaUnpaid } from "~/domain/credit/pro-forma.server";
import { matchingOrderIds, ORDER_NOT_FOUND_MESSAGE } from "./order-list.server";
import { BULK_TOO_MANY_MESSAGE, MAX_BULK_ORDERS, NO_ORDERS_FOUND, type OrderSelection } from "./order-list.schema";
import { ADMIN_ONLY_MESSAGE, cancelOrder } from "./cancel-order.server";
import { sendOrderEventEmail, statusChangeEvent } from "./order-status-emails.server";

export const CANNOT_REOPEN_MESSAGE =
  "A cancelled order cannot be reopened: its stock was returned and its invoice voided. Ask the customer to place a new order.";


type Actor = SessionUser;
type OrderRow = typeof orders.$inferSelect;

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: Result<unknown>) => result.ok;

/** After the change has committed (never on a replay): the email the move means for the customer, if any. */
async function tellCustomer(db: DB, orderId: number, from: OrderStatus, to: OrderStatus) {
  const event = statusChangeEvent(from, to);
  if (event) await sendOrderEventEmail(db, orderId, event);
}

/**
 * Why this move is refused before anything is written, or null: a held order leaves credit hold only by a release
 * (or a cancel); a pro forma order is not shipped (nor marked delivered) before its invoice is paid.
 */
function moveRefusal(tx: DB, order: OrderRow, status: OrderStatus): string | null {
  if (order.status === status) return null;
  if (order.status === "on_hold") return heldOrderMessage(order.orderNumber);
  if ((status === "shipped" || status === "delivered") && order.status !== "shipped" && order.status !== "delivered") {
    const waiting = proFormaUnpaid(tx, order);
    if (waiting) return waiting;
  }
  return null;
}

/** Moves a (not cancelled) order to a status other than cancelled, inside the caller's transaction. */
function moveOrder(tx: DB, actor: Actor, order: OrderRow, status: Exclude<OrderStatus, "cancelled" | "pending_approval" | "on_hold">) {
  const now = new Date();
  const released = order.status === "pending_approval" ? releaseForProcessing(tx, order, now) : null;
  const deliveredAt = status === "delivered" ? (order.status === "delivered" ? order.deliveredAt : now) : null;
  tx.update(orders).set({ status, deliveredAt, updatedAt: now }).where(eq(orders.id, order.id)).run();
  recordAudit(tx, {
    actorId: actor.id,
    action: "order.status_updated",
    entityType: "order",
    entityId: order.id,
    details: {
      orderNumber: order.orderNumber,
      from: order.status,
      to: status,
      ...(released ? { approved: true, invoiceNumber: released.invoiceNumber, pointsEarned: released.pointsEarned } : {}),
    },
  });
}

type StatusChange = { orderId: number; orderNumber: string; previousStatus: OrderStatus; status: OrderStatus };

/**
 * Sets an order's status (admins). Cancelled goes through cancelOrder; a cancelled order cannot be
 * reopened (409); choosing the status it already has changes nothing.
 */
export async function updateOrderStatus(
  db: DB,
  actor: Actor,
  id: number,
  status: AdminStatusOption,
  key: string | null = null,
): Promise<Result<StatusChange>> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderStatus, id), key, command: { id, status } },
    (tx): Result<StatusChange> => {
      const order = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
      const change = { orderId: order.id, orderNumber: order.orderNumber, previousStatus: order.status, status };
      if (order.status === status) return ok(change);
      if (!staffMay(actor.staffRole, areaForStatusChange(order.status, status))) return fail(403, STATUS_CHANGE_REFUSED_MESSAGE, "status");
      if (order.status === "cancelled") return fail(409, CANNOT_REOPEN_MESSAGE, "status");
      if (status === "cancelled") {
        // cancelOrder's own transaction nests as a savepoint of this one; it writes its own audit entry
        const cancelled = cancelOrder(tx, actor, order.id);
        return cancelled.ok ? ok(change) : cancelled;
      }
      const refused = moveRefusal(tx, order, status);
      if (refused) return fail(409, refused, "status");
      moveOrder(tx, actor, order, status);
      return ok(change);
    },
    storeSuccess,
  );
  if (result.ok && !replayed) await tellCustomer(db, result.value.orderId, result.value.previousStatus, status);
  return result;
}

type BulkStatusChange = {
  status: BulkStatusOption;
  updated: number;
  orderNumbers: string[];
  /** the orders that moved, with where they were */
  moved: { orderId: number; previousStatus: OrderStatus }[];
};

/**
 * Gives every selected order (the ticked ids, or every order the list's filter matches, read inside the
 * transaction) the same status (processing, shipped or delivered) in one transaction: if any order is
 * missing or cancelled, or the filter matches more than the toolbar may change at once, nothing changes.
 */
export async function bulkUpdateStatus(
  db: DB,
  actor: Actor,
  selection: OrderSelection,
  status: BulkStatusOption,
  key: string | null = null,
): Promise<Result<BulkStatusChange>> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.orderBulkStatus, key, command: { selection, status } },
    (tx): Result<BulkStatusChange> => {
      const unique = [...new Set("ids" in selection ? selection.ids : matchingOrderIds(tx, selection.filter))];
      if (unique.length === 0) return fail(404, NO_ORDERS_FOUND, "ids");
      if (unique.length > MAX_BULK_ORDERS) return fail(400, BULK_TOO_MANY_MESSAGE, "ids");
      const found = new Map<number, OrderRow>();
      for (let i = 0; i < unique.length; i += 500) {
        for (const row of tx.select().from(orders).where(inArray(orders.id, unique.slice(i, i + 500))).all()) {
          found.set(row.id, row);
        }
      }
      const missing = unique.filter((id) => !found.has(id));
      if (missing.length > 0) {
        return fail(404, `${missing.length === 1 ? "Order" : "Orders"} not found: ${missing.join(", ")}`, "ids");
      }
      const cancelled = unique.map((id) => found.get(id)!).filter((order) => order.status === "cancelled");
      if (cancelled.length > 0) {
        return fail(
          409,
          `A cancelled order cannot be reopened: ${cancelled.map((order) => order.orderNumber).join(", ")}. Nothing was changed.`,
          "ids",
        );
      }
      // moving a pending-approval order on approves it: not the warehouse's call
      const decided = unique.map((id) => found.get(id)!).filter((order) => !staffMay(actor.staffRole, areaForStatusChange(order.status, status)));
      if (decided.length > 0) {
        return fail(403, `${STATUS_CHANGE_REFUSED_MESSAGE} (${decided.map((order) => order.orderNumber).join(", ")}) Nothing was changed.`, "ids");
      }
      const refusals = unique.map((id) => moveRefusal(tx, found.get(id)!, status)).filter((message): message is string => message !== null);
      if (refusals.length > 0) return fail(409, `${refusals.join(" ")} Nothing was changed.`, "ids");
      const changed: string[] = [];
      const moved: BulkStatusChange["moved"] = [];
      for (const id of unique) {
        const order = found.get(id)!;
        if (order.status === status) continue;
        moveOrder(tx, actor, order, status);
        changed.push(order.orderNumber);
        moved.push({ orderId: order.id, previousStatus: order.status });
      }
      return ok({ status, updated: changed.length, orderNumbers: changed, moved });
    },
    storeSuccess,
  );
  if (result.ok && !replayed) {
    for (const { orderId, previousStatus } of result.value.moved) await tellCustomer(db, orderId, previousStatus, status);
  }
  return result;
}

// ─── Tracking ───────────────────────────────────────────────────────────────

const TRACKING_KEYS = ["trackingNumber", "carrier", "trackingUrl", "estimatedDelivery"] as const;
/** the fields a customer follows a parcel by; a new estimate alone is not worth an email */
const FOLLOWED_KEYS = ["trackingNumber", "carrier", "trackingUrl"] as const;

/** Sets the fields given (null clears one); the others stay as they are. */
type TrackingChange = {
  orderId: number;
  orderNumber: string;
  /** the order has shipped and how to follow it changed: the customer is told */
  customerTold: boolean;
};

export async function updateTracking(
  db: DB,
  actor: Actor,
  id: number,
  input: TrackingInput,
  key: string | null = null,
): Promise<Result<TrackingChange>> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderTracking, id), key, command: input },
    (tx): Result<TrackingChange> => {
      const order = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
      const changes: Partial<Record<(typeof TRACKING_KEYS)[number], string | null>> = {};
      const before: Record<string, string | null> = {};
      for (const name of TRACKING_KEYS) {
        const value = input[name];
        if (value === undefined || value === order[name]) continue;
        changes[name] = value;
        before[name] = order[name];
      }
      if (Object.keys(changes).length > 0) {
        tx.update(orders)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(orders.id, order.id))
          .run();
        recordAudit(tx, {
          actorId: actor.id,
          action: "order.tracking_updated",
          entityType: "order",
          entityId: order.id,
          details: { orderNumber: order.orderNumber, before, after: changes },
        });
      }
      const customerTold = order.status === "shipped" && FOLLOWED_KEYS.some((name) => name in changes);
      return ok({ orderId: order.id, orderNumber: order.orderNumber, customerTold });
    },
    storeSuccess,
  );
  if (result.ok && !replayed && result.value.customerTold) await sendOrderEventEmail(db, result.value.orderId, "tracking");
  return result;
}
