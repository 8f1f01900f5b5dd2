/**
 * The page's side of the service worker (docs/decisions/0077), run only when JavaScript runs: registers /sw.js,
 * lets a new version take over between two pages (never during checkout or while a form is being sent), and
 * asks the worker whether this tab's page is an offline copy.
 */

let registration: ServiceWorkerRegistration | null = null;

function supported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
}

/** From entry.client, after hydration. */
export function registerServiceWorker(): void {
  if (!supported()) return;
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then((found) => {
      registration = found;
      takeOverBetweenPages(window.location.pathname);
    })
    .catch(() => undefined); // no worker: the site works exactly as without one
}

/** Where a new version must not take over: the order being placed. */
export function mayTakeOverAt(pathname: string): boolean {
  return !(pathname === "/checkout" || pathname.startsWith("/checkout/"));
}

/** A new version waiting takes over now that a page has finished loading, unless this page is checkout. */
export function takeOverBetweenPages(pathname: string): void {
  if (!registration?.waiting || !mayTakeOverAt(pathname)) return;
  registration.waiting.postMessage({ type: "SKIP_WAITING" });
}

/** Asks the worker controlling this tab (`{type}` with a reply port) and reads its answer; null without one or after `wait` ms. */
export function askWorker<T>(type: string, read: (data: unknown) => T | null, wait = 1000): Promise<T | null> {
  const controller = supported() ? navigator.serviceWorker.controller : null;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), wait);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(read(event.data));
    };
    controller.postMessage({ type }, [channel.port2]);
  });
}

/** When the worker served this tab's page from its copy (ISO time the copy was made), or null for a live page. */
export function askOfflineCopy(): Promise<string | null> {
  return askWorker("OFFLINE_STATE", (data) => (data as { storedAt?: string | null } | null)?.storedAt ?? null);
}
