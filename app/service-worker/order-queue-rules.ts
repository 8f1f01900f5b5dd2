/**
 * The order queue's rules (docs/decisions/0078), pure and shared by the page and the service worker: what a
 * queued order holds, the body it is sent with (frozen when it is made), what each reply from POST /api/orders
 * makes of it, and when a send that never finished may be tried again. No browser API here: unit-tested.
 */
import type { PriceListDelivery } from "~/domain/pricing/price-list";
import { withVat } from "~/utils/money";

export const ORDER_QUEUE_SYNC_TAG = "order-queue";
/** The channel the page and the worker tell each other on that the queue changed. */
export const ORDER_QUEUE_CHANNEL = "order-queue";
/** The header the device sends with a queued order: the account it was kept under (the server checks it is the signed-in one). */
export const QUEUE_ACCOUNT_HEADER = "X-Offline-Key";
/** A send that has not finished in this long was cut off (a tab closed, the worker stopped): it is tried again, with the same key. */
export const SENDING_STALE_MS = 15_000;
export const WAITING_PAGE_PATH = "/account/orders/waiting";

export type QueuedStatus = "waiting" | "sending" | "sent" | "draft" | "refused";

type Money = { exVat: number; incVat: number };

export type QueuedLine = {
  productId: number;
  sku: string;
  name: string;
  quantity: number;
  /** the unit price shown, ex VAT pence, and with its VAT */
  unitPrice: number;
  unitPriceIncVat: number;
  vatRate: number;
};

export type PriceDifference = { productId: number; sku: string | null; name: string; quantity: number; shown: Money; now: Money };
export type StockShortage = { productId: number; sku: string | null; name: string; requested: number; available: number };

export type QueuedOrder = {
  /** the Idempotency-Key it is sent with, made on the device when it was queued */
  key: string;
  createdAt: string;
  status: QueuedStatus;
  /** the request body, frozen: every send is the same bytes, so the server's repeat-safety answers a repeat */
  body: string;
  lines: QueuedLine[];
  /** the goods as shown, ex and inc VAT (delivery is worked out by the server) */
  goods: Money;
  delivery: PriceListDelivery;
  poReference: string | null;
  /** when the current send began (ms), while status is "sending" */
  sendingSince: number | null;
  attempts: number;
  /** why the last send did not go through, for the buyer */
  problem: string | null;
  /** once placed (or sent for approval) */
  orderNumber: string | null;
  orderId: number | null;
  sentAt: string | null;
  /** a draft: what changed */
  differences: PriceDifference[];
  stock: StockShortage[];
};

export type NewQueuedOrder = {
  key: string;
  now: Date;
  lines: QueuedLine[];
  delivery: PriceListDelivery;
  poReference: string | null;
};

/** A queued order, its body frozen with the prices shown as each line's expected price. */
export function makeQueuedOrder({ key, now, lines, delivery, poReference }: NewQueuedOrder): QueuedOrder {
  const body = JSON.stringify({
    ...delivery,
    ...(poReference ? { poReference } : {}),
    items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity, expectedUnitPrice: line.unitPrice })),
  });
  const goods = lines.reduce(
    (sum, line) => ({ exVat: sum.exVat + line.quantity * line.unitPrice, incVat: sum.incVat + withVat(line.quantity * line.unitPrice, line.vatRate) }),
    { exVat: 0, incVat: 0 },
  );
  return {
    key,
    createdAt: now.toISOString(),
    status: "waiting",
    body,
    lines,
    goods,
    delivery,
    poReference,
    sendingSince: null,
    attempts: 0,
    problem: null,
    orderNumber: null,
    orderId: null,
    sentAt: null,
    differences: [],
    stock: [],
  };
}

/** Whether a sender may take this order now: waiting, or a send cut off long enough ago. */
export function maySend(order: QueuedOrder | undefined, now: number): order is QueuedOrder {
  if (!order) return false;
  if (order.status === "waiting") return true;
  return order.status === "sending" && (order.sendingSince === null || now - order.sendingSince >= SENDING_STALE_MS);
}

/** waiting → sending, in the caller's transaction. */
export function claimed(order: QueuedOrder, now: number): QueuedOrder {
  return { ...order, status: "sending", sendingSince: now, attempts: order.attempts + 1 };
}

export const PROBLEM_OFFLINE = "No connection: it will be sent when this device is back online.";
export const PROBLEM_SIGN_IN = "Your session has ended: sign in to send it (it stays on this device until then).";
export const OTHER_ACCOUNT_MESSAGE =
  "This order was kept on this device for another account: sign in as the buyer who made it to send it.";
export const PROBLEM_SERVER = "The shop could not take it just now: it will be tried again.";

/** What a reply (or a failed request: null) makes of an order being sent. */
export function afterReply(
  order: QueuedOrder,
  reply: { status: number; body: unknown } | null,
  now: Date,
): QueuedOrder {
  const base = { ...order, sendingSince: null };
  if (!reply) return { ...base, status: "waiting", problem: PROBLEM_OFFLINE };
  const body = (reply.body ?? {}) as {
    id?: unknown;
    orderNumber?: unknown;
    message?: unknown;
    differences?: unknown;
    stock?: unknown;
  };
  const message = typeof body.message === "string" ? body.message : null;
  if (reply.status >= 200 && reply.status < 300) {
    return {
      ...base,
      status: "sent",
      problem: reply.status === 202 ? message : null,
      orderId: reply.status === 202 ? null : typeof body.id === "number" ? body.id : null,
      orderNumber: typeof body.orderNumber === "string" ? body.orderNumber : null,
      sentAt: now.toISOString(),
    };
  }
  if (reply.status === 409 && (Array.isArray(body.differences) || Array.isArray(body.stock))) {
    return {
      ...base,
      status: "draft",
      problem: message,
      differences: Array.isArray(body.differences) ? (body.differences as PriceDifference[]) : [],
      stock: Array.isArray(body.stock) ? (body.stock as StockShortage[]) : [],
    };
  }
  if (reply.status === 401) return { ...base, status: "waiting", problem: PROBLEM_SIGN_IN };
  if (reply.status === 403 && (body as { field?: unknown }).field === QUEUE_ACCOUNT_HEADER) {
    return { ...base, status: "waiting", problem: OTHER_ACCOUNT_MESSAGE };
  }
  // the shop busy (409), too many requests, or the server failing: try again later, same key
  if (reply.status >= 500 || reply.status === 429 || reply.status === 409 || reply.status === 408) {
    return { ...base, status: "waiting", problem: PROBLEM_SERVER };
  }
  // refused for good (a pack rule, the minimum order, the account): nothing placed; the buyer reads why
  return { ...base, status: "refused", problem: message ?? `The shop refused it (${reply.status}).` };
}

/**
 * A draft confirmed at today's prices: a new order (new key, so the old key stays bound to its refused body),
 * each line at the price now, and only as many as are in stock (a line with none left is dropped).
 */
export function confirmedDraft(draft: QueuedOrder, key: string, now: Date): QueuedOrder | null {
  const prices = new Map(draft.differences.map((difference) => [difference.productId, difference.now]));
  const available = new Map(draft.stock.map((short) => [short.productId, short.available]));
  const lines = draft.lines
    .map((line) => {
      const price = prices.get(line.productId);
      const left = available.get(line.productId);
      return {
        ...line,
        quantity: left === undefined ? line.quantity : Math.min(line.quantity, left),
        ...(price ? { unitPrice: price.exVat, unitPriceIncVat: price.incVat } : {}),
      };
    })
    .filter((line) => line.quantity > 0);
  if (lines.length === 0) return null;
  return makeQueuedOrder({ key, now, lines, delivery: draft.delivery, poReference: draft.poReference });
}

/** Orders that count as "waiting to send" for the header and the sign-out confirm. */
export function isUnsent(order: QueuedOrder): boolean {
  return order.status === "waiting" || order.status === "sending" || order.status === "draft";
}

/** "1 order waiting to send" / "3 orders waiting to send". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? "order" : "orders"} waiting to send`;
}
