/**
 * The offline rules, pure and shared by the service worker and the page (docs/decisions/0077): which requests
 * are kept, under which cache, and what the offline bar says. No browser or server API here, so it is unit-tested.
 */

/** The reply header that names whose page this is: an opaque per-account key, or NO_OFFLINE_KEY. */
export const OFFLINE_KEY_HEADER = "X-Offline-Key";
/** The value for anyone whose pages are never kept: guests, staff, suppliers. */
export const NO_OFFLINE_KEY = "none";
/** Stamped on a copy when it is stored: when the page (and its prices) left the server. */
export const STORED_AT_HEADER = "X-Offline-Stored-At";

/** Bumped when the layout of the page caches changes: the new worker deletes the old ones on activate. */
export const PAGE_CACHE_SCHEME = "pages-v1-";
export const ASSET_CACHE = "assets-v1";
export const META_CACHE = "offline-meta-v1";
export const ASSET_CACHE_LIMIT = 300;

export const PRICE_LIST_PATH = "/api/account/price-list";
/** The worker refreshes the price list at most this often while pages are being opened online. */
export const PRICE_LIST_REFRESH_MS = 15 * 60 * 1000;

/** Where Log Out posts (the app's LogoutForm uses it too). */
export const SIGN_OUT_ACTION = "/api/logout";
/** Posts that sign out: the worker clears the account's caches before passing them on. */
export const SIGN_OUT_PATHS: readonly string[] = ["/logout", SIGN_OUT_ACTION];

/** A well-formed account key: 22 base64url characters (128 bits of an HMAC). */
export function isAccountKey(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** The page cache of one account. */
export function pageCacheName(key: string): string {
  return `${PAGE_CACHE_SCHEME}${key}`;
}

/** The account a page cache belongs to, or null for any other cache. */
export function accountOfCache(cacheName: string): string | null {
  if (!cacheName.startsWith(PAGE_CACHE_SCHEME)) return null;
  const key = cacheName.slice(PAGE_CACHE_SCHEME.length);
  return isAccountKey(key) ? key : null;
}

/** The IndexedDB database holding one account's price list (and, later, its queued orders). */
export function accountDatabaseName(key: string): string {
  return `offline-${key}`;
}

/**
 * Caches that must go when `currentKey` is the account in use: every page cache of another account, and every
 * cache of an older scheme. With no account (signed out), every page cache goes.
 */
export function cachesToDelete(cacheNames: readonly string[], currentKey: string | null): string[] {
  return cacheNames.filter((name) => {
    if (name === ASSET_CACHE || name === META_CACHE) return false;
    if (name.startsWith("pages-") || name.startsWith("assets-") || name.startsWith("offline-meta-")) {
      const owner = accountOfCache(name);
      return owner === null || owner !== currentKey;
    }
    return false; // not ours
  });
}

/** Storefront pages a signed-in buyer may open offline (pathname only; the query string is part of the copy's key). */
const KEPT_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/category\/[^/]+$/,
  /^\/products\/[^/]+$/,
  /^\/cart$/,
  /^\/quick-order$/,
  /^\/account\/templates(\/[^/]+)?$/,
  /^\/account\/orders$/,
  // the orders kept on this device (0078) and the Log Out confirm that lists them: the worker fetches both ahead
  /^\/account\/orders\/waiting$/,
  /^\/logout$/,
  /^\/account\/invoices$/,
];
/**
 * The /build/ files a page's HTML names (module preloads, the entry's imports, style sheets), once each. The
 * route manifest file is named inside the page's own part of the manifest but never loaded (routes are
 * discovered lazily, 0028), so it is not one of them.
 */
export function assetsOfPage(html: string): string[] {
  const named = [...html.matchAll(/["'](\/build\/[^"'?#\s]+\.(?:js|css))["']/g)].map((match) => match[1]!);
  return [...new Set(named.filter((file) => !/^\/build\/manifest-[A-Za-z0-9]+\.js$/.test(file)))];
}

/** Pages the worker fetches ahead for the signed-in buyer, so that they open offline without a visit (0078). */
export const PAGES_FETCHED_AHEAD: readonly string[] = ["/account/orders/waiting", "/logout"];
/**
 * Marks the worker's own page requests (fetched ahead, never shown then): the server leaves a notice meant for the
 * buyer's next page (a flash toast) where it is rather than spend it on a page nobody sees.
 */
export const FETCHED_AHEAD_HEADER = "X-Fetched-Ahead";
/** Invoice PDFs the buyer has opened. */
const KEPT_FILES: readonly RegExp[] = [/^\/account\/invoices\/\d+\.pdf$/];

export type OfflineRequestKind = "page" | "data" | "file" | "asset" | "price-list" | "sign-out" | "route-manifest" | "other";

/** Where Remix asks for the routes a page does not carry yet (lazy route discovery, 0028). */
export const ROUTE_MANIFEST_PATH = "/__manifest";

/** The routes of a build the worker can tell a page about with no connection, and that build's version. */
export type RouteManifest = { version: string; routes: Record<string, unknown> };

/**
 * The answer to a route discovery request from the worker's own list of the build's routes: all of them
 * (Remix adds the ones the page does not know yet, whatever paths were asked), or null when the page is of
 * another build than the worker, which only the shop can answer.
 */
export function routeManifestAnswer(search: string, manifest: RouteManifest | null): string | null {
  if (!manifest || new URLSearchParams(search).get("version") !== manifest.version) return null;
  return JSON.stringify(manifest.routes);
}

/**
 * What the worker does with a request of its own origin: pages and their Remix data requests and invoice PDFs
 * are kept per account, build assets in the shared cache, the price list in IndexedDB, route discovery answered
 * by the shop or, when it cannot be reached, from the worker's own list; sign-outs clear the account; everything else (admin, other APIs, checkout, sign-in, any non-GET) passes by untouched.
 */
export function requestKind(method: string, pathname: string, search: string, mode: string): OfflineRequestKind {
  if (method === "POST" && SIGN_OUT_PATHS.includes(pathname)) return "sign-out";
  if (method !== "GET") return "other";
  if (pathname.startsWith("/build/")) return "asset";
  if (pathname === ROUTE_MANIFEST_PATH) return "route-manifest";
  if (pathname === PRICE_LIST_PATH) return "price-list";
  if (KEPT_FILES.some((pattern) => pattern.test(pathname))) return "file";
  if (!KEPT_PAGES.some((pattern) => pattern.test(pathname))) return "other";
  if (new URLSearchParams(search).has("_data")) return "data";
  return mode === "navigate" ? "page" : "other";
}

const KEPT_TYPES: Record<"page" | "data" | "file", RegExp> = {
  page: /^text\/html\b/i,
  data: /^application\/json\b/i,
  file: /^application\/pdf\b/i,
};

/**
 * Whether a reply may be stored, and under which account: a 200 of the expected type whose own key header names
 * an account. Redirects, errors, Remix's redirect and error replies, and anything for no account are never kept.
 */
export function storageKeyFor(
  kind: OfflineRequestKind,
  reply: { status: number; type: string; headers: { get(name: string): string | null } },
): string | null {
  if (kind !== "page" && kind !== "data" && kind !== "file") return null;
  if (reply.status !== 200 || reply.type === "opaqueredirect") return null;
  if (!KEPT_TYPES[kind].test(reply.headers.get("Content-Type") ?? "")) return null;
  if (["X-Remix-Redirect", "X-Remix-Error", "X-Remix-Catch"].some((name) => reply.headers.get(name) !== null)) return null;
  const key = reply.headers.get(OFFLINE_KEY_HEADER);
  return isAccountKey(key) ? key : null;
}

/**
 * The account a reply says is signed in: its key, null for "nobody whose pages are kept", or undefined when the
 * reply says nothing (static files, other APIs), which changes nothing.
 */
export function accountOfReply(headers: { get(name: string): string | null }): string | null | undefined {
  const value = headers.get(OFFLINE_KEY_HEADER);
  if (value === null) return undefined;
  return isAccountKey(value) ? value : null;
}

const UK_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const UK_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric" });

/**
 * The offline bar: "You are offline: prices as of 14:05" (UK time of the copy); a copy from an earlier UK day
 * says the date too: "You are offline: prices as of 27 Nov 2026, 14:05".
 */
export function offlineBarText(storedAt: Date, now: Date): string {
  const time = UK_TIME.format(storedAt);
  const sameDay = UK_DATE.format(storedAt) === UK_DATE.format(now);
  return `You are offline: prices as of ${sameDay ? time : `${UK_DATE.format(storedAt)}, ${time}`}`;
}
