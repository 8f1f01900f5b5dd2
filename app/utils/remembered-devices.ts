/**
 * The list a browser's device cookie carries: one entry per account that signed in on it (the newest
 * first, at most DEVICES_KEPT, so a shared counter PC remembers its regular staff), each with its own random
 * nonce and the time it was issued. The cookie is signed as a whole (device-cookie.server.ts); these rules
 * read and update its value.
 */
import { z } from "zod";
import { normalEmail, type RememberedDevice } from "./sign-in-buckets";

/** How long a browser stays remembered after its last sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser remembers; the one signed in to longest ago is forgotten first. */
export const DEVICES_KEPT = 10;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

const storedDevice = z.object({
  e: z.string().min(3).max(254),
  n: z.string().regex(NONCE),
  t: z.number().int().nonnegative(),
});
export type StoredDevice = z.infer<typeof storedDevice>;

/**
 * The browser's remembered sign-ins from the cookie's (already verified) value: malformed entries, entries
 * older than the cookie's lifetime (the signed time, not the browser's expiry, decides) or issued in the
 * future are dropped, as is any entry past the first for an email.
 */
export function devicesFromCookieValue(value: unknown, now = Date.now()): RememberedDevice[] {
  if (!Array.isArray(value)) return [];
  const devices: RememberedDevice[] = [];
  const seen = new Set<string>();
  for (const entry of value.slice(0, DEVICES_KEPT)) {
    const parsed = storedDevice.safeParse(entry);
    if (!parsed.success) continue;
    const { e, n, t } = parsed.data;
    const email = normalEmail(e);
    if (seen.has(email) || t > now + 60_000 || now - t > DEVICE_COOKIE_MAX_AGE_SECONDS * 1000) continue;
    seen.add(email);
    devices.push({ email, nonce: n, issuedAt: t });
  }
  return devices;
}

/** The list after `device` signed in: it comes first (replacing that account's entry), the oldest drop off. */
export function withDevice(devices: readonly RememberedDevice[], device: RememberedDevice, kept = DEVICES_KEPT): RememberedDevice[] {
  const email = normalEmail(device.email);
  return [{ ...device, email }, ...devices.filter((other) => normalEmail(other.email) !== email)].slice(0, kept);
}

/** The cookie's value for a list (short keys: a cookie has at most 4 KB). */
export function toCookieValue(devices: readonly RememberedDevice[]): StoredDevice[] {
  return devices.map((device) => ({ e: device.email, n: device.nonce, t: device.issuedAt }));
}
