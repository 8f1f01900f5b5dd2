/**
 * The order queue's work (docs/decisions/0078), shared by the page and the service worker: keep an order made
 * offline, send what is waiting, cancel one, confirm a draft. Every sender (a tab's `online` handler or start,
 * a second tab, the worker's `sync` or start) runs `sendQueue`; an order moves waiting → sending inside one
 * IndexedDB transaction, so exactly one of them sends it, always with the key and body it was made with.
 */
import { addToQueue, listQueue, replaceQueued, updateQueued } from "./account-store";
import {
  afterReply,
  claimed,
  confirmedDraft,
  maySend,
  ORDER_QUEUE_CHANNEL,
  ORDER_QUEUE_SYNC_TAG,
  QUEUE_ACCOUNT_HEADER,
  SENDING_STALE_MS,
  type QueuedOrder,
} from "./order-queue-rules";

const ORDERS_PATH = "/api/orders";

/** Tells every tab (and the worker) that the queue changed. */
export function announceQueueChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(ORDER_QUEUE_CHANNEL);
  channel.postMessage({ type: "changed" });
  channel.close();
}

/** Asks for a Background Sync where the browser has one (Chrome, Edge); elsewhere `online` and the app's start send it. */
export async function askBackgroundSync(registration: ServiceWorkerRegistration | null | undefined): Promise<void> {
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null | undefined)?.sync;
  await sync?.register(ORDER_QUEUE_SYNC_TAG).catch(() => undefined);
}

export async function queueOrder(accountKey: string, order: QueuedOrder): Promise<void> {
  await addToQueue(accountKey, order);
  announceQueueChange();
}

/** One order, if this sender wins it: sent, and the reply written back. Answers whether it was this sender's. */
async function sendOne(accountKey: string, orderKey: string): Promise<boolean> {
  const now = Date.now();
  const claim = await updateQueued(accountKey, orderKey, (current) => (maySend(current, now) ? claimed(current, now) : undefined));
  const mine = claim.after;
  if (!mine) return false;
  announceQueueChange();
  let reply: { status: number; body: unknown } | null = null;
  try {
    const response = await fetch(ORDERS_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": mine.key,
        [QUEUE_ACCOUNT_HEADER]: accountKey,
      },
      body: mine.body,
    });
    reply = { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    reply = null; // no connection: it stays waiting
  }
  await updateQueued(accountKey, orderKey, (current) =>
    // only the send that claimed it writes its outcome (a stale claim may have been taken over since)
    current && current.status === "sending" && current.sendingSince === mine.sendingSince ? afterReply(current, reply, new Date()) : undefined,
  );
  announceQueueChange();
  return true;
}

let running: Promise<number | null> | null = null;

/**
 * Sends every order this device holds for the account that may be sent now, one after another. Answers in how
 * many ms an order another sender holds as "sending" may be taken over (a send cut off by a closed tab or a
 * stopped worker), or null when none is: the page tries again then.
 */
export function sendQueue(accountKey: string): Promise<number | null> {
  running ??= (async () => {
    try {
      const queue = await listQueue(accountKey);
      for (const order of queue) {
        if (maySend(order, Date.now())) await sendOne(accountKey, order.key);
      }
      const held = (await listQueue(accountKey)).filter((order) => order.status === "sending" && order.sendingSince !== null);
      if (held.length === 0) return null;
      return Math.max(0, Math.min(...held.map((order) => order.sendingSince! + SENDING_STALE_MS - Date.now())));
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Cancels an order not yet sent (or clears a sent, refused or draft one from the list); false while it is being sent. */
export async function cancelQueued(accountKey: string, orderKey: string): Promise<boolean> {
  const { after } = await updateQueued(accountKey, orderKey, (current) => (current && current.status !== "sending" ? null : undefined));
  announceQueueChange();
  return after === null;
}

/** The buyer confirmed a draft: it becomes a new waiting order (new key) at today's prices. */
export async function confirmDraft(accountKey: string, orderKey: string, newKey: string): Promise<QueuedOrder | null> {
  const replacement = await replaceQueued(accountKey, orderKey, (current) =>
    current && current.status === "draft" ? confirmedDraft(current, newKey, new Date()) : null,
  );
  announceQueueChange();
  return replacement;
}
