/**
 * A customer's own orders: the /account/orders page, the order list and items APIs, and Reorder (from the
 * order history and from quick order's Reorder tab).
 *
 * Every query here is scoped to the signed-in customer. Another customer's order is answered exactly like
 * an order that does not exist (404 "Order not found"), so ids reveal nothing.
 */
import { and, asc, count, desc, eq, gt, inArray, or } from "drizzle-orm";
import { orderItems, orders, users } from "~db/schema";
import { orderQuoteLabel } from "~/domain/quotes/quote-read.server";
import { personName, visibleTo } from "~/domain/companies/companies.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { addLinesToCart, leftOutLines, type BulkCartLine } from "~/domain/cart/cart-bulk.server";
import { bulkAddNotice, lineName, type LeftOutLine, type ShortLine, type PackAdjustedLine } from "~/domain/cart/cart-words";
import { type CartOwner } from "~/domain/cart/cart-lines.server";
import type { SelectedVariants } from "~/domain/cart/cart.schema";
import { buyerFor, type Buyer } from "~/domain/pricing/pricing.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { firstIssue } from "~/utils/http.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import type { Toast } from "~/utils/session.server";
import { customerOrdersWhere } from "./order-history-filters.server";
import {
  DEFAULT_ORDER_LIST_LIMIT,
  FAILED_TO_FETCH_ORDER_ITEMS,
  MAX_ORDER_LIST_LIMIT,
  ORDER_HISTORY_PAGE_SIZE,
  ORDER_NOT_FOUND,
  reorderSchema,
  type OrderHistoryFilters,
} from "./order-history.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

// ─── JSON shapes ────────────────────────────────────────────────────────────

/** An order line as the API shows it: money and rates as 2-decimal strings. */
export type OrderItemJson = {
  id: number;
  /** null when the product has since been deleted */
  productId: number | null;
  productName: string;
  /** the product's code when ordered; null when it had none */
  sku: string | null;
  quantity: number;
  /** ex VAT */
  unitPrice: string;
  /** "20.00" */
  vatRate: string;
  /** the line's total ex VAT (after any voucher share) */
  total: string;
  selectedVariants: SelectedVariants;
};

/** An order as the API shows it (spec §3), with its lines. */
export type OrderJson = {
  id: number;
  orderNumber: string;
  createdAt: string;
  status: string;
  subtotal: string;
  vatAmount: string;
  total: string;
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
  /** the buyer's purchase-order reference, or null */
  poReference: string | null;
  /** instructions for the delivery, or null */
  deliveryNotes: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  /** a calendar date, YYYY-MM-DD */
  estimatedDelivery: string | null;
  trackingUrl: string | null;
  /** a loyalty voucher's discount, already taken off the subtotal ("0.00" when none) */
  discountAmount: string;
  /** a free-shipping voucher was used */
  freeShipping: boolean;
  /** the delivery charge ex VAT and its VAT ("0.00" when free), both already in vatAmount and total */
  deliveryCharge: string;
  deliveryVat: string;
  /** while the order is on credit hold: why (docs/decisions/0071); null otherwise */
  holdReason: string | null;
  /** the quote the order accepted, "QT-00012 v2", at whose prices it was placed; null otherwise */
  quote: string | null;
  items: OrderItemJson[];
};

/** A line of GET /api/orders/{id}/items: what a reorder or a template needs. */
export type CustomerOrderItemJson = Omit<OrderItemJson, "id">;

/** One order of the history page, with the name of the person of the company who placed it. */
export type OrderHistoryEntry = OrderJson & { placedBy?: string | null };

// ─── Reading orders ─────────────────────────────────────────────────────────

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  subtotal: orders.subtotal,
  vatAmount: orders.vatAmount,
  total: orders.total,
  discountAmount: orders.discountAmount,
  freeShipping: orders.freeShipping,
  deliveryChargePence: orders.deliveryChargePence,
  deliveryVatPence: orders.deliveryVatPence,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  shippingAddress: orders.shippingAddress,
  shippingCity: orders.shippingCity,
  shippingPostcode: orders.shippingPostcode,
  poReference: orders.poReference,
  deliveryNotes: orders.deliveryNotes,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
  estimatedDelivery: orders.estimatedDelivery,
  trackingUrl: orders.trackingUrl,
  holdReason: orders.holdReason,
  quote: orderQuoteLabel,
};

const itemColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  productId: orderItems.productId,
  productName: orderItems.productName,
  sku: orderItems.sku,
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  vatRate: orderItems.vatRate,
  total: orderItems.total,
  selectedVariants: orderItems.selectedVariants,
};

type OrderRow = {
  [K in Exclude<keyof typeof orderColumns, "quote">]: (typeof orders.$inferSelect)[K];
} & { quote: string | null };
type ItemRow = {
  [K in keyof typeof itemColumns]: (typeof orderItems.$inferSelect)[K];
};

/** Stored variants are JSON; anything that is not a name → option map reads as no variants. */
function variantsOf(value: unknown): SelectedVariants {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: SelectedVariants = {};
  for (const [name, option] of Object.entries(value)) {
    if (typeof option === "string") out[name] = option;
  }
  return out;
}

function itemJson(row: ItemRow): OrderItemJson {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    quantity: row.quantity,
    unitPrice: toDecimalString(row.unitPrice),
    vatRate: toDecimalString(row.vatRate),
    total: toDecimalString(row.total),
    selectedVariants: variantsOf(row.selectedVariants),
  };
}

function orderJson(row: OrderRow, items: OrderItemJson[]): OrderJson {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    subtotal: toDecimalString(row.subtotal),
    vatAmount: toDecimalString(row.vatAmount),
    total: toDecimalString(row.total),
    shippingName: row.shippingName,
    shippingEmail: row.shippingEmail,
    shippingAddress: row.shippingAddress,
    shippingCity: row.shippingCity,
    shippingPostcode: row.shippingPostcode,
    poReference: row.poReference,
    deliveryNotes: row.deliveryNotes,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    estimatedDelivery: row.estimatedDelivery,
    trackingUrl: row.trackingUrl,
    discountAmount: toDecimalString(row.discountAmount),
    freeShipping: row.freeShipping,
    deliveryCharge: toDecimalString(row.deliveryChargePence),
    deliveryVat: toDecimalString(row.deliveryVatPence),
    holdReason: row.status === "on_hold" ? row.holdReason : null,
    quote: row.quote,
    items,
  };
}

/** The lines of many orders with one query, grouped by order and in the order they were written. */
function itemsByOrder(db: DB, orderIds: number[]): Map<number, OrderItemJson[]> {
  const grouped = new Map<number, OrderItemJson[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return grouped;
  const rows = db
    .select(itemColumns)
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    .all();
  for (const row of rows) grouped.get(row.orderId)?.push(itemJson(row));
  return grouped;
}

function clamp(value: number | undefined, min: number, max: number, fallback: number) {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** A page of the customer's order rows, newest first (ties broken by id, so pages never overlap). */
function customerOrderRows(
  db: DB,
  userId: string,
  limit: number,
  offset: number,
  filters?: OrderHistoryFilters,
): OrderRow[] {
  return db
    .select(orderColumns)
    .from(orders)
    .where(customerOrdersWhere(userId, filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset)
    .all();
}

/**
 * The customer's orders, newest first, each with its lines (one query for the lines of the whole page).
 * `limit` is 1–100 (20 when not given); `offset` skips that many of the newest; `filters` narrow the list.
 */
export function listCustomerOrders(
  db: DB,
  userId: string,
  options: { limit?: number; offset?: number; filters?: OrderHistoryFilters } = {},
): OrderJson[] {
  const limit = clamp(options.limit, 1, MAX_ORDER_LIST_LIMIT, DEFAULT_ORDER_LIST_LIMIT);
  const offset = clamp(options.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const rows = customerOrderRows(db, userId, limit, offset, options.filters);
  const items = itemsByOrder(db, rows.map((row) => row.id));
  return rows.map((row) => orderJson(row, items.get(row.id) ?? []));
}

/**
 * One order in the API's shape, or null when there is no such order (or, with `userId`, it is someone
 * else's).
 */
export function findOrderJson(db: DB, orderId: number, userId?: string): OrderJson | null {
  const row = db
    .select(orderColumns)
    .from(orders)
    .where(userId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), visibleTo(userId, orders.userId, orders.companyId)))
    .get();
  return row ? orderJson(row, orderItemRows(db, row.id).map(itemJson)) : null;
}

/** How many orders the customer has placed (that match the filters, when given). */
export function countCustomerOrders(db: DB, userId: string, filters?: OrderHistoryFilters): number {
  const row = db.select({ value: count() }).from(orders).where(customerOrdersWhere(userId, filters)).get();
  return row?.value ?? 0;
}

/**
 * Which page of the history (newest first, `pageSize` a page) holds one of the customer's orders, or
 * null when it is not theirs.
 */
export function orderHistoryPageOf(
  db: DB,
  userId: string,
  orderId: number,
  pageSize = ORDER_HISTORY_PAGE_SIZE,
  filters?: OrderHistoryFilters,
): number | null {
  const order = db
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), customerOrdersWhere(userId, filters)))
    .get();
  if (!order) return null;
  const newer = db
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        customerOrdersWhere(userId, filters),
        or(gt(orders.createdAt, order.createdAt), and(eq(orders.createdAt, order.createdAt), gt(orders.id, orderId))),
      ),
    )
    .get();
  return Math.floor((newer?.value ?? 0) / pageSize) + 1;
}

export type OrderHistoryPage = {
  orders: OrderHistoryEntry[];
  total: number;
  /** the page shown: the one asked for, or the last page when that is past the end */
  page: number;
  pageCount: number;
};

/** One page of the order history screen, filtered when `filters` are given. */
export function customerOrderHistoryPage(
  db: DB,
  userId: string,
  { page, pageSize = ORDER_HISTORY_PAGE_SIZE, filters }: { page: number; pageSize?: number; filters?: OrderHistoryFilters },
): OrderHistoryPage {
  const total = countCustomerOrders(db, userId, filters);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = customerOrderRows(db, userId, pageSize, (current - 1) * pageSize, filters);
  const ids = rows.map((row) => row.id);
  const items = itemsByOrder(db, ids);
  const placers = placersOf(db, ids);
  return {
    orders: rows.map((row) => ({ ...orderJson(row, items.get(row.id) ?? []), placedBy: placers.get(row.id) ?? null })),
    total,
    page: current,
    pageCount,
  };
}

/** Who placed each order, by name (null for an order written for no person). */
function placersOf(db: DB, orderIds: number[]): Map<number, string> {
  if (orderIds.length === 0) return new Map();
  const rows = db
    .select({ id: orders.id, name: personName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, orderIds))
    .all();
  return new Map(rows.map((row) => [row.id, row.name]));
}

function findCustomerOrder(db: DB, userId: string, orderId: number) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(userId, orders.userId, orders.companyId)))
    .get();
}

function orderItemRows(db: DB, orderId: number): ItemRow[] {
  return db
    .select(itemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .all();
}

/** The lines of one of the customer's orders; 404 "Order not found" when there is no such order of theirs. */
export function getCustomerOrderItems(db: DB, userId: string, orderId: number): Result<CustomerOrderItemJson[]> {
  if (!findCustomerOrder(db, userId, orderId)) return fail(404, ORDER_NOT_FOUND);
  return ok(
    orderItemRows(db, orderId).map((row) => {
      const { id: _id, ...item } = itemJson(row);
      return item;
    }),
  );
}

// ─── Reorder ────────────────────────────────────────────────────────────────

export type ReorderOutcome = {
  /** how many of the order's lines went into the cart (some perhaps short) */
  added: number;
  /** distinct products and units put in */
  products: number;
  units: number;
  /** lines short of stock: what was asked and what went in (0 when none could be had) */
  short: ShortLine[];
  /** lines a pack rule moved to the nearest quantity it allows */
  adjusted: PackAdjustedLine[];
  /** the lines left out (deleted products, options no longer offered), named with their options, and why */
  leftOut: LeftOutLine[];
};

/**
 * Puts the lines of one of the customer's orders back in a cart in one go, each priced today for this
 * buyer (never at the old order's price) and checked against today's stock. A line short of stock puts in
 * what there is and is named as short; lines whose product was deleted or whose options no longer exist
 * are left out and named. 404 "Order not found" when the order is not the user's. For a signed-in cart the
 * whole reorder is one transaction.
 */
export function reorderIntoCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  userId: string,
  orderId: number,
): Result<ReorderOutcome> {
  const run = (tx: DB): Result<ReorderOutcome> => {
    if (!findCustomerOrder(tx, userId, orderId)) return fail(404, ORDER_NOT_FOUND);
    const gone: LeftOutLine[] = [];
    const lines: BulkCartLine[] = [];
    for (const line of orderItemRows(tx, orderId)) {
      const selectedVariants = variantsOf(line.selectedVariants);
      if (line.productId === null) gone.push({ name: lineName(line.productName, selectedVariants), reason: "no longer available" });
      else lines.push({ productId: line.productId, productName: line.productName, quantity: line.quantity, selectedVariants });
    }
    const { added, products, units, short, adjusted, skipped } = addLinesToCart(tx, owner, buyer, lines, { upTo: true });
    return ok({ added, products, units, short, adjusted, leftOut: [...gone, ...leftOutLines(skipped)] });
  };
  return owner.kind === "user" ? writeTransaction(db, run) : run(db);
}

/**
 * The notice after a reorder: "Added 3 products (14 units) to your cart", then what was short
 * ("Short: Nitrile Gloves (asked 10, added 4); Blue Roll: out of stock.") and what was left out.
 */
export function reorderToast(outcome: ReorderOutcome): Toast {
  const { title, details } = bulkAddNotice(outcome);
  if (title === null) {
    return { title: "Nothing added to cart", description: details || "This order has no items to add.", variant: "destructive" };
  }
  return details ? { title, description: details, variant: "default" } : { title, variant: "default" };
}

export type ReorderSubmission = {
  /** the order was the user's and its lines were tried (some may have been skipped) */
  ok: boolean;
  /** the order asked for, once the post named a valid id */
  orderId: number | null;
  /** lines added to the cart */
  added: number;
  toast: Toast;
};

/**
 * A Reorder button's post, as every screen with one handles it (order history, quick order): checks the
 * posted `intent` and `orderId` with the schema, runs the reorder once per idempotency key (a repeat
 * replays the first outcome and adds nothing), and says what happened in a notice.
 */
export function submitReorder(
  db: DB,
  user: SessionUser,
  owner: CartOwner,
  input: { intent: unknown; orderId: unknown; idempotencyKey: string | null },
): ReorderSubmission {
  const parsed = reorderSchema.safeParse({ intent: input.intent, orderId: input.orderId });
  if (!parsed.success) {
    return {
      ok: false,
      orderId: null,
      added: 0,
      toast: { title: FAILED_TO_FETCH_ORDER_ITEMS, description: firstIssue(parsed.error).message, variant: "destructive" },
    };
  }
  const { orderId } = parsed.data;
  const { result } = runOnce(
    db,
    // one key is issued per page view; scoping it by order keeps two orders' Reorder buttons apart
    { ownerId: user.id, scope: scopeFor(REPEAT_SCOPE.reorder, orderId), key: input.idempotencyKey, command: parsed.data },
    (tx) => reorderIntoCart(tx, owner, buyerFor(tx, user), user.id, orderId),
    (outcome) => outcome.ok,
  );
  if (!result.ok) {
    return {
      ok: false,
      orderId,
      added: 0,
      toast: { title: FAILED_TO_FETCH_ORDER_ITEMS, description: result.message, variant: "destructive" },
    };
  }
  return { ok: true, orderId, added: result.value.added, toast: reorderToast(result.value) };
}
