/**
 * The back office's orders: the paginated list, one order's detail, status changes (one or many), tracking
 * details, and the approval queue for customers whose orders need an admin's approval.
 *
 * Rules (decisions "Orders", "Accounts", "Loyalty", "Invoices"):
 * - Moving an order to cancelled goes through cancelOrder: its stock comes back, its invoice is voided, its
 *   points are reversed and its voucher is given back. A cancelled order cannot be reopened (its stock and
 *   invoice were released), so moving it anywhere else is refused with 409.
 * - Approving a pending-approval order moves it to processing, sets approvedAt, issues its invoice and
 *   credits its points; rejecting cancels it (stock back). Any other status answers 409.
 * - The status selector may move a pending-approval order straight on (the spec allows any status from any):
 *   that counts as approving it, so it gets its invoice and points like an approval.
 * - Delivered sets deliveredAt; moving a delivered order back clears it.
 * Every change is audited in its own transaction, and every command runs once per idempotency key.
 */
import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { orderItems, orders, salesInvoices, users, type OrderStatus } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { csvDownload, failureResponse, firstIssue, jsonError } from "~/utils/http.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  exportIdsFrom,
  type AdminStatusOption,
  type BulkStatusOption,
  type OrderListQuery,
  type TrackingInput,
} from "./order-desk.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { issueSalesInvoiceForOrder, ukToday } from "~/domain/invoices/invoices.server";
import { earnPointsForOrder } from "~/domain/loyalty/points.server";
import { ADMIN_ONLY_MESSAGE, cancelOrder, type CancelledOrder } from "./orders.server";
import { statusLabel } from "./order-status";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export const ORDER_NOT_FOUND_MESSAGE = "Order not found";
export const CANNOT_REOPEN_MESSAGE =
  "A cancelled order cannot be reopened: its stock was returned and its invoice voided. Ask the customer to place a new order.";

export function notAwaitingApprovalMessage(orderNumber: string, status: string) {
  return `Order ${orderNumber} is not awaiting approval (it is ${statusLabel(status)})`;
}

type Actor = SessionUser;

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: Result<unknown>) => result.ok;

// ─── Reading ────────────────────────────────────────────────────────────────

const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  /** the account's email; null for orders without an account (walk-in sales) */
  accountEmail: users.email,
  status: orders.status,
  subtotal: orders.subtotal,
  vatAmount: orders.vatAmount,
  total: orders.total,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  createdAt: orders.createdAt,
};

export type AdminOrderSummary = {
  [K in keyof typeof summaryColumns]: K extends "accountEmail" ? string | null : (typeof orders.$inferSelect)[K & keyof typeof orders.$inferSelect];
};

export type Page<T> = { items: T[]; total: number; page: number; pageCount: number; pageSize: number };

/** `%term%` for LIKE, with the wildcards in the term itself taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function like(column: SQL | SQLiteColumn, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function paged<T>(total: number, requested: number, pageSize: number, load: (offset: number) => T[]): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { items: load((page - 1) * pageSize), total, page, pageCount, pageSize };
}

/**
 * Orders matching ?q= (order number, the customer's email, the shipping email or name; a bare number also
 * matches the order id) and ?status=, newest first, 25 a page.
 */
export function listAdminOrders(
  db: DB,
  query: Partial<OrderListQuery>,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Page<AdminOrderSummary> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const matches: SQL[] = [
      like(orders.orderNumber, pattern),
      like(sql`coalesce(${users.email}, '')`, pattern),
      like(orders.shippingEmail, pattern),
      like(orders.shippingName, pattern),
    ];
    const bare = q.replace(/^#/, "");
    if (/^\d{1,15}$/.test(bare)) matches.push(eq(orders.id, Number(bare)));
    conditions.push(or(...matches)!);
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where).get()?.n ?? 0;
  return paged(total, query.page ?? 1, pageSize, (offset) =>
    db
      .select(summaryColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset(offset)
      .all(),
  );
}

export type AdminOrderDetail = typeof orders.$inferSelect & {
  items: (typeof orderItems.$inferSelect)[];
  customer: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    businessName: string | null;
    phone: string | null;
  } | null;
  invoice: { id: number; invoiceNumber: string; status: string } | null;
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
          businessName: users.businessName,
          phone: users.phone,
        })
        .from(users)
        .where(eq(users.id, order.userId))
        .get() ?? null)
    : null;
  const invoice =
    db
      .select({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber, status: salesInvoices.status })
      .from(salesInvoices)
      .where(eq(salesInvoices.orderId, id))
      .get() ?? null;
  return { ...order, items, customer, invoice };
}

export type PendingApprovalOrder = {
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

// ─── JSON ───────────────────────────────────────────────────────────────────

/** A list row as the admin API shows it: money as 2-decimal strings, instants as ISO strings. */
export function adminOrderSummaryJson(order: AdminOrderSummary) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    customerEmail: order.accountEmail ?? order.shippingEmail,
    shippingName: order.shippingName,
    shippingEmail: order.shippingEmail,
    status: order.status,
    subtotal: toDecimalString(order.subtotal),
    vatAmount: toDecimalString(order.vatAmount),
    total: toDecimalString(order.total),
    createdAt: order.createdAt.toISOString(),
  };
}
export type AdminOrderSummaryJson = ReturnType<typeof adminOrderSummaryJson>;

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
    shippingName: order.shippingName,
    shippingEmail: order.shippingEmail,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingPostcode: order.shippingPostcode,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    estimatedDelivery: order.estimatedDelivery,
    invoice: order.invoice,
    approvedAt: iso(order.approvedAt),
    cancelledAt: iso(order.cancelledAt),
    deliveredAt: iso(order.deliveredAt),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      selectedVariants: item.selectedVariants,
      quantity: item.quantity,
      unitPrice: toDecimalString(item.unitPrice),
      vatRate: toDecimalString(item.vatRate),
      vatAmount: toDecimalString(item.vatAmount),
      total: toDecimalString(item.total),
    })),
  };
}
export type AdminOrderJson = ReturnType<typeof adminOrderJson>;

/** A pending-approval order as GET /api/admin/orders/pending-approval shows it (spec §3). */
export function pendingApprovalJson(order: PendingApprovalOrder) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    customerEmail: order.accountEmail ?? order.shippingEmail,
    shippingName: order.shippingName,
    shippingEmail: order.shippingEmail,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingPostcode: order.shippingPostcode,
    total: toDecimalString(order.total),
    createdAt: order.createdAt.toISOString(),
  };
}

// ─── Changing status ────────────────────────────────────────────────────────

type OrderRow = typeof orders.$inferSelect;

/** What a pending-approval order gets once an admin lets it through: its invoice and its points. */
function releaseForProcessing(tx: DB, order: OrderRow, now: Date) {
  tx.update(orders).set({ approvedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).run();
  const invoice = issueSalesInvoiceForOrder(tx, order.id);
  const pointsEarned = earnPointsForOrder(tx, {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: order.userId,
    subtotal: order.subtotal,
  });
  return { invoiceNumber: invoice.invoiceNumber, pointsEarned };
}

/** Moves a (not cancelled) order to a status other than cancelled, inside the caller's transaction. */
function moveOrder(tx: DB, actor: Actor, order: OrderRow, status: Exclude<OrderStatus, "cancelled" | "pending_approval">) {
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

export type StatusChange = { orderId: number; orderNumber: string; previousStatus: OrderStatus; status: OrderStatus };

/**
 * Sets an order's status (admins). Cancelled goes through cancelOrder; a cancelled order cannot be
 * reopened (409); choosing the status it already has changes nothing.
 */
export function updateOrderStatus(
  db: DB,
  actor: Actor,
  id: number,
  status: AdminStatusOption,
  key: string | null = null,
): Result<StatusChange> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderStatus, id), key },
    (tx): Result<StatusChange> => {
      const order = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!order) return fail(404, ORDER_NOT_FOUND_MESSAGE);
      const change = { orderId: order.id, orderNumber: order.orderNumber, previousStatus: order.status, status };
      if (order.status === status) return ok(change);
      if (order.status === "cancelled") return fail(409, CANNOT_REOPEN_MESSAGE, "status");
      if (status === "cancelled") {
        // cancelOrder's own transaction nests as a savepoint of this one; it writes its own audit entry
        const cancelled = cancelOrder(tx, actor, order.id);
        return cancelled.ok ? ok(change) : cancelled;
      }
      moveOrder(tx, actor, order, status);
      return ok(change);
    },
    storeSuccess,
  ).result;
}

export type BulkStatusChange = { status: BulkStatusOption; updated: number; orderNumbers: string[] };

/**
 * Gives every listed order the same status (processing, shipped or delivered) in one transaction: if any
 * order is missing or cancelled, nothing changes.
 */
export function bulkUpdateStatus(
  db: DB,
  actor: Actor,
  ids: readonly number[],
  status: BulkStatusOption,
  key: string | null = null,
): Result<BulkStatusChange> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  const unique = [...new Set(ids)];
  return runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.orderBulkStatus, key },
    (tx): Result<BulkStatusChange> => {
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
      const changed: string[] = [];
      for (const id of unique) {
        const order = found.get(id)!;
        if (order.status === status) continue;
        moveOrder(tx, actor, order, status);
        changed.push(order.orderNumber);
      }
      return ok({ status, updated: changed.length, orderNumbers: changed });
    },
    storeSuccess,
  ).result;
}

// ─── Tracking ───────────────────────────────────────────────────────────────

const TRACKING_KEYS = ["trackingNumber", "carrier", "trackingUrl", "estimatedDelivery"] as const;

/** Sets the fields given (null clears one); the others stay as they are. */
export function updateTracking(
  db: DB,
  actor: Actor,
  id: number,
  input: TrackingInput,
  key: string | null = null,
): Result<{ orderId: number; orderNumber: string }> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderTracking, id), key },
    (tx): Result<{ orderId: number; orderNumber: string }> => {
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
      return ok({ orderId: order.id, orderNumber: order.orderNumber });
    },
    storeSuccess,
  ).result;
}

// ─── Approvals ──────────────────────────────────────────────────────────────

export type ApprovedOrder = {
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
export function approveOrder(db: DB, actor: Actor, id: number, key: string | null = null): Result<ApprovedOrder> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderApprove, id), key },
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
  ).result;
}

/** Rejects a pending-approval order: it is cancelled (its stock comes back). Any other status answers 409. */
export function rejectOrder(db: DB, actor: Actor, id: number, key: string | null = null): Result<CancelledOrder> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.orderReject, id), key },
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
  ).result;
}

// ─── Exports ────────────────────────────────────────────────────────────────

export type CsvExport = { csv: string; fileName: string; count: number };

/**
 * The answer of a CSV door for the orders named by `?ids=1,2,3`: 400 (on "ids") without a valid list, the
 * export's own refusal (e.g. 404 naming an id that is not an order), else the download.
 */
export function csvDownloadForIds(
  db: DB,
  params: URLSearchParams,
  build: (db: DB, ids: readonly number[]) => Result<CsvExport>,
) {
  const ids = exportIdsFrom(params);
  if (!ids.success) return jsonError(400, firstIssue(ids.error).message, "ids");
  const result = build(db, ids.data);
  if (!result.ok) return failureResponse(result);
  return csvDownload(result.value);
}


function loadOrdersByIds(db: DB, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = new Map<number, AdminOrderSummary>();
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of db
      .select(summaryColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, unique.slice(i, i + 500)))
      .all()) {
      found.set(row.id, row);
    }
  }
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    return fail(404, `${missing.length === 1 ? "Order" : "Orders"} not found: ${missing.join(", ")}`, "ids");
  }
  // oldest first: the order they came in
  return ok(
    [...found.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id),
  );
}

/** A cell that a spreadsheet would otherwise run as a formula (=, +, -, @) is written as text. */
function safeCell(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The selected orders as CSV (spec §3 "Order export row": id, customerId, customerEmail, status, subtotal,
 * vatAmount, total, createdAt, with the order number after the id). Money as 2-decimal pounds.
 */
export function exportOrdersCsv(db: DB, ids: readonly number[], today = ukToday()): Result<CsvExport> {
  const loaded = loadOrdersByIds(db, ids);
  if (!loaded.ok) return loaded;
  const csv = stringify(
    loaded.value.map((order) => [
      order.id,
      order.orderNumber,
      order.userId ?? "",
      safeCell(order.accountEmail ?? order.shippingEmail),
      order.status,
      toDecimalString(order.subtotal),
      toDecimalString(order.vatAmount),
      toDecimalString(order.total),
      order.createdAt.toISOString(),
    ]),
    {
      header: true,
      columns: ["id", "orderNumber", "customerId", "customerEmail", "status", "subtotal", "vatAmount", "total", "createdAt"],
    },
  );
  return ok({ csv, fileName: `orders-${today}.csv`, count: loaded.value.length });
}

export const NOTHING_TO_PICK_MESSAGE = "The selected orders are all cancelled: there is nothing to pick.";

/**
 * What to take off the shelves for the selected orders (spec §3 "Picking list row": productId,
 * productName, variants, totalQuantity, orderIds), one row per product and variant choice, by product
 * name. Cancelled orders are left out: their stock is back on the shelf.
 */
export function pickingListCsv(db: DB, ids: readonly number[], today = ukToday()): Result<CsvExport> {
  const loaded = loadOrdersByIds(db, ids);
  if (!loaded.ok) return loaded;
  const live = loaded.value.filter((order) => order.status !== "cancelled");
  if (live.length === 0) return fail(409, NOTHING_TO_PICK_MESSAGE, "ids");
  const numbers = new Map(live.map((order) => [order.id, order.orderNumber]));
  const lines = db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      selectedVariants: orderItems.selectedVariants,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...numbers.keys()]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    .all();
  type Pick = { productId: number | null; productName: string; variants: string; totalQuantity: number; orderIds: number[] };
  const picks = new Map<string, Pick>();
  for (const line of lines) {
    const variants = Object.entries(line.selectedVariants ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}: ${value}`)
      .join("; ");
    const key = `${line.productId ?? line.productName}|${variants}`;
    const pick = picks.get(key) ?? { productId: line.productId, productName: line.productName, variants, totalQuantity: 0, orderIds: [] };
    pick.totalQuantity += line.quantity;
    if (!pick.orderIds.includes(line.orderId)) pick.orderIds.push(line.orderId);
    picks.set(key, pick);
  }
  const rows = [...picks.values()].sort(
    (a, b) => a.productName.localeCompare(b.productName) || a.variants.localeCompare(b.variants),
  );
  const csv = stringify(
    rows.map((pick) => [
      pick.productId ?? "",
      safeCell(pick.productName),
      safeCell(pick.variants),
      pick.totalQuantity,
      pick.orderIds.join(" "),
      pick.orderIds.map((id) => numbers.get(id)).join(" "),
    ]),
    { header: true, columns: ["productId", "productName", "variants", "totalQuantity", "orderIds", "orderNumbers"] },
  );
  return ok({ csv, fileName: `picking-list-${today}.csv`, count: live.length });
}
