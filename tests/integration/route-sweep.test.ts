/**
 * The sweep: every route of the app (found from `app/routes`, so a new screen or API is swept without a
 * word here) is called as a signed-out visitor, each company role of one company (company admin, approver,
 * buyer and viewer: the demo buyer's company), the company admin of another company, a supplier and each staff
 * role of the back office (sales, warehouse, accounts and a full admin), with real records in
 * its params: GET, and the writes its kind of route can take (a form post for a screen; POST, PUT, PATCH
 * and DELETE for the JSON API), each passing the request guard as the app's own pages would. What each
 * role may get is the table ACCESS below, by kind of route, with the company roles' areas
 * (docs/decisions/0069-company-roles.md) on top; nothing ever answers 500.
 *
 * Each route module's loader or action is called on its own, as a `?_data=` request reaches it: a guard in
 * a parent layout alone would not protect a child's data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { refusalFor } from "~/utils/request-guard";
import { ROLE_REFUSED_API_MESSAGE, ROLE_REFUSED_MESSAGE, staffAreaOfPath, staffMay } from "~/domain/users/staff-roles";
import { COMPANY_ROLE_REFUSED_TITLE, VIEWER_MESSAGE } from "~/domain/companies/company-roles";
import { sessionStorage } from "~/utils/session.server";
import { buildRequest, callRoute, cookieFrom, TEST_ORIGIN } from "./http";
import {
  actorOf,
  appRoutes,
  seedSweepData,
  isApiPattern,
  paramFiller,
  ROLES,
  STAFF_ROLE_ACTORS,
  sessionCookie,
  type Actors,
  type AppRoute,
  type FilledRoute,
  type Role,
} from "./route-sweep";

// ─── What each role may get ─────────────────────────────────────────────────

/**
 * - `any`: anything but a 500;
 * - `allowed`: anything but a 500 or being sent to sign in;
 * - `signIn`: a screen redirects to /login (and back), the API answers 401;
 * - `accessDenied`: a screen sends the visitor home with the "Access Denied" notice, the API answers 403;
 * - `refused`: a screen answers 403/404 or redirects elsewhere, the API answers 403 or 404;
 * - `roleRefused`: a back-office user whose staff role does not cover the route: a screen sends them to the
 *   back-office home with "Your role cannot use this screen.", the API answers 403;
 * - `companyRoleRefused`: a person whose company role does not cover the route: a screen sends them to /account
 *   with the "Not for your role" notice, the API answers 403 with the reason (a viewer's: VIEWER_MESSAGE);
 * - `notFound`: the route's record is not one this person may see (a colleague's order for a buyer, anything of
 *   another company): 404 on every method, as if it did not exist (a write whose empty body is refused, 400,
 *   before any record is looked up tells nothing either);
 * - `seen`: the record is the company's and this person sees it: GET answers 200;
 * - `writesRefused`: reading is allowed, a write answers 403 (the company admin's address book).
 * A method the route does not take may always answer 405 naming the methods it does take.
 */
type Expectation =
  | "any"
  | "allowed"
  | "signIn"
  | "accessDenied"
  | "refused"
  | "roleRefused"
  | "companyRoleRefused"
  | "notFound"
  | "seen"
  | "writesRefused";
type Access = Record<Role, Expectation>;
type CompanyColumn = "approver" | "buyer" | "viewer" | "otherCompany";

/**
 * Outside the back office every staff role is treated as the admin is; the demo company's people and the other
 * company's admin as its company admin (`customer`) is, unless named.
 */
const asAdmin = (
  access: { signedOut: Expectation; customer: Expectation; supplier: Expectation; admin: Expectation } & Partial<Record<CompanyColumn, Expectation>>,
): Access => ({
  signedOut: access.signedOut,
  companyAdmin: access.customer,
  approver: access.approver ?? access.customer,
  buyer: access.buyer ?? access.customer,
  viewer: access.viewer ?? access.customer,
  otherCompany: access.otherCompany ?? access.customer,
  supplier: access.supplier,
  admin: access.admin,
  sales: access.admin,
  warehouse: access.admin,
  accounts: access.admin,
});

/**
 * Switch on when the supplier portal is in: a supplier then sees only their own purchase orders and purchase
 * invoices, and every customer screen and API (cart aside) refuses them.
 */
const SUPPLIERS_KEPT_OUT_OF_CUSTOMER_AREAS = true;

const everyone: Access = asAdmin({ signedOut: "any", customer: "any", supplier: "any", admin: "any" });

/** Kinds of route, first match wins; a route in none of them fails the sweep until it is given one. */
const ACCESS: { kind: string; paths: RegExp; access: Access }[] = [
  {
    kind: "back office",
    paths: /^\/(api\/)?admin(\/|$)/,
    // the staff roles' expectations come from the route's area (staffExpectation below)
    access: asAdmin({ signedOut: "signIn", customer: "accessDenied", supplier: "accessDenied", admin: "allowed" }),
  },
  {
    kind: "supplier portal",
    paths: /^\/(api\/)?suppliers?(\/|$)/,
    access: asAdmin({ signedOut: "signIn", customer: "refused", supplier: "allowed", admin: "allowed" }),
  },
  // a blank CSV layout, before the quick-order screen it belongs to
  { kind: "public download", paths: /^\/quick-order\/template\.csv$/, access: everyone },
  // the browser tab's icon: the business's initials
  { kind: "public download", paths: /^\/company-icon\.svg$/, access: everyone },
  // the installable app's manifest and icons (docs/decisions/0077)
  { kind: "public download", paths: /^\/(manifest\.webmanifest|app-icons\/[^/]+)$/, access: everyone },
  // the people of a company: its company admins only (the other company's admin manages their own, and the
  // sweep's person records are of the other company: 404 for the demo company's admin); anyone else signed in is
  // refused (403)
  // orders sent for approval: approvers and company admins decide on the company's, buyers follow their own
  // (another's is unknown, 404); viewers cannot order, so have none
  {
    kind: "company approvals",
    paths: /^\/account\/approvals(\/|$)|^\/api\/company\/approvals(\/|$)/,
    access: asAdmin({
      signedOut: "signIn",
      customer: "allowed",
      approver: "allowed",
      buyer: "allowed",
      viewer: "refused",
      supplier: "refused",
      admin: "refused",
    }),
  },
  {
    kind: "company people",
    paths: /^\/account\/company(\/|$)|^\/api\/company(\/|$)/,
    access: asAdmin({
      signedOut: "signIn",
      customer: "allowed",
      approver: "refused",
      buyer: "refused",
      viewer: "refused",
      supplier: "refused",
      admin: "refused",
    }),
  },
  {
    kind: "customer area",
    paths:
      /^\/(checkout|account|quick-order|request-product)(\/|$)|^\/api\/products\/:slug\/pricing$|^\/api\/(orders|order-templates|returns|loyalty|invoices|addresses|product-requests|account|quotes)(\/|$)/,
    access: asAdmin({
      signedOut: "signIn",
      customer: "allowed",
      supplier: SUPPLIERS_KEPT_OUT_OF_CUSTOMER_AREAS ? "refused" : "allowed",
      admin: "allowed",
    }),
  },
  {
    kind: "who is signed in, and their own password",
    paths: /^\/api\/auth\/(user|change-password)$/,
    access: asAdmin({ signedOut: "signIn", customer: "allowed", supplier: "allowed", admin: "allowed" }),
  },
  // guests have a cart of their own (kept in their session) that joins their account when they sign in; a
  // company's viewer has none
  { kind: "cart", paths: /^\/(api\/)?cart(\/|$)/, access: { ...everyone, viewer: "companyRoleRefused" } },
  {
    kind: "public",
    paths:
      /^\/($|\*$|category\/|products\/|login$|logout$|prices$|listing-view$|forgot-password$|reset-password\/|invitation\/)|^\/api\/(\*$|products|categories|auth\/(login|signup|forgot-password|reset-password)|login|logout)(\/|$)/,
    access: everyone,
  },
];

// ─── The company roles' areas (docs/decisions/0069-company-roles.md) ────────

/** Customer-area routes a viewer may use: the account page itself, the prices of a product and the price list. */
const VIEWER_MAY = /^\/account(\/dashboard)?$|^\/api\/products\/:slug\/pricing$|^\/api\/account\/price-list$/;
/** Routes whose record (filled with the company admin's) is an order or invoice of the company. */
const COMPANY_DOCUMENTS =
  /^\/account\/invoices\/:id\.pdf$|^\/account\/orders\/:orderId\/placed$|^\/api\/invoices\/:id\/pdf$|^\/api\/orders\/:id\/items$|^\/account\/quotes\/:id(\.pdf)?$|^\/api\/quotes\/:id(\/(accept|decline|revise|pdf))?$/;
/** Routes whose record is the company's (its documents, its address book, its templates): another company's 404. */
const COMPANY_RECORDS = new RegExp(`${COMPANY_DOCUMENTS.source}|^\\/api\\/addresses\\/:id$|^\\/api\\/order-templates\\/:id$`);
/** The company's address book, which only its company admins change. */
const ADDRESS_BOOK_API = /^\/api\/addresses(\/:id)?$/;

/** A company column's expectation on a customer-area route, where the role's area decides. */
function companyExpectation(pattern: string, role: Role, base: Expectation): Expectation {
  if (role === "viewer") return VIEWER_MAY.test(pattern) ? base : "companyRoleRefused";
  if (role === "otherCompany" && COMPANY_RECORDS.test(pattern)) return "notFound";
  if (role === "buyer" && COMPANY_DOCUMENTS.test(pattern)) return "notFound";
  if (role === "approver" && COMPANY_DOCUMENTS.test(pattern)) return "seen";
  if ((role === "buyer" || role === "approver") && ADDRESS_BOOK_API.test(pattern)) return "writesRefused";
  return base;
}

// Params a URL's query carries rather than its path.
const QUERY_OF_PATTERN: Record<string, (actors: Actors) => string> = {
  "/account/returns/new": (actors) => `?order=${ownOrderId(actors.customer, "delivered")}`,
};

function ownOrderId(userId: string, status: string) {
  const row = getDb().$client.prepare("select id from orders where user_id = ? and status = ? order by id limit 1").get(userId, status) as
    | { id: number }
    | undefined;
  if (!row) throw new Error(`The test data has no ${status} order of the customer`);
  return row.id;
}

// ─── The calls ──────────────────────────────────────────────────────────────

const API_WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Call = {
  role: Role;
  method: string;
  url: string;
  status: number;
  location: string | null;
  allow: string | null;
  toastTitle?: string;
  toastDescription?: string;
  /** the `message` of a JSON refusal */
  message?: string;
  error?: string;
};

type Swept = { route: AppRoute; target?: FilledRoute & { url: string }; fillError?: string; calls: Call[] };

const routes = await appRoutes();
const swept = new Map<string, Swept>(routes.map((route) => [route.id, { route, calls: [] }]));
let actors: Actors;

/**
 * The request a page of the app (or a same-origin script) would send, with an empty body of the kind the
 * request guard accepts for the path (JSON for the API, multipart for its one upload, a form for a screen).
 */
function sweepRequest(url: string, method: string, api: boolean, cookie?: string) {
  const headers = { Origin: TEST_ORIGIN, "Sec-Fetch-Site": "same-origin" };
  const bodies = method === "GET" || method === "DELETE" ? [{}] : api ? [{ json: {} }, { form: new FormData() }] : [{ form: {} }];
  for (const body of bodies) {
    const request = buildRequest(url, { method, cookie, headers, ...body });
    const refusal = refusalFor({
      method,
      path: new URL(request.url).pathname,
      host: new URL(TEST_ORIGIN).host,
      origin: TEST_ORIGIN,
      secFetchSite: "same-origin",
      contentType: request.headers.get("Content-Type") ?? undefined,
      contentLength: Object.keys(body).length > 0 ? 2 : 0,
      chunked: false,
    });
    if (!refusal) return request;
  }
  throw new Error(`The request guard refuses every body the sweep can send with ${method} ${url}`);
}

async function call(entry: Swept, role: Role, method: string) {
  const { route, target } = entry;
  const handler = method === "GET" ? route.module.loader : route.module.action;
  if (!handler || !target) return;
  const cookie = role === "signedOut" ? undefined : await sessionCookie(actorOf(actors, role));
  const request = sweepRequest(target.url, method, isApiPattern(route.pattern), cookie);
  const result: Call = { role, method, url: target.url, status: 0, location: null, allow: null };
  try {
    const response = await callRoute(handler, request, target.params);
    result.status = response.status;
    result.location = response.headers.get("Location");
    result.allow = response.headers.get("Allow");
    if (result.location && response.headers.getSetCookie().length > 0) {
      const session = await sessionStorage.getSession(cookieFrom(response, cookie ?? ""));
      // a flash is gone once read: read it once
      const toast = session.get("toast");
      result.toastTitle = toast?.title;
      result.toastDescription = toast?.description;
    }
    if (response.status >= 400 && (response.headers.get("Content-Type") ?? "").includes("json")) {
      result.message = ((await response.json()) as { message?: string }).message;
    } else {
      await response.body?.cancel();
    }
  } catch (error) {
    // Remix answers an error a loader or action throws with a 500 page
    result.status = 500;
    result.error = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  }
  entry.calls.push(result);
}

function methodsOf(route: AppRoute) {
  return isApiPattern(route.pattern) ? API_WRITES : (["POST"] as const);
}

beforeAll(async () => {
  actors = await seedSweepData();

  const fill = paramFiller(actors);
  for (const entry of swept.values()) {
    try {
      const filled = fill(entry.route.pattern);
      const query = QUERY_OF_PATTERN[entry.route.pattern]?.(actors) ?? "";
      entry.target = { ...filled, url: filled.url + query };
    } catch (error) {
      entry.fillError = (error as Error).message;
    }
  }

  const entries = [...swept.values()];
  const staff: readonly Role[] = STAFF_ROLE_ACTORS;
  // Everyone outside the back office first, then the staff's reads, writes and finally deletes (the full
  // admin last each time), so a record the back office removes is gone only after every other call has used it.
  for (const role of ROLES.filter((r) => !staff.includes(r))) {
    for (const entry of entries) {
      await call(entry, role, "GET");
      for (const method of methodsOf(entry.route)) await call(entry, role, method);
    }
  }
  for (const role of STAFF_ROLE_ACTORS) for (const entry of entries) await call(entry, role, "GET");
  for (const role of STAFF_ROLE_ACTORS) {
    for (const entry of entries) for (const method of methodsOf(entry.route)) if (method !== "DELETE") await call(entry, role, method);
  }
  for (const role of STAFF_ROLE_ACTORS) {
    for (const entry of entries) if (methodsOf(entry.route).includes("DELETE" as never)) await call(entry, role, "DELETE");
  }

  const calls = entries.reduce((sum, entry) => sum + entry.calls.length, 0);
  console.log(`Route sweep: ${entries.length} routes × ${ROLES.length} roles = ${entries.length * ROLES.length}; ${calls} calls`);
}, 300_000);

// ─── What the calls must show ───────────────────────────────────────────────

function accessOf(pattern: string) {
  return ACCESS.find((kind) => kind.paths.test(pattern));
}

/**
 * A staff role's expectation on a back-office route: allowed in the route's area (docs/decisions/0065), refused
 * with the role notice elsewhere. Throws for a back-office route in no area.
 */
function expectationOf(pattern: string, kind: { kind: string; access: Access }, role: Role): Expectation {
  if (kind.kind === "customer area") return companyExpectation(pattern, role, kind.access[role]);
  if (kind.kind !== "back office" || !(STAFF_ROLE_ACTORS as readonly Role[]).includes(role)) return kind.access[role];
  const area = staffAreaOfPath(pattern);
  if (!area) throw new Error(`${pattern} is in no staff area: add it to AREA_OF_PATH in app/domain/users/staff-roles.ts`);
  return staffMay(role as (typeof STAFF_ROLE_ACTORS)[number], area) ? "allowed" : "roleRefused";
}

const isLoginRedirect = (c: Call) => c.status >= 300 && c.status < 400 && (c.location ?? "").startsWith("/login");
/** A method the route does not take: 405 naming the methods it does. */
const notServed = (c: Call) => c.status === 405 && Boolean(c.allow) && !c.allow!.split(/,\s*/).includes(c.method);

function problem(c: Call, expectation: Expectation, api: boolean): string | null {
  if (c.status >= 500) return `answered ${c.status}${c.error ? `: ${c.error}` : ""}`;
  if (notServed(c)) return null;
  switch (expectation) {
    case "any":
      return null;
    case "allowed":
      if (isLoginRedirect(c) || c.status === 401) return `was sent to sign in (${c.status} ${c.location ?? ""})`;
      // a staff role is never turned away from its own area
      if (c.toastDescription === ROLE_REFUSED_MESSAGE || c.message === ROLE_REFUSED_API_MESSAGE) return `was refused for the staff role (${c.status})`;
      return null;
    case "signIn":
      if (api) return c.status === 401 ? null : `answered ${c.status}, not 401`;
      return isLoginRedirect(c) && c.location!.includes("redirectTo=") ? null : `answered ${c.status} ${c.location ?? ""}, not a redirect to /login`;
    case "accessDenied":
      if (api || c.status === 403) return c.status === 403 ? null : `answered ${c.status}, not 403`;
      // home is the supplier area for a supplier
      return c.location === (c.role === "supplier" ? "/supplier" : "/") && c.toastTitle === "Access Denied"
        ? null
        : `answered ${c.status} ${c.location ?? ""} (notice: ${c.toastTitle ?? "none"}), not "Access Denied"`;
    case "roleRefused":
      if (api) return c.status === 403 ? null : `answered ${c.status}, not 403`;
      return c.location === "/admin" && c.toastTitle === "Access Denied" && c.toastDescription === ROLE_REFUSED_MESSAGE
        ? null
        : `answered ${c.status} ${c.location ?? ""} (notice: ${c.toastDescription ?? "none"}), not the role's refusal`;
    case "companyRoleRefused":
      if (api) {
        if (c.status !== 403) return `answered ${c.status}, not 403`;
        return c.role !== "viewer" || c.message === VIEWER_MESSAGE ? null : `answered 403 with "${c.message ?? ""}", not the viewer's reason`;
      }
      return c.location === "/account" && c.toastTitle === COMPANY_ROLE_REFUSED_TITLE && (c.role !== "viewer" || c.toastDescription === VIEWER_MESSAGE)
        ? null
        : `answered ${c.status} ${c.location ?? ""} (notice: ${c.toastTitle ?? "none"}: ${c.toastDescription ?? ""}), not the company role's refusal`;
    case "notFound":
      if (c.status === 404) return null;
      // the sweep's empty body is refused before the record is looked up, for any id alike: that tells nothing
      if (c.method !== "GET" && c.status === 400) return null;
      return `answered ${c.status} ${c.location ?? ""}, not 404`;
    case "seen":
      if (c.method !== "GET") return null;
      return c.status === 200 ? null : `answered ${c.status} ${c.location ?? ""}, not 200`;
    case "writesRefused":
      if (c.method === "GET") return isLoginRedirect(c) || c.status === 401 ? `was sent to sign in (${c.status})` : null;
      return c.status === 403 ? null : `answered ${c.status}, not 403`;
    case "refused":
      if (c.status === 403 || c.status === 404) return null;
      if (api) return `answered ${c.status}, not 403 or 404`;
      return c.location && !c.location.startsWith(c.url) ? null : `answered ${c.status} ${c.location ?? ""}, not a refusal`;
  }
}

describe("route sweep", () => {
  it("finds the app's routes", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.pattern === "/admin/orders")).toBe(true);
    expect(routes.some((r) => r.pattern === "/api/admin/orders/:orderId/status")).toBe(true);
  });

  it.each(routes.map((route) => [route.pattern, route.id] as const))("%s (%s)", (_pattern, id) => {
    const entry = swept.get(id)!;
    const { route } = entry;
    // unreachable is a failure, never a skip
    if (entry.fillError) throw new Error(entry.fillError);
    const kind = accessOf(route.pattern);
    if (!kind) throw new Error(`${route.pattern} is in no kind of route: add it to ACCESS in route-sweep.test.ts`);

    const api = isApiPattern(route.pattern);
    const problems = entry.calls
      .map((c) => [c, expectationOf(route.pattern, kind, c.role)] as const)
      .map(([c, expectation]) => [c, expectation, problem(c, expectation, api)] as const)
      .filter(([, , found]) => found)
      .map(([c, expectation, found]) => `${c.role} ${c.method} ${c.url} (${kind.kind}: ${expectation}) ${found}`);
    expect(problems).toEqual([]);

    // every role was asked: a GET when the route has a loader, each write when it has an action
    const expected = ROLES.length * ((route.module.loader ? 1 : 0) + (route.module.action ? methodsOf(route).length : 0));
    expect(entry.calls).toHaveLength(expected);

    // the params named real records: someone gets an answer that is not "not found" (a splat route aside)
    if (!route.pattern.endsWith("*")) {
      const answered = entry.calls.filter((c) => c.status !== 404 && !notServed(c));
      expect(answered, `no role reached ${entry.target!.url}`).not.toHaveLength(0);
    }
  });
});
