/**
 * Which admins hid the dashboard's "Getting started" card in this browser: a preference, not a secret, so a
 * plain cookie of their ids (the card comes back in another browser, and on its own once every step is done
 * it stays away anyway). Only the back office reads it.
 */
import { createCookie } from "@remix-run/node";

const MAX_IDS = 20;

const hiddenCookie = createCookie("getting_started_hidden", {
  path: "/admin",
  sameSite: "lax",
  httpOnly: true,
  secure: process.env.COOKIE_SECURE === "true",
  maxAge: 365 * 24 * 60 * 60,
});

async function hiddenFor(request: Request): Promise<string[]> {
  const value: unknown = await hiddenCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

export async function isGettingStartedHidden(request: Request, adminId: string): Promise<boolean> {
  return (await hiddenFor(request)).includes(adminId);
}

/** The Set-Cookie header that hides the card for this admin in this browser. */
export async function hideGettingStarted(request: Request, adminId: string): Promise<string> {
  const ids = (await hiddenFor(request)).filter((id) => id !== adminId);
  return hiddenCookie.serialize([adminId, ...ids].slice(0, MAX_IDS));
}
