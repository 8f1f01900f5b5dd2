/**
 * One account's price list on the device, in IndexedDB (docs/decisions/0077): a database per account
 * (`offline-<key>`), so signing out deletes it whole. One record: the reply body as the server sent it, its ETag
 * and when it was fetched. The order queue (0078) gets its own store in the same database.
 */
import { accountDatabaseName } from "./offline-rules";

const VERSION = 1;
const STORE = "price-list";
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

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openAccount(key: string): Promise<IDBDatabase> {
  const request = indexedDB.open(accountDatabaseName(key), VERSION);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
  };
  return done(request);
}

async function withStore<T>(key: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openAccount(key);
  try {
    return await done(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

export async function readPriceList(key: string): Promise<StoredPriceList | null> {
  const record = await withStore(key, "readonly", (store) => store.get(RECORD) as IDBRequest<StoredPriceList | undefined>);
  return record ?? null;
}

export async function writePriceList(key: string, record: StoredPriceList): Promise<void> {
  await withStore(key, "readwrite", (store) => store.put(record, RECORD));
}

/** Deletes an account's database (price list and all). */
export function deleteAccountData(key: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(accountDatabaseName(key));
    // blocked: another tab still has it open; it is deleted when that closes it, and nothing reads it meanwhile
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Every account database on the device (where the browser can list them), for the purge at sign-out. */
export async function accountDatabaseKeys(): Promise<string[]> {
  if (typeof indexedDB.databases !== "function") return [];
  const list = await indexedDB.databases();
  return list.map((db) => db.name ?? "").filter((name) => name.startsWith("offline-")).map((name) => name.slice("offline-".length));
}
