/**
 * Every route of the app, found the way the build finds them (Remix's flat-routes convention over
 * `app/routes`), with its params filled from the database: the sweep and the API fuzz call each one
 * without a list to keep up to date. A route whose params cannot be filled fails loudly.
 */
import path from "node:path";
import { companyIdOf } from "./factories";
import { fileURLToPath } from "node:url";
// the function the build itself uses to read app/routes (exported by @remix-run/dev as UNSAFE_flatRoutes)
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import remixConfig from "../../remix.config.js";
import { seedDemo } from "~db/seed";
import { approvalRequests, deliveryAddresses, quoteLines, quotes } from "~db/schema";
import { getDb } from "~/utils/db.server";
import { sendMail } from "~/utils/mail.server";
import { commitSession, sessionStorage } from "~/utils/session.server";
import type { RouteHandler } from "./http";

const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

export type RouteModule = { loader?: RouteHandler; action?: RouteHandler };

export type AppRoute = {
  id: string;
  file: string;
  /** the URL pattern, e.g. "/api/admin/orders/:orderId/status" */
  pattern: string;
  module: RouteModule;
};

/** Every route module that answers requests (has a loader or an action), with its full URL pattern. */
export async function appRoutes(): Promise<AppRoute[]> {
  const manifest = flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles ?? []);
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? manifest[id] : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? [route.path] : [])];
  };
  const routes = await Promise.all(
    Object.values(manifest).map(async (route) => ({
      id: route.id,
      file: route.file,
      pattern: "/" + fullPath(route.id).join("/"),
      module: (await import(path.join(APP_DIR, route.file))) as RouteModule,
    })),
  );
  return routes
    .filter((route) => route.module.loader || route.module.action)
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export function isApiPattern(pattern: string) {
  return pattern === "/api" || pattern.startsWith("/api/");
}

// ─── Filling params with real records ───────────────────────────────────────

export type Actors = {
  admin: string;
  /** back-office users with the staff roles sales, warehouse and accounts */
  sales: string;
  warehouse: string;
  accounts: string;
  /** the demo buyer, buyer@example.com: the company admin of Hartley's Café & Deli Ltd (the column `companyAdmin`) */
  customer: string;
  /** the other people of that company, one per company role */
  approver: string;
  buyer: string;
  viewer: string;
  supplier: string;
  /** buyer2@example.com: the company admin of another company (the column `otherCompany`) */
  otherCustomer: string;
  pendingCustomer: string;
  /** a mail in the outbox (its file name without .eml) */
  mail?: string;
};

/** The accounts a sweep signs in as. */
export type ActorName = Exclude<keyof Actors, "mail">;

type Row = Record<string, unknown>;
const tableNames = (): Set<string> =>
  new Set(
    (getDb().$client.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
const columnsOf = (table: string): Set<string> =>
  new Set((getDb().$client.prepare(`pragma table_info("${table}")`).all() as { name: string }[]).map((c) => c.name));

/**
 * The table a param names, by the static segment before it: `/purchase-orders/:id` is `purchase_orders`.
 * Only segments whose table has another name are listed here.
 */
const TABLE_OF_SEGMENT: Record<string, string> = {
  sales: "sales_invoices",
  purchase: "purchase_invoices",
  invoices: "sales_invoices",
  addresses: "delivery_addresses",
  accounts: "financial_accounts",
  redeem: "loyalty_rewards",
  category: "categories",
  id: "products",
  variants: "product_variants",
  "approve-user": "users",
  "reject-user": "users",
  "order-approvals": "orders",
  approvals: "approval_requests",
  "aged-debtors": "companies",
};

/** Params that name no row: a mail is an .eml file in the outbox, an attachment its place in the mail. */
const VALUE_OF_SEGMENT: Record<string, (actors: Actors) => string> = {
  outbox: (actors) => {
    if (!actors.mail) throw new Error("The sweep's setup sent no mail to the outbox");
    return actors.mail;
  },
  attachments: () => "0",
  // the app icons are named by their size
  "app-icons": () => "192.png",
  // a barcode is looked up by its code, not a row's id
  "by-barcode": () => "5012345678900",
  // an import's progress is named by the key the import was sent with
  import: () => "no-such-import",
  // a sign-in hold is named by its bucket (sign_in_failures rows come and go)
  "sign-in-holds": () => "no-such-hold",
  // a reset link is named by its token, which only its mail holds
  "reset-password": () => "no-such-token",
  // so is an invitation's
  invitation: () => "no-such-token",
};

/** Params that hold something else than their name says (they sit beside a sibling route's `:slug`). */
const COLUMN_OF_PARAM: Record<string, Record<string, string>> = {
  "/api/products/:slug/pricing": { slug: "id" },
  "/api/products/:slug/recommendations": { slug: "id" },
};

/** Where a record names its owner, and which actor that owner is in the sweep. */
const OWNER_COLUMNS: [column: string, actor: ActorName][] = [
  ["user_id", "customer"],
  ["customer_id", "customer"],
  ["supplier_id", "supplier"],
];

const singular = (table: string) => table.replace(/s$/, "");

export type FilledRoute = { url: string; params: Record<string, string> };
export type ParamFiller = (pattern: string) => FilledRoute;

/** A dynamic segment as the router reads it: `:id`, `:id?`, or `:id.pdf` (the param, then a literal). */
const DYNAMIC_SEGMENT = /^:([\w-]+)\??(.*)$/;

/**
 * Fills `:param`s with real records: the first row of the param's table, preferring one owned by the sweep's
 * customer (or supplier), so a customer's own order, template or invoice is asked for; a splat gets a path
 * no route serves. Throws, naming the route, when it cannot.
 */
export function paramFiller(actors: Actors): ParamFiller {
  const tables = tableNames();

  /** A value of `column` from `table`: a row owned by the sweep's actor when there is one, within `match`. */
  function record(table: string, column: string, match?: { column: string; value: string }): string | undefined {
    const columns = columnsOf(table);
    const owner = OWNER_COLUMNS.find(([name]) => columns.has(name));
    const order = columns.has("id") ? "order by id" : "";
    const pick = (conditions: [string, unknown][]) => {
      const where = conditions.length ? `where ${conditions.map(([name]) => `"${name}" = ?`).join(" and ")}` : "";
      const sql = `select "${column}" as value from "${table}" ${where} ${order} limit 1`;
      return getDb().$client.prepare(sql).get(...conditions.map(([, value]) => value)) as Row | undefined;
    };
    const base: [string, unknown][] = match ? [[match.column, match.value]] : [];
    const owned = owner ? pick([...base, [owner[0], actors[owner[1]]]]) : undefined;
    const value = (owned ?? pick(base))?.value;
    return value === undefined || value === null ? undefined : String(value);
  }

  /** Users are asked for by the back office: never one of the actors, so a delete cannot end the sweep. */
  function userId(segment: string): string {
    return segment === "approve-user" || segment === "reject-user" ? actors.pendingCustomer : actors.otherCustomer;
  }

  return (pattern) => {
    const segments = pattern.split("/").map((segment, index, all) => {
      const dynamic = DYNAMIC_SEGMENT.exec(segment);
      if (!dynamic) return { segment };
      const before = all[index - 1] ?? "";
      const value = VALUE_OF_SEGMENT[before];
      if (value) return { segment, name: dynamic[1]!, suffix: dynamic[2]!, before, value: value(actors) };
      const table = TABLE_OF_SEGMENT[before] ?? before.replace(/-/g, "_");
      if (!tables.has(table)) {
        throw new Error(`${pattern}: no table for "${segment}" after "/${before}"; add it to TABLE_OF_SEGMENT`);
      }
      return { segment, name: dynamic[1]!, suffix: dynamic[2]!, before, table };
    });
    const filled: string[] = [];
    const params: Record<string, string> = {};
    let parent: { table: string; value: string } | undefined;
    for (const [index, part] of segments.entries()) {
      if (part.segment === "*") {
        params["*"] = "no-such-page";
        filled.push("no-such-page");
        continue;
      }
      if ("value" in part && part.value !== undefined) {
        params[part.name!] = part.value;
        filled.push(encodeURIComponent(part.value) + part.suffix);
        continue;
      }
      if (!part.table) {
        filled.push(part.segment);
        continue;
      }
      const { name, table, before } = part;
      // a record nested in the one before it (a product's variant) is one of that record's own…
      const foreignKey = parent ? `${singular(parent.table)}_id` : "";
      const nested = parent && columnsOf(table).has(foreignKey) ? { column: foreignKey, value: parent.value } : undefined;
      // …and that record is one that has such a nested record
      const child = segments.slice(index + 1).find((later) => "table" in later && later.table && columnsOf(later.table).has(`${singular(table)}_id`));
      const column = COLUMN_OF_PARAM[pattern]?.[name!] ?? (name === "slug" ? "slug" : "id");
      let value: string | undefined;
      if (table === "users") value = userId(before!);
      else if (child && column === "id") value = record(child.table!, `${singular(table)}_id`);
      else value = record(table, column, nested);
      if (value === undefined) throw new Error(`${pattern}: the test data has no row in "${table}" for ":${name}"; seed one`);
      params[name!] = value;
      parent = { table, value };
      filled.push(encodeURIComponent(value) + part.suffix);
    }
    return { url: filled.join("/"), params };
  };
}

// ─── Who is asking ──────────────────────────────────────────────────────────

/**
 * Who the sweep signs in as: a signed-out visitor, the four company roles of one company (its company admin is
 * the demo buyer), the company admin of another company, a supplier and the four staff roles. The company's
 * other people come before its company admin, so a record the admin deletes is gone only after they asked for it.
 */
export const ROLES = [
  "signedOut",
  "viewer",
  "buyer",
  "approver",
  "otherCompany",
  "companyAdmin",
  "supplier",
  "sales",
  "warehouse",
  "accounts",
  "admin",
] as const;
export type Role = (typeof ROLES)[number];
/** The company roles of the demo buyer's company, each signed in as its demo person. */
export const COMPANY_ROLE_ACTORS = ["companyAdmin", "approver", "buyer", "viewer"] as const satisfies readonly Role[];

/** The actor a role signs in as. */
export function actorOf(actors: Actors, role: Exclude<Role, "signedOut">): string {
  if (role === "companyAdmin") return actors.customer;
  if (role === "otherCompany") return actors.otherCustomer;
  return actors[role];
}
/** The roles that are back-office staff, each with the staff role of its name. */
export const STAFF_ROLE_ACTORS = ["sales", "warehouse", "accounts", "admin"] as const satisfies readonly Role[];

/** A Cookie header for a fresh session of `userId` (a new one for every call: a sign-out or a flash cannot leak). */
export async function sessionCookie(userId: string): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  const setCookie = await commitSession(session);
  return setCookie.split(";")[0]!;
}

export function userIdByEmail(email: string): string {
  const row = getDb().$client.prepare("select id from users where email = ?").get(email) as { id: string } | undefined;
  if (!row) throw new Error(`The test data has no user ${email}`);
  return row.id;
}

/**
 * Seeds the demo data (plus what it lacks: a saved delivery address of the customer) and answers the demo
 * accounts as the actors of a sweep.
 */
export async function seedSweepData(): Promise<Actors> {
  await seedDemo(getDb());
  const actors: Actors = {
    admin: userIdByEmail("admin@example.com"),
    sales: userIdByEmail("sales@example.com"),
    warehouse: userIdByEmail("warehouse@example.com"),
    accounts: userIdByEmail("accounts@example.com"),
    customer: userIdByEmail("buyer@example.com"),
    approver: userIdByEmail("buyer.approver@example.com"),
    buyer: userIdByEmail("buyer.colleague@example.com"),
    viewer: userIdByEmail("buyer.viewer@example.com"),
    supplier: userIdByEmail("supplier@example.com"),
    otherCustomer: userIdByEmail("buyer2@example.com"),
    pendingCustomer: userIdByEmail("pending@example.com"),
  };
  getDb()
    .insert(deliveryAddresses)
    .values({ companyId: companyIdOf(actors.customer), label: "Yard", name: "Goods In", address: "Unit 4, Canal Wharf", city: "Leeds", postcode: "LS11 5PS" })
    .run();
  // an order of the customer's sent for approval (the approvals screens and API are asked for it)
  getDb()
    .insert(approvalRequests)
    .values({
      companyId: companyIdOf(actors.customer),
      userId: actors.customer,
      orderInput: {
        shippingName: "Goods In",
        shippingEmail: "buyer@example.com",
        shippingAddress: "Unit 4, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
        channel: "storefront",
        voucherCode: null,
        poReference: null,
        deliveryNotes: null,
        saveAddress: false,
        addressLabel: null,
      },
      lines: [],
      subtotal: 0,
      vatAmount: 0,
      total: 0,
      orderValue: 0,
      reasons: ["This order is over the limit."],
    })
    .run();
  // a quote the customer asked for, priced and sent (the quote screens and APIs are asked for it)
  const quote = getDb()
    .insert(quotes)
    .values({ quoteNumber: "QT-09999", version: 1, companyId: companyIdOf(actors.customer), userId: actors.customer, status: "sent", validUntil: "2099-12-31", sentAt: new Date() })
    .returning({ id: quotes.id })
    .get();
  const product = getDb().$client.prepare("select id, name, sales_price as price, vat_rate as vat from products order by id limit 1").get() as {
    id: number;
    name: string;
    price: number;
    vat: number;
  };
  getDb()
    .insert(quoteLines)
    .values({ quoteId: quote.id, productId: product.id, productName: product.name, quantity: 1, unitPrice: product.price, buyerPrice: product.price, vatRate: product.vat })
    .run();
  // and a mail with an attachment in the outbox, for the screens that show one
  const sent = await sendMail({
    to: "buyer@example.com",
    subject: "Your statement",
    text: "Attached.",
    attachments: [{ filename: "statement.txt", content: "Balance: £0.00" }],
  });
  return { ...actors, mail: sent.file?.replace(/\.eml$/, "") };
}
