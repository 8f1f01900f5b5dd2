/**
 * Which failure counts ("buckets") a password check falls in, after OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 *
 * - a browser that once signed in to the account carries a signed device cookie for it: its attempts count
 *   only in that device's own bucket, so strangers' failures never hold it and its failures never hold them;
 * - any other attempt counts in the account's bucket for unrecognised browsers and in its client address's
 *   bucket, so guessing from strangers holds only strangers.
 *
 * Pure rules; the counting itself is in sign-in-limits.server.ts.
 */
import { isIP } from "node:net";

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** failed attempts at one account from unrecognised browsers within the window before they are held */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** failed attempts from one remembered browser within the window before that browser is held */
export const DEVICE_FAILURE_LIMIT = 10;
/** failed attempts from one client within the window (SIGN_IN_RATE_LIMIT overrides, for tests) */
export function clientFailureLimit(env: Record<string, string | undefined> = process.env) {
  const configured = Number(env.SIGN_IN_RATE_LIMIT);
  return Number.isInteger(configured) && configured > 0 ? configured : 50;
}

/** A browser that signed in to `email`, as its signed device cookie says. */
export type RememberedDevice = { email: string; nonce: string; issuedAt: number };

/** Where an attempt comes from: the client address and the browser's remembered sign-ins. */
export type SignInSource = { client?: string | null; devices?: readonly RememberedDevice[] };

export type Bucket = { key: string; limit: number };

const CLIENT = "client:";
const UNTRUSTED = "untrusted:";
const DEVICE = "device:";

/** The bucket a client address counts in: IPv4 as is, IPv6 by its /56 prefix. */
export function clientBucket(address: string | null | undefined): string {
  if (!address) return `${CLIENT}unknown`;
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) !== 6) return `${CLIENT}${plain}`;
  // 56 bits: three whole groups and the first byte of the fourth
  const groups = expandIPv6(plain.split("%")[0]!);
  return `${CLIENT}${groups.slice(0, 3).join(":")}:${groups[3]!.slice(0, 2)}00::/56`;
}

/** The 16-bit groups of an IPv6 address as 4-digit hex strings. */
function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array(address.includes("::") ? missing : 0).fill("0"), ...right].map((g) => g.padStart(4, "0"));
}

export function normalEmail(email: string) {
  return email.trim().toLowerCase();
}

/** The account's bucket for attempts from browsers it does not recognise. */
export function untrustedBucket(email: string): string {
  return `${UNTRUSTED}${normalEmail(email)}`;
}

/** One remembered browser's bucket: its nonce (no colon in it) first, then whose it is, for the back office. */
export function deviceBucket(device: Pick<RememberedDevice, "email" | "nonce">): string {
  return `${DEVICE}${device.nonce}:${normalEmail(device.email)}`;
}

/** The browser's remembered sign-in for this account, if it has one. */
export function deviceFor(email: string, devices: readonly RememberedDevice[] = []): RememberedDevice | undefined {
  const wanted = normalEmail(email);
  return devices.find((device) => normalEmail(device.email) === wanted);
}

/**
 * The buckets an attempt at `email` is checked against and counted in, and the one a correct password
 * clears (the account's own count; a client address is never cleared by one account's success, so one
 * guesser's own sign-ins cannot reset its count across other accounts).
 */
export function bucketsFor(
  email: string,
  source: SignInSource,
  env: Record<string, string | undefined> = process.env,
): { device: RememberedDevice | null; counts: Bucket[]; clearedBySuccess: string } {
  const device = deviceFor(email, source.devices);
  if (device) {
    const key = deviceBucket(device);
    return { device, counts: [{ key, limit: DEVICE_FAILURE_LIMIT }], clearedBySuccess: key };
  }
  const untrusted = untrustedBucket(email);
  return {
    device: null,
    counts: [
      { key: untrusted, limit: ACCOUNT_FAILURE_LIMIT },
      { key: clientBucket(source.client), limit: clientFailureLimit(env) },
    ],
    clearedBySuccess: untrusted,
  };
}

/** The limit of a bucket by its kind (the back office lists buckets it did not make itself). */
export function limitOfBucket(key: string, env: Record<string, string | undefined> = process.env): number {
  if (key.startsWith(CLIENT)) return clientFailureLimit(env);
  if (key.startsWith(DEVICE)) return DEVICE_FAILURE_LIMIT;
  return ACCOUNT_FAILURE_LIMIT;
}

/**
 * Until when a bucket is held, given its failure times within the window (oldest first): while `limit` of
 * them are within the window, that is until the oldest of the newest `limit` leaves it. 0 when not held.
 */
export function heldUntil(times: readonly number[], limit: number, windowMs = SIGN_IN_WINDOW_MS): number {
  return times.length >= limit ? times[times.length - limit]! + windowMs : 0;
}

export type BucketKind = "untrusted" | "device" | "client" | "other";

/** What a bucket holds, in the back office's words. */
export function describeBucket(key: string): { kind: BucketKind; label: string; email: string | null } {
  if (key.startsWith(UNTRUSTED)) {
    const email = key.slice(UNTRUSTED.length);
    return { kind: "untrusted", label: `Unrecognised browsers for ${email}`, email };
  }
  if (key.startsWith(DEVICE)) {
    const rest = key.slice(DEVICE.length);
    const colon = rest.indexOf(":");
    const email = colon >= 0 ? rest.slice(colon + 1) : null;
    const nonce = colon >= 0 ? rest.slice(0, colon) : rest;
    return { kind: "device", label: `A remembered browser of ${email ?? "an account"} (${nonce.slice(0, 6)}…)`, email };
  }
  if (key.startsWith(CLIENT)) return { kind: "client", label: `Client address ${key.slice(CLIENT.length)}`, email: null };
  return { kind: "other", label: key, email: null };
}

/** A bucket's key as one URL path segment (`DELETE /api/admin/sign-in-holds/{id}`), and back. */
export function holdId(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

export function bucketOfHoldId(id: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(id)) return null;
  const key = Buffer.from(id, "base64url").toString("utf8");
  // a round trip that changes the id was not made by holdId (stray padding bits, invalid UTF-8)
  return holdId(key) === id && key.length > 0 ? key : null;
}
