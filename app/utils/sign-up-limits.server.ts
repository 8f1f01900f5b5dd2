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
function positiveInteger(raw: string | undefined, fallback: number) {
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
  const clientKey = clientBucket(client);
  return writeTransaction(db, (tx) => {
    const checks: [string, number, string][] = [
      [clientKey, signUpClientLimit(), TOO_MANY_SIGN_UPS_FROM_CLIENT],
      [TOTAL_BUCKET, signUpTotalLimit(), TOO_MANY_SIGN_UPS],
    ];
    for (const [bucket, limit, message] of checks) {
      const until = heldUntil(tx, bucket, limit, now);
      if (until > now) return { retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)), message };
    }
    tx.insert(signUpAttempts)
      .values([clientKey, TOTAL_BUCKET].map((bucket) => ({ bucket, at: now })))
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

