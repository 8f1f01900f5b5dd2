/**
 * Helpers for integration tests that call route modules directly, without a server: a use-case is
 * reached through its two doors, the screen route's action/loader and the /api resource route.
 *
 *   const login = await callRoute(apiLogin.action, buildRequest("/api/auth/login", { json: { email, password } }));
 *   const cookie = cookieFrom(login);
 *   const me = await readJson(await callRoute(apiUser.loader, buildRequest("/api/auth/user", { cookie })));
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";

export const TEST_ORIGIN = "http://localhost";

type FormValue = string | number | boolean | null | undefined | Array<string | number>;

export type RequestOptions = {
  /** Defaults to POST when a body is given, GET otherwise. */
  method?: string;
  /** Sent as a JSON body with Content-Type: application/json. */
  json?: unknown;
  /** Sent as a form post (urlencoded for plain values; multipart when a FormData is given). */
  form?: Record<string, FormValue> | URLSearchParams | FormData;
  /** A Cookie header value (or several pairs), e.g. from `cookieFrom(response)`. */
  cookie?: string | string[];
  headers?: HeadersInit;
};

/** A real `Request` for `http://localhost{path}`, as Remix would hand it to a loader or action. */
export function buildRequest(path: string, options: RequestOptions = {}): Request {
  const { json: jsonBody, form, cookie } = options;
  if (jsonBody !== undefined && form !== undefined) {
    throw new Error("buildRequest: give either json or form, not both");
  }
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;

  if (jsonBody !== undefined) {
    body = JSON.stringify(jsonBody);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  } else if (form instanceof FormData) {
    body = form; // fetch sets the multipart boundary itself
  } else if (form !== undefined) {
    body = form instanceof URLSearchParams ? form : toSearchParams(form);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
  }

  const cookies = Array.isArray(cookie) ? cookie.filter(Boolean).join("; ") : cookie;
  if (cookies) headers.set("Cookie", cookies);

  const method = (options.method ?? (body === undefined ? "GET" : "POST")).toUpperCase();
  if (body !== undefined && (method === "GET" || method === "HEAD")) {
    throw new Error(`buildRequest: a ${method} request cannot carry a body`);
  }
  return new Request(new URL(path, TEST_ORIGIN), { method, headers, body });
}

function toSearchParams(values: Record<string, FormValue>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}

/** A route module's loader or action. */
export type RouteHandler = (args: LoaderFunctionArgs) => unknown;

/**
 * Calls a loader or action the way Remix does and returns its Response. A thrown Response (the
 * `require*` guards, redirects, 4xx from parsing) is returned rather than thrown, so tests can assert
 * on it. Plain data is wrapped as Remix would serialise it. Other errors propagate.
 */
export async function callRoute(
  handler: RouteHandler | undefined,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = {},
): Promise<Response> {
  if (typeof handler !== "function") {
    throw new Error(`callRoute: the route has no loader/action for ${request.method} ${request.url}`);
  }
  let result: unknown;
  try {
    result = await handler({ request, params, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  return json(result ?? null);
}

/** The JSON body of a response; fails with the status and the start of the body when it is not JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readJson<T = any>(response: Response): Promise<T> {
  const type = response.headers.get("Content-Type") ?? "";
  const text = await response.text();
  if (!type.includes("json")) {
    throw new Error(
      `Expected a JSON response but got ${response.status} ${type || "(no content type)"}: ${text.slice(0, 200)}`,
    );
  }
  return JSON.parse(text) as T;
}

/** Where a redirect points (path and query), failing when the response is not a redirect. */
export function redirectLocation(response: Response): string {
  const location = response.headers.get("Location");
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`Expected a redirect but got ${response.status}`);
  }
  const url = new URL(location, TEST_ORIGIN);
  return url.origin === TEST_ORIGIN ? url.pathname + url.search : url.href;
}

/**
 * The Cookie header to send next: the `name=value` pairs the response set, merged over `previous`
 * (a cookie the response deletes, with Max-Age=0 or a past Expires, is dropped). Throws when the
 * response sets no cookie and there is nothing to carry over, so a missing session fails loudly.
 */
export function cookieFrom(response: Response, previous = ""): string {
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length === 0 && !previous) {
    throw new Error(`Expected a Set-Cookie header on the ${response.status} response`);
  }
  const jar = new Map<string, string>();
  for (const pair of previous.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name) jar.set(name, rest.join("="));
  }
  for (const header of setCookies) {
    const [pair, ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (isDeletion(attributes)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function isDeletion(attributes: string[]) {
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.trim().split("=");
    const value = rest.join("=");
    if (key.toLowerCase() === "max-age" && Number(value) <= 0) return true;
    if (key.toLowerCase() === "expires" && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}
