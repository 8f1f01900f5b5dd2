/**
 * Password hashing with scrypt, run on libuv's thread pool so a sign-in does not block other requests.
 * New hashes use N=2^PASSWORD_HASH_COST, r=8, p=2; the default cost 16 with p=2 is one of OWASP's settings
 * for scrypt and does the same work as its N=2^17, p=1 in half the memory (64 MiB a hash, not 128: 0094).
 * Tests set a lower cost so that hashing is quick. The parameters are stored with each hash and verifying
 * reads them from there, so the cost can change without invalidating passwords; a hash made with other
 * parameters is made again at the next sign-in (`hashNeedsRenewal`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { shareOfLimit } from "./server-processes";

/** log2 of scrypt's N when PASSWORD_HASH_COST is not set: N = 2^16 = 65536, with p = 2 (OWASP). */
export const DEFAULT_PASSWORD_HASH_COST = 16;
const MIN_COST = 10;
const MAX_COST = 20;
const R = 8;
const P = 2;
const KEY_LENGTH = 64;

/** log2 N for new hashes, from PASSWORD_HASH_COST (read on every call, so a test may change it). */
export function passwordHashCost(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PASSWORD_HASH_COST?.trim();
  if (!raw) return DEFAULT_PASSWORD_HASH_COST;
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < MIN_COST || cost > MAX_COST) {
    throw new Error(
      `PASSWORD_HASH_COST must be a whole number from ${MIN_COST} to ${MAX_COST} (log2 of scrypt's N; ` +
        `${DEFAULT_PASSWORD_HASH_COST} is the production default), got "${raw}".`,
    );
  }
  return cost;
}

/**
 * Each hash at cost 16 (p = 2) takes 64 MiB and most of a core for ~0.3 s. Run at most two at once on the box and
 * queue the rest, so a flood of wrong passwords slows the floods' own replies instead of stalling every
 * sign-in (and cannot exhaust memory or the thread pool that file and database work also use). With
 * several server processes each takes its share of the two.
 */
export const BOX_CONCURRENT_HASHES = 2;
export const MAX_CONCURRENT_HASHES = shareOfLimit(BOX_CONCURRENT_HASHES);
let hashesRunning = 0;
const waitingForHash: (() => void)[] = [];

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waitingForHash.push(resolve));
  hashesRunning += 1;
  try {
    return await work();
  } finally {
    hashesRunning -= 1;
    waitingForHash.shift()?.();
  }
}

/** How many hashes are running now (for tests). */
export function hashesInFlight() {
  return hashesRunning;
}

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number) {
  const maxmem = 128 * (options.N ?? 2 ** DEFAULT_PASSWORD_HASH_COST) * (options.r ?? R) * 2;
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** "scrypt$N$r$p$salt(base64)$hash(base64)" */
export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** passwordHashCost();
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether a stored hash was made with other parameters than new hashes get: it is made again at the next sign-in. */
export function hashNeedsRenewal(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme === "scrypt" && (Number(n) !== 2 ** passwordHashCost() || Number(r) !== R || Number(p) !== P);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * What an unknown email's password is checked against, so that a failed sign-in costs one scrypt at the
 * configured cost (that of real accounts' hashes) whether or not the account exists: a stored hash's shape
 * with a random salt and a random key, which no password derives. Nothing is hashed to make it. (A decoy made
 * by hashing a random password on first use cost every server process a second scrypt on its first unknown
 * email, which told who has an account.)
 */
export function decoyPasswordHash(): string {
  const N = 2 ** passwordHashCost();
  return ["scrypt", N, R, P, randomBytes(16).toString("base64"), randomBytes(KEY_LENGTH).toString("base64")].join("$");
}
