/**
 * The checks every request passes before it reaches the app (server.ts runs them as Express middleware):
 * a state change must come from the app's own pages, an API body must be JSON, and no body may be larger
 * than its path allows. Pure, so the rules are unit-tested without a server.
 *
 * Why not SameSite cookies alone: Lax still lets a same-site page (another app on the same domain) post,
 * and a top-level cross-site GET carries the cookie. Browsers send `Origin` on every cross-origin POST and
 * `Sec-Fetch-Site` on every request; a client that sends neither is not a browser, so it cannot be tricked
 * into carrying someone else's cookie, and it is let through (API clients, scripts, curl).
 */
import { PRODUCT_CSV_MAX_BYTES } from "~/domain/catalog/product.schema";

export type GuardedRequest = {
  method: string;
  /** the decoded path, without the query */
  path: string;
  /** the query string (with or without its "?"), for the one path whose limit depends on it */
  query?: string;
  /** the request's own host (Host header, or X-Forwarded-Host when the proxy is trusted) */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
  contentLength: number | null;
  chunked: boolean;
};

export type Refusal = { status: 403 | 411 | 413 | 415; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** 512 KB: a 500-line order as JSON is about 80 KB; a form post is a few KB. */
export const DEFAULT_BODY_LIMIT = 512 * 1024;
/** Uploads (a product image, the quick-order CSV): the file's own 5 MB limit plus the multipart envelope. */
export const UPLOAD_BODY_LIMIT = 6 * 1024 * 1024;
/** The product import: its CSV's limit (a 100,000-product catalogue in Shopify's layout) plus the envelope. */
export const IMPORT_BODY_LIMIT = PRODUCT_CSV_MAX_BYTES + 64 * 1024;

/** Paths that take a file upload, and so a larger body. */
const UPLOAD_PATHS = ["/admin/products", "/quick-order", "/admin/settings/company", "/api/admin/settings/company/logo"];

/** The product import's two doors: the API, and the products page's form posted from the Import CSV dialog. */
export function isProductImportPost(path: string, query = ""): boolean {
  if (path === "/api/admin/products/import") return true;
  return path === "/admin/products" && new URLSearchParams(query).get("dialog") === "import";
}

/** API paths that take multipart rather than JSON, with what to send instead. */
const MULTIPART_API_PATHS: Record<string, string> = {
  "/api/admin/products/import": 'Send the CSV as multipart/form-data, in the field "file"',
  "/api/admin/settings/company/logo": 'Send the logo as multipart/form-data, in the field "image"',
};

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused. Open the page here and try again.";
export const NOT_JSON_MESSAGE = "Send the body as JSON with Content-Type: application/json";
export const TOO_LARGE_MESSAGE = "The request is too large.";
export const LENGTH_REQUIRED_MESSAGE = "Send the request with a Content-Length.";

/** Whether a Content-Type names JSON: `application/json` or `application/<something>+json`, any parameters. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType);
}

function isMultipart(contentType: string | undefined) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** Whether the request was sent by one of the app's own pages (or by a client that is not a browser). */
export function isSameOrigin(request: Pick<GuardedRequest, "host" | "origin" | "secFetchSite">): boolean {
  const { origin, secFetchSite, host } = request;
  if (origin !== undefined) {
    if (origin === "null" || !host) return false;
    try {
      return new URL(origin).host.toLowerCase() === host.toLowerCase();
    } catch {
      return false;
    }
  }
  if (secFetchSite !== undefined) return secFetchSite === "same-origin" || secFetchSite === "none";
  return true;
}

export function bodyLimitFor(path: string, query = ""): number {
  if (isProductImportPost(path, query)) return IMPORT_BODY_LIMIT;
  return UPLOAD_PATHS.includes(path) ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

/** Why a request is refused before the app sees it, or null when it may go on. */
export function refusalFor(request: GuardedRequest): Refusal | null {
  const method = request.method.toUpperCase();
  if (SAFE_METHODS.has(method)) return null;
  if (!isSameOrigin(request)) return { status: 403, message: CROSS_SITE_MESSAGE };

  const limit = bodyLimitFor(request.path, request.query);
  if (request.contentLength !== null && request.contentLength > limit) return { status: 413, message: TOO_LARGE_MESSAGE };
  // without a length the size is only known once read: a browser always sends one, so ask for it
  if (request.contentLength === null && request.chunked) return { status: 411, message: LENGTH_REQUIRED_MESSAGE };

  const hasBody = (request.contentLength ?? 0) > 0 || request.chunked;
  if (hasBody && isApiPath(request.path)) {
    const multipartMessage = Object.hasOwn(MULTIPART_API_PATHS, request.path) ? MULTIPART_API_PATHS[request.path] : undefined;
    const allowed = multipartMessage ? isMultipart(request.contentType) : isJsonMediaType(request.contentType);
    if (!allowed) return { status: 415, message: multipartMessage ?? NOT_JSON_MESSAGE };
  }
  return null;
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * The path as the app routes it: percent-escapes decoded (`/%6Cogin` is `/login`), repeated slashes joined,
 * in lower case (routes match whatever the case: `/API/Auth/Signup` is `/api/auth/signup`).
 */
export function decodedPath(rawPath: string): string {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // a malformed escape stays as sent; the app answers it as an unknown page
  }
  return path.replace(/\/{2,}/g, "/").toLowerCase();
}

/** Whether a refusal is answered as the JSON error (API calls and JavaScript's `_data` requests) or a page. */
export function wantsJson(path: string, url: string, accept: string | undefined): boolean {
  return isApiPath(path) || /[?&]_data=/.test(url) || (accept ?? "").includes("application/json");
}

/** A small self-contained page for a refused form post without JavaScript. */
export function refusalPage(refusal: Refusal): string {
  const title = refusal.status === 403 ? "Request refused" : "Request not accepted";
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${refusal.message}</p><p><a href="/">Go to the homepage</a></p></body></html>`;
}
