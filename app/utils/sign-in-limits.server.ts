/**
 * Limits on password guessing, kept inside the use cases that check a password (sign-in through the form
 * and the API, change password), so no spelling of a path (`/%6Cogin`, `/api//auth/login`) avoids them.
 *
 * Only failures count: a trade counter where ten people sign in from one router is never locked out by
 * its own successes. Failures are counted per account (someone guessing one person's password from many
 * addresses) and per client (one address guessing many accounts); an IPv6 client is its /56 prefix, the
 * block one customer's router hands out, so rotating addresses within it does not reset the count. A
 * success clears the account's count. The counts live in the database, so every server process of the
 * install (WEB_CONCURRENCY) sees the same ones.
 */
import { isIP } from "node:net";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { signInFailures } from "~db/schema";
import type { DB } from "./db.server";

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** failed attempts on one account within the window before it is held */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** failed attempts from one client within the window (SIGN_IN_RATE_LIMIT overrides, for tests) */
export function clientFailureLimit(env: Record<string, string | undefined> = process.env) {
  const configured = Number(env.SIGN_IN_RATE_LIMIT);
  return Number.isInteger(configured) && configured > 0 ? configured : 50;
}

/** The header server.ts sets on every request from the connection's address (any sent value is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** The bucket a client address counts in: IPv4 as is, IPv6 by its /56 prefix. */
export function clientBucket(address: string | null | undefined): string {
  if (!address) return "client:unknown";
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) !== 6) return `client:${plain}`;
  // 56 bits: three whole groups and the first byte of the fourth
  const groups = expandIPv6(plain.split("%")[0]!);
  return `client:${groups.slice(0, 3).join(":")}:${groups[3]!.slice(0, 2)}00::/56`;
}

/** The 16-bit groups of an IPv6 address as 4-digit hex strings. */
function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array(address.includes("::") ? missing : 0).fill("0"), ...right].map((g) => g.padStart(4, "0"));
}

export function accountBucket(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

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

export type SignInHold = { retryAfterSeconds: number; message: string };

export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

/** Whether a password check for this account from this client must wait, and for how long. */
export function signInHold(db: DB, email: string, client: string | null | undefined, now = Date.now()): SignInHold | null {
  const checks: [string, number][] = [
    [accountBucket(email), ACCOUNT_FAILURE_LIMIT],
    [clientBucket(client), clientFailureLimit()],
  ];
  let until = 0;
  for (const [key, limit] of checks) {
    const failures = recent(db, key, now);
    if (failures.length >= limit) until = Math.max(until, failures[failures.length - limit]! + SIGN_IN_WINDOW_MS);
  }
  if (until <= now) return null;
  return { retryAfterSeconds: Math.ceil((until - now) / 1000), message: TOO_MANY_ATTEMPTS };
}

export function recordSignInFailure(db: DB, email: string, client: string | null | undefined, now = Date.now()) {
  db.insert(signInFailures)
    .values([accountBucket(email), clientBucket(client)].map((bucket) => ({ bucket, at: now })))
    .run();
}

export function recordSignInSuccess(db: DB, email: string) {
  db.delete(signInFailures).where(inArray(signInFailures.bucket, [accountBucket(email)])).run();
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
