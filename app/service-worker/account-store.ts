/**
 * One account's data on the device, in IndexedDB (docs/decisions/0077 and 0078): a database per account
 * (`offline-<key>`), so signing out, or another buyer signing in, deletes it whole. Two stores:
 * - `price-list`: one record, the price list as the server sent it, its ETag and when it was fetched;
 * - `queue`: the orders made offline, one record per order keyed by its idempotency key (order-queue.ts).
 * Used by the service worker and by the page (the same origin sees the same databases), through `idb`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { accountDatabaseName } from "./offline-rules";
import { isUnsent, type QueuedOrder } from "./order-queue-rules";

/** 1: the price list (0077); 2: the order queue (0078). */
const VERSION = 2;
const PRICE_LIST = "price-list";
const QUEUE = "queue";
const RECORD = "current";

export type StoredPriceList = {
  /** the JSON body, as sent */
  body: string;
  etag: string | null;
  /** when the server made it (its Date header), ISO */
  storedAt: string;
  /** when it was last fetched or confirmed unchanged (304), ms */
  checkedAt: number;
};

interface AccountSchema extends DBSchema {
  [PRICE_LIST]: { key: string; value: StoredPriceList };
  [QUEUE]: { key: string; value: QueuedOrder; indexes: { status: string } };
}

export type AccountDatabase = IDBPDatabase<AccountSchema>;

export function openAccount(key: string): Promise<AccountDatabase> {
  return openDB<AccountSchema>(accountDatabaseName(key), VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(PRICE_LIST);
      if (oldVersion < 2) db.createObjectStore(QUEUE, { keyPath: "key" }).createIndex("status", "status");
    },
    // another tab (or the worker) deletes or upgrades the database: let it, and open it again next time
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase | null)?.close();
    },
  });
}

async function withAccount<T>(key: string, work: (db: AccountDatabase) => Promise<T>): Promise<T> {
  const db = await openAccount(key);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/**
 * Whether the account's database is on the device. Reads check first: opening a database creates it, and a read
 * racing a sign-out must not leave an empty database of that account behind.
 */
async function exists(key: string): Promise<boolean> {
  if (typeof indexedDB.databases !== "function") return true;
  return (await indexedDB.databases()).some((db) => db.name === accountDatabaseName(key));
}

export async function readPriceList(key: string): Promise<StoredPriceList | null> {
  if (!(await exists(key))) return null;
  return (await withAccount(key, (db) => db.get(PRICE_LIST, RECORD))) ?? null;
}

export async function writePriceList(key: string, record: StoredPriceList): Promise<void> {
  await withAccount(key, (db) => db.put(PRICE_LIST, record, RECORD));
}

// ─── The order queue ──────────────────────────────────────────────────────────────────────────────────────────

/** Every order kept on the device, oldest first. */
export async function listQueue(key: string): Promise<QueuedOrder[]> {
  if (!(await exists(key))) return [];
  const all = await withAccount(key, (db) => db.getAll(QUEUE));
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function addToQueue(key: string, order: QueuedOrder): Promise<void> {
  await withAccount(key, (db) => db.add(QUEUE, order));
}

/**
 * Changes one order in a single readwrite transaction: `change` sees the record as it is now and answers the
 * new record (written), null (deleted) or undefined (left alone). Two tabs (or a tab and the worker) that race
 * are serialised by IndexedDB, so only one sees "waiting" and makes it "sending". Answers what was written.
 */
export async function updateQueued(
  key: string,
  orderKey: string,
  change: (current: QueuedOrder | undefined) => QueuedOrder | null | undefined,
): Promise<{ before: QueuedOrder | undefined; after: QueuedOrder | null | undefined }> {
  if (!(await exists(key))) return { before: undefined, after: undefined };
  return withAccount(key, async (db) => {
    const tx = db.transaction(QUEUE, "readwrite");
    const before = await tx.store.get(orderKey);
    const after = change(before);
    if (after === null) await tx.store.delete(orderKey);
    else if (after !== undefined) await tx.store.put(after);
    await tx.done;
    return { before, after };
  });
}

/**
 * Replaces one order with another in a single transaction (a draft confirmed: a new key), when `change` answers
 * the replacement for the record as it is now; answers the replacement, or null when nothing changed.
 */
export async function replaceQueued(
  key: string,
  orderKey: string,
  change: (current: QueuedOrder | undefined) => QueuedOrder | null,
): Promise<QueuedOrder | null> {
  if (!(await exists(key))) return null;
  return withAccount(key, async (db) => {
    const tx = db.transaction(QUEUE, "readwrite");
    const replacement = change(await tx.store.get(orderKey));
    if (replacement) {
      await tx.store.add(replacement);
      await tx.store.delete(orderKey);
    }
    await tx.done;
    return replacement;
  });
}

/** Deletes an account's database (price list, queue and all). */
export function deleteAccountData(key: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(accountDatabaseName(key));
    // blocked: another tab still has it open; it closes it at once (`blocking` above) and the deletion goes on
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * A session that ended without Log Out: the account's price list goes, its unsent orders stay for when it signs
 * in again (and the database with them); with none unsent the whole database goes.
 */
export async function keepOnlyUnsentOrders(key: string): Promise<void> {
  if (!(await exists(key))) return;
  const unsent = await withAccount(key, async (db) => {
    const left = (await db.getAll(QUEUE)).filter(isUnsent).length;
    if (left > 0) await db.clear(PRICE_LIST);
    return left;
  }).catch(() => 0);
  if (unsent === 0) await deleteAccountData(key);
}

/** Every account database on the device (where the browser can list them), for the purge at sign-out. */
export async function accountDatabaseKeys(): Promise<string[]> {
  if (typeof indexedDB.databases !== "function") return [];
  const list = await indexedDB.databases();
  return list.map((db) => db.name ?? "").filter((name) => name.startsWith("offline-")).map((name) => name.slice("offline-".length));
}
