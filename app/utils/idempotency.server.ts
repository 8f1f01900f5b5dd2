/**
 * Repeat-safe writes. Every mutating form carries a server-issued key (a hidden `idempotencyKey` input);
 * API clients send an `Idempotency-Key` header. The first request with a key does the work and stores its
 * result in the same transaction; a repeat (double click, a retry after a dropped reply) gets that stored
 * result back and writes nothing new.
 */
import crypto from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { idempotencyKeys } from "~db/schema";
import { writeTransaction, type DB } from "./db.server";
import { jsonError } from "./http.server";

import { IDEMPOTENCY_FIELD } from "./idempotency";

export { IDEMPOTENCY_FIELD };
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,200}$/;
const KEEP_KEYS_MS = 7 * 24 * 60 * 60 * 1000;

/** A fresh key for a form the server renders. */
export function issueIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key a form or API request carries, or null when none (or a malformed one) was sent. */
export function idempotencyKeyFrom(source: FormData | Request): string | null {
  const raw =
    source instanceof Request
      ? source.headers.get(IDEMPOTENCY_HEADER)
      : source.get(IDEMPOTENCY_FIELD);
  if (typeof raw !== "string") return null;
  const key = raw.trim();
  return KEY_PATTERN.test(key) ? key : null;
}

/**
 * An API request's `Idempotency-Key` header: the key, or null when none was sent. A header that is sent
 * but malformed throws the contract's 400 on the header, rather than quietly running without a key.
 */
export function apiIdempotencyKey(request: Request): string | null {
  const key = idempotencyKeyFrom(request);
  if (request.headers.has(IDEMPOTENCY_HEADER) && !key) {
    throw jsonError(
      400,
      `${IDEMPOTENCY_HEADER} must be 8 to 200 letters, digits or the characters - _ : .`,
      IDEMPOTENCY_HEADER,
    );
  }
  return key;
}

export type IdempotentOutcome<T> = { result: T; replayed: boolean };

export type RepeatRef = { ownerId: string; scope: string; key: string | null };

/**
 * The stored result of an earlier run with this key (as `{ result }`), or null. For a use case with slow asynchronous work
 * (password hashing, a remote model) before its write: it answers a repeat at once, and the write itself
 * still goes through `runOnce`, which checks again inside the transaction.
 */
export function earlierResult<T>(db: DB, { ownerId, scope, key }: RepeatRef): { result: T } | null {
  if (!key) return null;
  const previous = db
    .select({ result: idempotencyKeys.result })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .get();
  return previous?.result ? { result: JSON.parse(previous.result) as T } : null;
}

/**
 * Runs `work` once per (owner, scope, key) inside one IMMEDIATE write transaction, storing its result as
 * JSON next to the key. Without a key, `work` simply runs in the transaction. `work` must be synchronous
 * (better-sqlite3), so the check, the work and the stored result commit or roll back together.
 * Only successful results are worth replaying: pass `shouldStore` to skip storing failures, so a
 * corrected retry with the same key can still succeed.
 */
export function runOnce<T>(
  db: DB,
  ref: RepeatRef,
  work: (tx: DB) => T,
  shouldStore: (result: T) => boolean = () => true,
): IdempotentOutcome<T> {
  return writeTransaction(db, (tx) => {
    const { key } = ref;
    const previous = earlierResult<T>(tx, ref);
    if (previous) return { result: previous.result, replayed: true };
    const result = work(tx);
    if (key && shouldStore(result)) {
      tx.insert(idempotencyKeys)
        .values({ ownerId: ref.ownerId, scope: ref.scope, key, result: JSON.stringify(result) })
        .onConflictDoUpdate({
          target: [idempotencyKeys.ownerId, idempotencyKeys.scope, idempotencyKeys.key],
          set: { result: JSON.stringify(result) },
        })
        .run();
    }
    return { result, replayed: false };
  });
}

/** Drops keys older than a week; called now and then, never on a hot path. */
export function pruneIdempotencyKeys(db: DB, now = Date.now()) {
  db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - KEEP_KEYS_MS))).run();
}
