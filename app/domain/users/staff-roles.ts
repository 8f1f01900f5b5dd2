/**
 * Staff roles in the back office (docs/decisions/0065-staff-roles.md). A back-office user (users.role
 * 'admin') has one staff role; each back-office screen and API belongs to one area, and each area names the
 * roles that may use it. A full admin may use every area. Pure: the guards (app/utils/auth.server.ts), the
 * sidebar, the dashboard and the route sweep all read this one table.
 */

export const STAFF_ROLES = ["admin", "sales", "warehouse", "accounts"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin (everything)",
  sales: "Sales",
  warehouse: "Warehouse",
  accounts: "Accounts",
};

/** What each role is for, shown beside the role picker on the Users screen. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: "Every screen, including settings, the System page and staff roles.",
  sales: "Orders and approvals, customers, POS, returns, product requests, insights and pricing rules.",
  warehouse: "Products and stock, inventory alerts and forecast, picking and shipping orders, purchase orders.",
  accounts: "Sales and purchase invoices, payments, credit notes, VAT returns, ledger, reports, finance accounts and credit control.",
};

/** Who may use each area besides a full admin (who may use all of them). An empty list: full admins only. */
export const STAFF_AREAS = {
  /** the back-office home, its layout, the sidebar's fold button and its not-found page */
  home: ["sales", "warehouse", "accounts"],
  /** approving, rejecting and cancelling orders */
  orders: ["sales"],
  /** the order list and an order's details, its CSV export, picking lists, moving an order on (processing, shipped, delivered), tracking */
  fulfilment: ["sales", "warehouse"],
  /** customer accounts on the Users screen: create, edit, approve sign-ups, send reset links */
  customers: ["sales"],
  /** the customer companies of trade accounts: their terms, hold, people and history */
  companies: ["sales"],
  /** quotes: pricing, sending, the list (docs/decisions/0072-quote-states.md) */
  quotes: ["sales"],
  pos: ["sales"],
  returns: ["sales"],
  productRequests: ["sales"],
  /** customer insights */
  insights: ["sales"],
  /** price tiers, volume discounts, customer prices, loyalty rewards */
  pricing: ["sales"],
  /** sales analytics and the headline figures (revenue, orders) */
  analytics: ["sales", "accounts"],
  /** products, variants, categories, import and export */
  catalogue: ["warehouse"],
  /** stock adjustments and movements, inventory and low-stock alerts, the inventory forecast */
  stock: ["warehouse"],
  /** purchase orders: drafting, sending, receiving */
  purchasing: ["warehouse"],
  /** sales invoices, their payments and credit notes */
  invoices: ["accounts"],
  purchaseInvoices: ["accounts"],
  vat: ["accounts"],
  /** credit control: aged debtors by company, a company's credit limit and payment terms, statements sent by hand, payment reminders */
  credit: ["accounts"],
  /** the ledger, its exports, the Accounts screen (P&L, balance sheet, transactions) and finance accounts */
  ledger: ["accounts"],
  /** company and ordering settings, getting started */
  settings: [],
  /** the System page, the outbox, sign-in holds */
  system: [],
  /** back-office users and their staff roles; suppliers' accounts */
  staff: [],
} as const satisfies Record<string, readonly Exclude<StaffRole, "admin">[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export const ROLE_REFUSED_TITLE = "Access Denied";
export const ROLE_REFUSED_MESSAGE = "Your role cannot use this screen.";
export const ROLE_REFUSED_API_MESSAGE = "Your staff role cannot use this part of the back office.";
export const LAST_ADMIN_MESSAGE = "There must always be one active full admin: make someone else a full admin first.";
export const STAFF_ROLE_ONLY_ADMIN_MESSAGE = "Only a full admin can change staff roles.";
export const CUSTOMERS_ONLY_MESSAGE = "Your role can change customer accounts only: staff and supplier accounts need a full admin.";

/**
 * A user's staff role from their row: null for customers and suppliers; a back-office user with no staff role
 * stored is a full admin (what every admin was before staff roles, and what the migration wrote for them).
 */
export function staffRoleOf(row: { role: string; staffRole: StaffRole | null }): StaffRole | null {
  if (row.role !== "admin") return null;
  return row.staffRole ?? "admin";
}

/** Whether a staff role may use an area. Anyone who is not staff (null) may use none. */
export function staffMay(role: StaffRole | null | undefined, area: StaffArea): boolean {
  if (!role) return false;
  if (role === "admin") return true;
  return (STAFF_AREAS[area] as readonly string[]).includes(role);
}

/**
 * The area of each back-office address, by URL pattern (a path, or a route's pattern with its `:params`),
 * most specific first. The routes name their area in their guard; this table says the same for the sidebar
 * and the route sweep, and the sweep checks that the two agree.
 */
const AREA_OF_PATH: [RegExp, StaffArea][] = [
  // the home and what every screen shares
  [/^\/admin(\/(dashboard|sidebar|\*|no-such-page))?$/, "home"],
  // orders: the decisions are sales', the handling is shared with the warehouse
  [/^\/(api\/)?admin\/order-approvals(\/|$)/, "orders"],
  [/^\/api\/admin\/orders\/(:orderId|\d+)\/(approve|reject)$/, "orders"],
  [/^\/api\/admin\/orders\/pending-approval$/, "orders"],
  // releasing a credit hold is accounts' call
  [/^\/api\/admin\/orders\/(:orderId|\d+)\/release-hold$/, "credit"],
  [/^\/(api\/)?admin\/orders(\/|$)/, "fulfilment"],
  // customers
  [/^\/(api\/)?admin\/users(\/|$)/, "customers"],
  [/^\/api\/admin\/(approve-user|reject-user|pending-users|customers)(\/|$)/, "customers"],
  [/^\/api\/admin\/companies\/(:id|\d+)\/(credit|statement|stop)$/, "credit"],
  [/^\/(api\/)?admin\/companies(\/|$)/, "companies"],
  [/^\/(api\/)?admin\/quotes(\/|$)/, "quotes"],
  [/^\/(api\/)?admin\/pos(\/|$)/, "pos"],
  [/^\/(api\/)?admin\/returns(\/|$)/, "returns"],
  [/^\/(api\/)?admin\/product-requests(\/|$)/, "productRequests"],
  [/^\/(api\/)?admin\/customer-insights(\/|$)/, "insights"],
  [/^\/(api\/)?admin\/(price-tiers|volume-discounts|customer-pricing|loyalty-rewards|get-customer-price)(\/|$)/, "pricing"],
  [/^\/(api\/)?admin\/(analytics|stats)(\/|$)/, "analytics"],
  // the warehouse
  [/^\/api\/admin\/products\/(:id|\d+)\/stock-(adjustments|movements)$/, "stock"],
  [/^\/(api\/)?admin\/(products|categories|generate-description)(\/|\.|$)/, "catalogue"],
  [/^\/(api\/)?admin\/(inventory-alerts|low-stock-alerts|inventory-forecast)(\/|$)/, "stock"],
  [/^\/(api\/)?admin\/purchase-orders(\/|$)/, "purchasing"],
  // accounts
  [/^\/admin\/sales-invoices(\/|$)/, "invoices"],
  [/^\/api\/admin\/invoices\/sales(\/|$)/, "invoices"],
  [/^\/admin\/purchase-invoices(\/|$)/, "purchaseInvoices"],
  [/^\/api\/admin\/invoices\/purchase(\/|$)/, "purchaseInvoices"],
  [/^\/(api\/)?admin\/(vat-returns|vat-assistant)(\/|$)/, "vat"],
  [/^\/(api\/)?admin\/(aged-debtors|credit-reminders|credit-control)(\/|\.|$)/, "credit"],
  [/^\/(api\/)?admin\/(ledger|accounts|financial-accounts)(\/|$)/, "ledger"],
  // full admins only
  [/^\/(api\/)?admin\/(settings|getting-started)(\/|$)/, "settings"],
  [/^\/(api\/)?admin\/(system|outbox|sign-in-holds)(\/|$)|^\/admin\/outbox_/, "system"],
];

/** The area an address belongs to, or null when it is no back-office address this table knows. */
export function staffAreaOfPath(path: string): StaffArea | null {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  return AREA_OF_PATH.find(([pattern]) => pattern.test(clean))?.[1] ?? null;
}

/** Whether a role may open an address of the back office (false for an address in no area). */
export function staffMayOpen(role: StaffRole | null | undefined, path: string): boolean {
  const area = staffAreaOfPath(path);
  return area !== null && staffMay(role, area);
}

/**
 * Which area an order's status move needs: the warehouse moves an order on through fulfilment (pending,
 * processing, shipped, delivered); cancelling (which returns stock, voids the invoice and reverses points) and
 * anything that decides an approval (moving an order into or out of pending approval) are sales' calls.
 */
export function areaForStatusChange(from: string, to: string): StaffArea {
  if (from === to) return "fulfilment";
  const decides = to === "cancelled" || to === "pending_approval" || from === "pending_approval";
  return decides ? "orders" : "fulfilment";
}

export const STATUS_CHANGE_REFUSED_MESSAGE =
  "Your role cannot cancel orders or decide approvals: ask sales or a full admin.";
