/**
 * The opaque per-account key the service worker files a buyer's offline copies under (docs/decisions/0077):
 * HMAC-SHA256 of the user id with the session secret, 22 base64url characters. The worker cannot read the
 * HttpOnly session cookie; this key tells it whose page a reply is without telling it who that is.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { NO_OFFLINE_KEY, OFFLINE_KEY_HEADER } from "~/service-worker/offline-rules";
import { getOptionalUser } from "./auth.server";
import { databasePath } from "./db.server";
import { sessionSecretFrom } from "./session-secret.server";

let secret: string | null = null;

export function offlineKeyOf(userId: string, sessionSecret: string): string {
  return crypto.createHmac("sha256", sessionSecret).update(`offline-cache:${userId}`).digest("base64url").slice(0, 22);
}

/** Customers' pages are kept offline; staff, suppliers and guests get NO_OFFLINE_KEY (nothing of theirs is kept). */
export function offlineKeyFor(user: SessionUser | null): string {
  if (!user || user.role !== "customer") return NO_OFFLINE_KEY;
  secret ??= sessionSecretFrom(process.env, path.dirname(databasePath()));
  return offlineKeyOf(user.id, secret);
}

/** Adds the key header to a document or Remix data reply of this request. */
export async function markOfflineKey(request: Request, headers: Headers): Promise<void> {
  const user = await getOptionalUser(request).catch(() => null);
  headers.set(OFFLINE_KEY_HEADER, offlineKeyFor(user));
}
