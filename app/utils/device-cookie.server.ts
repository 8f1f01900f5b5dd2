/**
 * The device cookie: after a successful sign-in (form or API) the browser is given a long-lived, HttpOnly,
 * SameSite=Lax cookie listing the accounts that signed in on it, each with a random nonce, signed with an
 * HMAC key derived from the session secret. At the next attempt at one of those accounts only that
 * browser's own count applies (sign-in-buckets.ts), so strangers guessing the password cannot lock its
 * owner out. Secure on https like every cookie (server/http-app.ts adds it), or always with COOKIE_SECURE.
 */
import crypto from "node:crypto";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { databasePath } from "./db.server";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, devicesFromCookieValue, toCookieValue, withDevice } from "./remembered-devices";
import { sessionSecretFrom } from "./session-secret.server";
import { clientAddressOf } from "./sign-in-limits.server";
import type { RememberedDevice, SignInSource } from "./sign-in-buckets";

export const DEVICE_COOKIE = "__device";
/** Past this a cookie may be dropped by the browser: the oldest remembered accounts go first. */
const MAX_COOKIE_BYTES = 3800;

/**
 * Its own key, derived from the session secret: a device cookie's signature never passes as a session
 * cookie's, nor the other way round.
 */
function deviceCookieSecret() {
  const sessionSecret = sessionSecretFrom(process.env, path.dirname(databasePath()));
  return crypto.createHmac("sha256", sessionSecret).update("device-cookie").digest("base64url");
}

const deviceCookie = createCookie(DEVICE_COOKIE, {
  httpOnly: true,
  path: "/",
  sameSite: "lax",
  secure: process.env.COOKIE_SECURE === "true",
  secrets: [deviceCookieSecret()],
  maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
});

/** The sign-ins this browser remembers (none when the cookie is missing, altered or expired). */
export async function rememberedDevices(request: Request, now = Date.now()): Promise<RememberedDevice[]> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return devicesFromCookieValue(value, now);
}

/** Where a password check comes from: the client address and the browser's remembered sign-ins. */
export async function signInSourceOf(request: Request): Promise<Required<SignInSource>> {
  return { client: clientAddressOf(request), devices: await rememberedDevices(request) };
}

/** The Set-Cookie header that remembers this browser for `email` (a fresh nonce), keeping its other accounts. */
export async function rememberDevice(request: Request, email: string, now = Date.now()): Promise<string> {
  const device = { email, nonce: crypto.randomBytes(16).toString("base64url"), issuedAt: now };
  let devices = withDevice(await rememberedDevices(request, now), device);
  let header = await deviceCookie.serialize(toCookieValue(devices));
  while (header.length > MAX_COOKIE_BYTES && devices.length > 1) {
    devices = devices.slice(0, -1);
    header = await deviceCookie.serialize(toCookieValue(devices));
  }
  return header;
}
