/**
 * The address the site is reached at, for links in mails (a password reset link must open the site itself).
 * It comes from APP_URL (`https://trade.example.co.uk`), never from the request: a request's Host header is
 * whatever its sender wrote, so a reset mail that took its address from it would send the link's token to
 * any site an attacker named. Without APP_URL (or with one that is not an http(s) address) links point at
 * this server on this machine, http://localhost:PORT: right for a demo on one box, and plainly wrong
 * elsewhere, which says what to set.
 */
export function appUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env.APP_URL?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === "https:" || url.protocol === "http:") return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
      // not an address: the local one below
    }
  }
  const port = Number(env.PORT);
  return `http://localhost:${Number.isInteger(port) && port > 0 ? port : 3000}`;
}

/** An absolute link to `path` (which starts with "/") on the site. */
export function appLink(path: string, env?: Record<string, string | undefined>): string {
  return `${appUrl(env)}${path}`;
}
