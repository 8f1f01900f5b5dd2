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
import { fail, type Failure, type Result } from "./result";

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

export const KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used for a different request. Nothing was changed: reload the page or send a new key.";

/** A parsed command as JSON sees it (never `undefined`: a command must be named, even when it is `null`). */
export type Command = string | number | boolean | null | readonly unknown[] | { readonly [field: string]: unknown };

/**
 * Whose key, for which operation, and the command it was sent with. `command` is the use case's parsed input
 * (never a secret such as a password: its digest is stored beside the key); the same key with another
 * command is refused (422) rather than answered with the first command's result.
 */
export type RepeatRef = { ownerId: string; scope: string; key: string | null; command: Command };

/** JSON with every object's keys sorted, so two equal commands always read the same. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_field, item: unknown) =>
      item !== null && typeof item === "object" && !Array.isArray(item)
        ? Object.fromEntries(Object.keys(item).sort().map((name) => [name, (item as Record<string, unknown>)[name]]))
        : item,
    ) ?? "null"
  );
}

/** A stable digest of a command (SHA-256 of its canonical JSON). */
export function commandFingerprint(command: Command): string {
  return crypto.createHash("sha256").update(canonicalJson(command)).digest("hex");
}

/**
 * The stored result of an earlier run with this key (as `{ result }`), or null; the 422 refusal when the key
 * was first used with another command. For a use case with slow asynchronous work (password hashing, a
 * remote model) before its write: it answers a repeat at once, and the write itself still goes through
 * `runOnce`, which checks again inside the transaction.
 */
export function earlierResult<T extends Result<unknown>>(db: DB, ref: RepeatRef): { result: T | Failure } | null {
  const previous = storedRow(db, ref);
  if (!previous?.result) return null;
  // keys stored before the digest was kept have none, and match any command
  if (previous.requestHash !== null && previous.requestHash !== commandFingerprint(ref.command)) {
    return { result: fail(422, KEY_REUSED_MESSAGE) };
  }
  return { result: JSON.parse(previous.result) as T };
}

function storedRow(db: DB, { ownerId, scope, key }: Omit<RepeatRef, "command">) {
  if (!key) return null;
  return db
    .select({ result: idempotencyKeys.result, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, ownerId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .get();
}

/**
 * What the request made with this key answered, whatever its command, for reading only (the progress of the
 * owner's own import): never a way to act, so the command is not compared.
 */
export function storedResultOf<T extends Result<unknown>>(db: DB, ref: Omit<RepeatRef, "command">): T | null {
  const previous = storedRow(db, ref);
  return previous?.result ? (JSON.parse(previous.result) as T) : null;
}

/**
 * Runs `work` once per (owner, scope, key) inside one IMMEDIATE write transaction, storing its result as
 * JSON next to the key. Without a key, `work` simply runs in the transaction. `work` must be synchronous
 * (better-sqlite3), so the check, the work and the stored result commit or roll back together.
 * Only successful results are worth replaying: pass `shouldStore` to skip storing failures, so a
 * corrected retry with the same key can still succeed. `work` answers a Result, so that the refusal of a key
 * reused for another command (422, nothing written) reaches both doors the way any other refusal does.
 */
export function runOnce<T extends Result<unknown>>(
  db: DB,
  ref: RepeatRef,
  work: (tx: DB) => T,
  shouldStore: (result: T) => boolean = () => true,
): IdempotentOutcome<T | Failure> {
  return writeTransaction(db, (tx): IdempotentOutcome<T | Failure> => {
    const { key } = ref;
    const previous = earlierResult<T>(tx, ref);
    // a refused reuse writes nothing either, so callers treat it as a repeat (no mails, no second effects)
    if (previous) return { result: previous.result, replayed: true };
    const result = work(tx);
    if (key && shouldStore(result)) {
      const stored = { result: JSON.stringify(result), requestHash: commandFingerprint(ref.command) };
      tx.insert(idempotencyKeys)
        .values({ ownerId: ref.ownerId, scope: ref.scope, key, ...stored })
        .onConflictDoUpdate({
          target: [idempotencyKeys.ownerId, idempotencyKeys.scope, idempotencyKeys.key],
          set: stored,
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
