/**
 * Limits on password guessing, kept inside the use cases that check a password (sign-in through the form
 * and the API, change password), so no spelling of a path (`/%6Cogin`, `/api//auth/login`) avoids them.
 * Which counts an attempt falls in (a remembered browser's own, or the account's count for unrecognised
 * browsers and the client address's) is decided in sign-in-buckets.ts.
 *
 * An attempt is counted before its password is hashed: checking the hold and reserving the attempt are one
 * IMMEDIATE write transaction, and the reserved row is a failure while the hash runs. So simultaneous
 * guesses cannot all pass the check before any of them is counted: however many arrive at once, at most the
 * limit are checked and the rest are held (429). A correct password removes its reservation and clears the
 * account's count; a wrong one leaves the reservation as the failure it is. The counts live in the database,
 * so every server process of the install (WEB_CONCURRENCY) counts the same ones, and successes never count:
 * a trade counter where ten people sign in from one router is never held by its own sign-ins.
 */
import { and, count, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { signInFailures } from "~db/schema";
import { writeTransaction, type DB } from "./db.server";
import {
  ACCOUNT_FAILURE_LIMIT,
  bucketsFor,
  clientBucket,
  clientFailureLimit,
  DEVICE_FAILURE_LIMIT,
  heldUntil,
  limitOfBucket,
  SIGN_IN_WINDOW_MS,
  type SignInSource,
} from "./sign-in-buckets";

export { ACCOUNT_FAILURE_LIMIT, DEVICE_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, clientBucket, clientFailureLimit };
export type { SignInSource };

/** The header server.ts sets on every request from the connection's address (any sent value is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

export type SignInHold = { retryAfterSeconds: number; message: string };

/** The rows an attempt reserved, and the count a correct password clears. */
export type SignInReservation = { ids: number[]; clearedBySuccess: string };

export type SignInAttempt = { ok: true; reservation: SignInReservation } | { ok: false; hold: SignInHold };

/** The times of this bucket's failures within the window, oldest first. */
function recent(db: DB, key: string, now: number): number[] {
  return db
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(and(eq(signInFailures.bucket, key), gt(signInFailures.at, now - SIGN_IN_WINDOW_MS)))
    .orderBy(signInFailures.at)
    .all()
    .map((row) => row.at);
}

/**
 * Call before the password is hashed. Either the attempt is held (with how long to wait), or one failure is
 * reserved in each of its buckets, in the same transaction as the check. Pass the reservation to
 * `signInSucceeded` when the password is right; when it is wrong there is nothing more to do.
 */
export function reserveSignInAttempt(db: DB, email: string, source: SignInSource = {}, now = Date.now()): SignInAttempt {
  const { counts, clearedBySuccess } = bucketsFor(email, source);
  return writeTransaction(db, (tx): SignInAttempt => {
    const until = Math.max(0, ...counts.map(({ key, limit }) => heldUntil(recent(tx, key, now), limit)));
    if (until > now) {
      return { ok: false, hold: { retryAfterSeconds: Math.ceil((until - now) / 1000), message: TOO_MANY_ATTEMPTS } };
    }
    const ids = tx
      .insert(signInFailures)
      .values(counts.map(({ key }) => ({ bucket: key, at: now })))
      .returning({ id: signInFailures.id })
      .all()
      .map((row) => row.id);
    return { ok: true, reservation: { ids, clearedBySuccess } };
  });
}

/** The password was right: its reservation goes, and with it the account's (or that browser's) count. */
export function signInSucceeded(db: DB, reservation: SignInReservation) {
  db.delete(signInFailures)
    .where(or(inArray(signInFailures.id, reservation.ids), eq(signInFailures.bucket, reservation.clearedBySuccess)))
    .run();
}

// ─── What the back office sees: buckets that are held now ─────────────────────

export type HeldBucket = { bucket: string; failures: number; limit: number; lastFailureAt: number; heldUntil: number };

/** Whether a bucket's failures in the window reach its limit, in SQL (the same limits as limitOfBucket). */
function heldCondition() {
  return sql`count(*) >= case
    when substr(${signInFailures.bucket}, 1, 7) = 'client:' then ${clientFailureLimit()}
    when substr(${signInFailures.bucket}, 1, 7) = 'device:' then ${DEVICE_FAILURE_LIMIT}
    else ${ACCOUNT_FAILURE_LIMIT} end`;
}

function heldBucketsQuery(db: DB, now: number) {
  return db
    .select({ bucket: signInFailures.bucket, failures: count(), lastFailureAt: sql<number>`max(${signInFailures.at})` })
    .from(signInFailures)
    .where(gt(signInFailures.at, now - SIGN_IN_WINDOW_MS))
    .groupBy(signInFailures.bucket)
    .having(heldCondition());
}

export function countHeldBuckets(db: DB, now = Date.now()): number {
  return db.select({ n: count() }).from(heldBucketsQuery(db, now).as("held")).get()?.n ?? 0;
}

/** Held buckets, the most recently failed first, each with until when it is held. */
export function heldBuckets(db: DB, { limit, offset }: { limit: number; offset: number }, now = Date.now()): HeldBucket[] {
  return heldBucketsQuery(db, now)
    .orderBy(sql`max(${signInFailures.at}) desc`, signInFailures.bucket)
    .limit(limit)
    .offset(offset)
    .all()
    .map((row) => heldBucket(db, row.bucket, now))
    .filter((held): held is HeldBucket => held !== null);
}

/** One bucket, when it is held now; null when it is not (any more). */
export function heldBucket(db: DB, bucket: string, now = Date.now()): HeldBucket | null {
  const times = recent(db, bucket, now);
  const limit = limitOfBucket(bucket);
  const until = heldUntil(times, limit);
  if (until <= now) return null;
  return { bucket, failures: times.length, limit, lastFailureAt: times[times.length - 1]!, heldUntil: until };
}

/** Forgets these buckets' failures (an admin lifting holds); returns how many failures went. */
export function clearBuckets(db: DB, buckets: readonly string[]): number {
  if (buckets.length === 0) return 0;
  return db.delete(signInFailures).where(inArray(signInFailures.bucket, [...buckets])).run().changes;
}

/** Every bucket held now (for "Clear all"). */
export function allHeldBuckets(db: DB, now = Date.now()): string[] {
  return heldBucketsQuery(db, now)
    .all()
    .map((row) => row.bucket);
}

/** Drops failures that no longer count (housekeeping). */
export function pruneSignInFailures(db: DB, now = Date.now()) {
  return db.delete(signInFailures).where(lt(signInFailures.at, now - SIGN_IN_WINDOW_MS)).run().changes;
}

/** Forgets every count (tests). */
export function resetSignInLimits(db: DB) {
  db.delete(signInFailures).run();
}

/** The client address server.ts put on the request, for the limits. */
export function clientAddressOf(request: Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER);
}
