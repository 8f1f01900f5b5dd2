/**
 * The page an unvisited URL gets offline (docs/decisions/0077): part of the worker script, so it is there whenever
 * the worker is. It lists the signed-in buyer's own kept pages; signed out it lists nothing.
 */

export type KeptPage = { url: string; title: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A kept page's title from its HTML (`<title>`, less the business name after " · "), else its path. */
export function titleOfPage(html: string, url: string): string {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = match?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .trim();
  if (!title) return new URL(url).pathname;
  const parts = title.split(" · ");
  return parts.length > 1 && parts[0] ? parts[0] : title;
}

/** The kept pages worth linking to: documents (not data requests), each URL once, newest first as given. */
export function linkablePages(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of urls) {
    const parsed = new URL(url);
    if (parsed.searchParams.has("_data") || parsed.pathname === "/logout") continue;
    const href = parsed.pathname + parsed.search;
    if (seen.has(href)) continue;
    seen.add(href);
    out.push(href);
  }
  return out;
}

/** Headers of the offline page: its own strict policy (no script at all), never stored by the HTTP cache. */
export const OFFLINE_PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
};

export function offlinePageHtml({ signedIn, pages }: { signedIn: boolean; pages: readonly KeptPage[] }): string {
  const list =
    pages.length > 0
      ? `<h2>Pages you can open offline</h2><ul>${pages
          .map((page) => `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.title)}</a></li>`)
          .join("")}</ul>`
      : signedIn
        ? `<p>No pages have been kept on this device yet. Pages you open while online are kept for when the connection drops.</p>`
        : `<p>Sign in while online: the pages you then open are kept on this device for when the connection drops.</p>`;
  return offlineDocument(
    "This page is not available offline",
    `<p>This page was not opened on this device while you were online, so there is no copy of it. Check your connection and try again.</p>
${list}`,
  );
}

/**
 * Log Out pressed with no connection: the device has already deleted the account's pages, price list and waiting
 * orders, but the shop has not heard of it, so the buyer is told what happened on each side.
 */
export function signedOutOfflinePageHtml(): string {
  return offlineDocument(
    "Signed out on this device",
    `<p>The pages, prices and orders waiting to send that this device kept for your account are deleted.</p>
<p>The shop could not be reached to end your session there: it ends by itself, or when you next sign out online. Sign in again once you are back online.</p>`,
  );
}

function offlineDocument(heading: string, main: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>You are offline</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Arial,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
.bar{background:#fef3c7;border-bottom:1px solid #fcd34d;padding:.6rem 1rem;font-size:.9rem;font-weight:600;color:#451a03}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin-top:2rem}
a{color:#174ca8}li{margin:.4rem 0}</style></head><body>
<div class="bar" role="status">You are offline</div><main>
<h1>${escapeHtml(heading)}</h1>
${main}
</main></body></html>`;
}
