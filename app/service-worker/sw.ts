/**
 * The service worker (docs/decisions/0077), bundled by scripts/build-sw.js into build/sw.js and served as /sw.js.
 * It only adds: pages work without it exactly as before. Online it passes every request to the network and keeps
 * a copy of the signed-in buyer's own storefront pages, under that buyer's key; offline it answers from that
 * buyer's copies, or with the offline page. It never calls skipWaiting on its own nor clients.claim().
 */
import { offlinePageHtml, signedOutOfflinePageHtml, OFFLINE_PAGE_HEADERS, linkablePages, titleOfPage, type KeptPage } from "./offline-page";
import {
  accountOfReply,
  ASSET_CACHE,
  ASSET_CACHE_LIMIT,
  assetsOfPage,
  cachesToDelete,
  FETCHED_AHEAD_HEADER,
  META_CACHE,
  PAGES_FETCHED_AHEAD,
  pageCacheName,
  PRICE_LIST_PATH,
  PRICE_LIST_REFRESH_MS,
  requestKind,
  routeManifestAnswer,
  SIGN_OUT_ACTION,
  storageKeyFor,
  STORED_AT_HEADER,
  type OfflineRequestKind,
  type RouteManifest,
} from "./offline-rules";
import { accountDatabaseKeys, deleteAccountData, keepOnlyUnsentOrders, readPriceList, writePriceList } from "./account-store";
import { sendQueue } from "./order-queue";
import { ORDER_QUEUE_SYNC_TAG } from "./order-queue-rules";
import type { FetchEventLike, ServiceWorkerScope } from "./sw-types";

/** Written in by the build: the fingerprinted files every page needs (entry, root route, style sheet). */
declare const __APP_SHELL__: string[];
/** Written in by the build: its version and the routes a page may discover offline (scripts/build-sw.js). */
declare const __OFFLINE_ROUTES__: RouteManifest;

const sw = self as unknown as ServiceWorkerScope;
const CURRENT_ACCOUNT = "/__offline/current-account";

// ─── Whose pages: the account of the last reply ──────────────────────────────────────────────────────────────

/** The account in use: undefined until read from the meta cache (a restarted worker offline still knows it). */
let currentKey: string | null | undefined;
/** Bumped whenever the account changes or a sign-out is seen: replies to requests made before are neither kept nor believed. */
let epoch = 0;

async function readCurrentKey(): Promise<string | null> {
  if (currentKey !== undefined) return currentKey;
  const kept = await (await caches.open(META_CACHE)).match(CURRENT_ACCOUNT);
  const value = kept ? await kept.text() : "";
  currentKey ??= value || null;
  return currentKey;
}

/**
 * Makes `key` the account in use; anything of any other account on this device is deleted. `signedOut`: the
 * buyer pressed Log Out (after the confirm that lists unsent orders). Otherwise a reply saying "nobody" is an
 * expired session: that account's pages and prices go, but orders it made offline and has not sent stay (only
 * in its own database, which no other account's page opens) until it signs in again and they are sent (0078).
 */
async function setCurrentKey(key: string | null, signedOut = false): Promise<void> {
  const before = await readCurrentKey();
  if (before === key) return;
  currentKey = key;
  epoch += 1;
  await (await caches.open(META_CACHE)).put(CURRENT_ACCOUNT, new Response(key ?? ""));
  await purgeAllBut(key, before, key === null && !signedOut ? before : null);
}

async function purgeAllBut(key: string | null, previous: string | null, keepQueueOf: string | null = null): Promise<void> {
  const names = await caches.keys();
  await Promise.all(cachesToDelete(names, key).map((name) => caches.delete(name)));
  const databases = new Set(await accountDatabaseKeys().catch(() => [] as string[]));
  if (previous) databases.add(previous);
  databases.delete(key ?? "");
  await Promise.all(
    [...databases].map((other) => (other === keepQueueOf ? keepOnlyUnsentOrders(other) : deleteAccountData(other))),
  );
}

// ─── What each page was served from, for the offline bar ─────────────────────────────────────────────────────

/** Per tab: when its page's copy was stored, or null when it came from the network. */
const servedCopies = new Map<string, string | null>();
function noteServed(clientId: string, storedAt: string | null) {
  if (!clientId) return;
  servedCopies.set(clientId, storedAt);
  if (servedCopies.size > 100) servedCopies.delete(servedCopies.keys().next().value!);
}

// ─── Install, activate, messages ──────────────────────────────────────────────────────────────────────────────

sw.addEventListener("install", (event) => {
  // the app shell: already in the HTTP cache from the page that registered the worker, so no extra download
  event.waitUntil(
    caches.open(ASSET_CACHE).then((cache) => Promise.all(__APP_SHELL__.map((url) => cache.add(url).catch(() => undefined)))),
  );
});

sw.addEventListener("activate", (event) => {
  // a worker that starts (a new version, or the first) sends what the account has waiting (0078)
  event.waitUntil(readCurrentKey().then(async (key) => {
    await purgeAllBut(key, null);
    if (key) await sendQueue(key).catch(() => undefined);
  }));
});

// Background Sync where the browser has it (Chrome, Edge): the queue is sent once the connection is back, even
// with no tab open. Elsewhere the page sends it on `online` and when the app starts (app/utils/order-queue-client.ts).
sw.addEventListener("sync", (event) => {
  if (event.tag !== ORDER_QUEUE_SYNC_TAG) return;
  event.waitUntil(readCurrentKey().then((key) => (key ? sendQueue(key) : undefined)));
});

sw.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") {
    // asked by a page between two navigations, never during checkout (app/utils/offline-client.ts)
    event.waitUntil(sw.skipWaiting());
  } else if (data?.type === "OFFLINE_STATE") {
    const storedAt = event.source ? (servedCopies.get(event.source.id) ?? null) : null;
    event.ports[0]?.postMessage({ type: "OFFLINE_STATE", storedAt });
  } else if (data?.type === "SIGN_OUT") {
    // Log Out pressed on a page (0077): the same as seeing its POST, which offline may never be sent
    // offline the post may never leave the page (its route module may not even load), so the shop must be told later
    event.waitUntil(signOutOnDevice(!sw.navigator.onLine));
  } else if (data?.type === "ACCOUNT") {
    // the page's order queue lives in the account's database (0078): which account this device is on now
    event.waitUntil(readCurrentKey().then((key) => event.ports[0]?.postMessage({ type: "ACCOUNT", key })));
  }
});

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  const kind = requestKind(request.method, url.pathname, url.search, request.mode);
  if (kind === "asset") return event.respondWith(assetFirst(request));
  if (kind === "route-manifest") return event.respondWith(routeManifest(request, url.search));
  const answer =
    kind === "sign-out"
      ? () => signOut(event)
      : kind === "price-list"
        ? () => priceList(event)
        : kind === "page" || kind === "data" || kind === "file"
          ? () => networkFirst(event, kind)
          : // any other page or Remix data request: passed on, and its reply still says who is signed in
            request.method === "GET" && (request.mode === "navigate" || url.searchParams.has("_data"))
            ? () => passOn(event)
            : null;
  if (answer) event.respondWith(kind === "sign-out" ? answer() : finishPendingSignOut().then(answer));
});

// ─── A sign-out pressed with no connection ───────────────────────────────────────────────────────────────────

const SIGN_OUT_PENDING = "/__offline/sign-out-pending";
let signOutPending: boolean | undefined;

async function setSignOutPending(pending: boolean): Promise<void> {
  signOutPending = pending;
  const meta = await caches.open(META_CACHE);
  if (pending) await meta.put(SIGN_OUT_PENDING, new Response("1"));
  else await meta.delete(SIGN_OUT_PENDING);
}

/**
 * The device forgot the account at once, but the shop's session (and the browser's cookie) lives on until the shop
 * hears of it: on a shared device the next person online would be signed in as the last. So the first request
 * that can reach the shop afterwards, whoever makes it, is preceded by the sign-out itself.
 */
async function isSignOutPending(): Promise<boolean> {
  signOutPending ??= Boolean(await (await caches.open(META_CACHE)).match(SIGN_OUT_PENDING));
  return signOutPending;
}

let finishing: Promise<void> | null = null;
function finishPendingSignOut(): Promise<void> {
  // requests made together wait for the one sign-out
  finishing ??= (async () => {
    if (!(await isSignOutPending())) return;
    try {
      await fetch(SIGN_OUT_ACTION, { method: "POST", credentials: "same-origin", redirect: "manual" });
      await setSignOutPending(false);
    } catch {
      // still no connection: tried again with the next request
    }
  })().finally(() => {
    finishing = null;
  });
  return finishing;
}

/**
 * Log Out pressed (its post seen, or the page's word when the post may never leave the device): the account's
 * copies go at once, and the shop's session is to be ended by the next request that reaches it.
 */
async function signOutOnDevice(unsent: boolean): Promise<void> {
  await setCurrentKey(null, true);
  if (unsent) await setSignOutPending(true);
}

async function signOut(event: FetchEventLike): Promise<Response> {
  await signOutOnDevice(false);
  try {
    const reply = await fetch(event.request);
    if (signOutPending) await setSignOutPending(false);
    return reply;
  } catch (error) {
    await setSignOutPending(true);
    if (event.request.mode !== "navigate") throw error;
    return offlinePage();
  }
}

async function passOn(event: FetchEventLike): Promise<Response> {
  const started = epoch;
  try {
    const reply = await fetch(event.request);
    event.waitUntil(noteAccount(reply, started));
    return reply;
  } catch (error) {
    if (event.request.mode !== "navigate") throw error;
    return offlinePage();
  }
}

/**
 * Takes the reply's word for who is signed in, unless the account changed since its request was made. Returns the
 * epoch the caller's work now belongs to, or null when the reply is stale and must be neither believed nor kept.
 */
async function noteAccount(reply: Response, started: number): Promise<number | null> {
  if (epoch !== started) return null;
  const account = accountOfReply(reply.headers);
  if (account !== undefined) await setCurrentKey(account);
  return epoch;
}

async function networkFirst(event: FetchEventLike, kind: Exclude<OfflineRequestKind, "other">): Promise<Response> {
  const request = event.request;
  const clientId = kind === "data" ? event.clientId : event.resultingClientId || event.clientId;
  const started = epoch;
  let reply: Response;
  try {
    reply = await fetch(request);
  } catch {
    return fromCopy(request, kind, clientId);
  }
  if (kind !== "file") noteServed(clientId, null);
  event.waitUntil(keepCopy(request, reply.clone(), kind, started));
  return reply;
}

async function keepCopy(request: Request, reply: Response, kind: OfflineRequestKind, started: number, followUp = true): Promise<void> {
  const now = await noteAccount(reply, started);
  if (now === null) return;
  const key = storageKeyFor(kind, reply);
  if (!key || key !== currentKey) return;
  const headers = new Headers(reply.headers);
  headers.set(STORED_AT_HEADER, new Date(reply.headers.get("Date") ?? Date.now()).toISOString());
  const copy = new Response(await reply.blob(), { status: 200, statusText: reply.statusText, headers });
  if (epoch !== now) return;
  await (await caches.open(pageCacheName(key))).put(request.url, copy);
  if (kind !== "file" && followUp) {
    await refreshPriceList(key);
    // online and signed in as this account: anything it has waiting goes now (a restarted worker included)
    await sendQueue(key).catch(() => undefined);
  }
}

async function fromCopy(request: Request, kind: OfflineRequestKind, clientId: string): Promise<Response> {
  const key = await readCurrentKey();
  const copy = key ? await (await caches.open(pageCacheName(key))).match(request.url, { ignoreVary: true }) : undefined;
  if (copy) {
    if (kind !== "file") noteServed(clientId, copy.headers.get(STORED_AT_HEADER));
    return copy;
  }
  if (kind === "data") {
    // Remix's own redirect that reloads the document: the navigation then gets a copy or the offline page
    const page = new URL(request.url);
    page.searchParams.delete("_data");
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": page.pathname + page.search, "X-Remix-Reload-Document": "true" },
    });
  }
  return offlinePage();
}

async function offlinePage(): Promise<Response> {
  // after a Log Out that could not reach the shop, whatever page the tab tries next says what happened
  if (await isSignOutPending()) return new Response(signedOutOfflinePageHtml(), { status: 503, headers: OFFLINE_PAGE_HEADERS });
  const key = await readCurrentKey();
  const pages: KeptPage[] = [];
  if (key) {
    const cache = await caches.open(pageCacheName(key));
    const requests = await cache.keys();
    const urls = linkablePages(requests.map((r) => r.url).reverse()).slice(0, 50);
    for (const url of urls) {
      const copy = await cache.match(url);
      if (!copy) continue;
      const type = copy.headers.get("Content-Type") ?? "";
      pages.push({ url, title: type.startsWith("text/html") ? titleOfPage(await copy.text(), sw.location.origin + url) : `Invoice PDF ${url.split("/").pop()}` });
    }
  }
  return new Response(offlinePageHtml({ signedIn: key !== null, pages }), { status: 503, headers: OFFLINE_PAGE_HEADERS });
}

async function assetFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request.url);
  if (hit) return hit;
  const reply = await fetch(request);
  if (reply.ok) {
    await cache.put(request.url, reply.clone());
    const keys = await cache.keys();
    // oldest first: an old build's files go before the current one's
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT)).map((old) => cache.delete(old)));
  }
  return reply;
}

/**
 * Routes a page discovers as its links appear or on a client-side navigation (0028): the shop's answer, or with
 * no connection the worker's own list of this build's storefront routes, so that a kept page's links still open.
 */
async function routeManifest(request: Request, search: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const answer = routeManifestAnswer(search, __OFFLINE_ROUTES__);
    if (answer === null) throw error;
    return new Response(answer, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  }
}

/** The pages an order made offline leads to (the queue, the Log Out confirm), kept without a visit. */
async function fetchAhead(key: string, started: number): Promise<void> {
  for (const path of PAGES_FETCHED_AHEAD) {
    const request = new Request(new URL(path, sw.location.origin).href, { credentials: "same-origin", headers: { Accept: "text/html", [FETCHED_AHEAD_HEADER]: "1" } });
    const reply = await fetch(request).catch(() => null);
    if (!reply || epoch !== started || currentKey !== key) return;
    const html = reply.ok ? await reply.clone().text() : "";
    await keepCopy(request, reply, "page", started, false);
    // the page's own scripts, so that it runs offline without ever having been opened
    await Promise.all(assetsOfPage(html).map((asset) => assetFirst(new Request(new URL(asset, sw.location.origin).href)).catch(() => undefined)));
  }
}

// ─── The price list ───────────────────────────────────────────────────────────────────────────────────────────

/** The page's own request: the network when there is one (and the copy is refreshed), else the account's copy. */
async function priceList(event: FetchEventLike): Promise<Response> {
  const started = epoch;
  try {
    const reply = await fetch(event.request);
    event.waitUntil(keepPriceList(reply.clone(), started));
    return reply;
  } catch {
    const key = await readCurrentKey();
    const stored = key ? await readPriceList(key).catch(() => null) : null;
    if (!stored) {
      return new Response(JSON.stringify({ message: "You are offline and this device has no price list yet." }), {
        status: 503,
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });
    }
    return new Response(stored.body, {
      headers: { "Content-Type": "application/json; charset=utf-8", [STORED_AT_HEADER]: stored.storedAt, ...(stored.etag ? { ETag: stored.etag } : {}) },
    });
  }
}

async function keepPriceList(reply: Response, started: number): Promise<void> {
  if (reply.status !== 200) return;
  const now = await noteAccount(reply, started);
  const key = accountOfReply(reply.headers);
  if (now === null || !key || key !== currentKey) return;
  const body = await reply.text();
  if (epoch !== now) return;
  await writePriceList(key, {
    body,
    etag: reply.headers.get("ETag"),
    storedAt: new Date(reply.headers.get("Date") ?? Date.now()).toISOString(),
    checkedAt: Date.now(),
  });
}

/** In the background, at most every PRICE_LIST_REFRESH_MS: a 304 when nothing changed costs a few hundred bytes. */
async function refreshPriceList(key: string): Promise<void> {
  const stored = await readPriceList(key).catch(() => null);
  if (stored && Date.now() - stored.checkedAt < PRICE_LIST_REFRESH_MS) return;
  const started = epoch;
  await fetchAhead(key, started);
  const reply = await fetch(PRICE_LIST_PATH, {
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(stored?.etag ? { "If-None-Match": stored.etag } : {}) },
  }).catch(() => null);
  if (!reply) return;
  if (reply.status === 304 && stored) {
    if (epoch === started) await writePriceList(key, { ...stored, checkedAt: Date.now() });
    return;
  }
  await keepPriceList(reply, started);
}
