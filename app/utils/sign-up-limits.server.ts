/**
 * Limits on sign-ups, kept inside the sign-up use case (like the sign-in limits), so every door (the /login
 * form, POST /api/auth/signup) and every spelling of their paths (`/API/auth/signup`, `/api/auth/%73ignup`)
 * counts against the same numbers.
 *
 * Every sign-up that reaches the use case counts, for a new email and a taken one alike (a limit that only
 * counted new accounts would tell which emails have one). Counted per client (its address; an IPv6 client by
 * its /56, as for sign-in) and in total, over a sliding hour. The check and the record are one IMMEDIATE
 * write transaction, so sign-ups arriving together cannot all pass the last free place; it runs before the
 * password is hashed, so a flood refused here costs no hashing and does not hold up real sign-ins.
 */
import { and, count, eq, gt, lt } from "drizzle-orm";
import { signUpAttempts } from "~db/schema";
import { writeTransaction, type DB } from "./db.server";
import { clientBucket } from "./sign-in-limits.server";

export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

const TOTAL_BUCKET = "total";

/** A whole number above 0 from the environment, else the default. */
export function positiveInteger(raw: string | undefined, fallback: number) {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Sign-ups from one client within the window (SIGN_UP_CLIENT_LIMIT, default 5). */
export function signUpClientLimit(env: Record<string, string | undefined> = process.env) {
  return positiveInteger(env.SIGN_UP_CLIENT_LIMIT, 5);
}

/** Sign-ups from everyone together within the window (SIGN_UP_TOTAL_LIMIT, default 50). */
export function signUpTotalLimit(env: Record<string, string | undefined> = process.env) {
  return positiveInteger(env.SIGN_UP_TOTAL_LIMIT, 50);
}

export const TOO_MANY_SIGN_UPS_FROM_CLIENT = "Too many sign-ups from this connection. Please try again later.";
export const TOO_MANY_SIGN_UPS = "We are receiving too many sign-ups just now. Please try again later.";

export type SignUpHold = { retryAfterSeconds: number; message: string };

/**
 * Takes a place for one sign-up from `client`, or says how long to wait when its client or everyone together
 * has used the window's places (nothing is recorded then, so waiting clients do not push the wait further).
 */
export function takeSignUpPlace(db: DB, client: string | null | undefined, now = Date.now()): SignUpHold | null {
  return takeHourlyPlaces(
    db,
    [
      { bucket: clientBucket(client), limit: signUpClientLimit(), message: TOO_MANY_SIGN_UPS_FROM_CLIENT },
      { bucket: TOTAL_BUCKET, limit: signUpTotalLimit(), message: TOO_MANY_SIGN_UPS },
    ],
    now,
  );
}

/** One count over the sliding hour: its bucket, how many fit in the window, and what to say when it is full. */
export type HourlyLimit = { bucket: string; limit: number; message: string };

/**
 * The machinery behind the sign-up limits, for any request counted per hour (password reset requests use it
 * with buckets of their own): takes a place in every bucket of `limits`, or says how long to wait when one of
 * them is full, recording nothing then. The check and the record are one IMMEDIATE write transaction (a
 * savepoint inside the caller's, when there is one).
 */
export function takeHourlyPlaces(db: DB, limits: readonly HourlyLimit[], now = Date.now()): SignUpHold | null {
  return writeTransaction(db, (tx) => {
    for (const { bucket, limit, message } of limits) {
      const until = heldUntil(tx, bucket, limit, now);
      if (until > now) return { retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)), message };
    }
    tx.insert(signUpAttempts)
      .values(limits.map(({ bucket }) => ({ bucket, at: now })))
      .run();
    return null;
  });
}

/** When a place frees up in this bucket (0 while one is free): its `limit`-th newest sign-up leaves the window. */
function heldUntil(db: DB, bucket: string, limit: number, now: number): number {
  const inWindow = and(eq(signUpAttempts.bucket, bucket), gt(signUpAttempts.at, now - SIGN_UP_WINDOW_MS));
  const used = db.select({ n: count() }).from(signUpAttempts).where(inWindow).get()?.n ?? 0;
  if (used < limit) return 0;
  // the oldest of the newest `limit` sign-ups: once it is out of the window, one more may come
  const cutoff = db
    .select({ at: signUpAttempts.at })
    .from(signUpAttempts)
    .where(inWindow)
    .orderBy(signUpAttempts.at)
    .limit(1)
    .offset(used - limit)
    .get();
  return (cutoff?.at ?? now) + SIGN_UP_WINDOW_MS;
}

/** Drops sign-ups older than the window (housekeeping). */
export function pruneSignUpAttempts(db: DB, now = Date.now()) {
  return db.delete(signUpAttempts).where(lt(signUpAttempts.at, now - SIGN_UP_WINDOW_MS)).run().changes;
}

