/**
 * The back office's navigation, in the spec's order. Order Approvals and Returns are admin routes the spec's
 * sidebar does not list; they sit under Orders so that an admin can reach them. Purchase Orders, likewise
 * unlisted, leads Procurement.
 */
export type AdminNavItem = { label: string; to: string; short: string };
export type AdminNavGroup = { label: string | null; items: AdminNavItem[] };

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: null,
    items: [
      { label: "Dashboard", to: "/admin", short: "Db" },
      { label: "Analytics", to: "/admin/analytics", short: "An" },
      { label: "Customer Insights", to: "/admin/customer-insights", short: "CI" },
    ],
  },
  {
    label: "Sales",
    items: [
      { label: "Products", to: "/admin/products", short: "Pr" },
      { label: "Inventory Alerts", to: "/admin/inventory-alerts", short: "IA" },
      { label: "Inventory Forecast", to: "/admin/inventory-forecast", short: "IF" },
      { label: "Orders", to: "/admin/orders", short: "Or" },
      { label: "Order Approvals", to: "/admin/order-approvals", short: "OA" },
      { label: "Returns", to: "/admin/returns", short: "Rt" },
      { label: "Sales Invoices", to: "/admin/sales-invoices", short: "SI" },
      { label: "POS", to: "/admin/pos", short: "PS" },
    ],
  },
  {
    label: "Procurement",
    items: [
      { label: "Purchase Orders", to: "/admin/purchase-orders", short: "PO" },
      { label: "Purchase Invoices", to: "/admin/purchase-invoices", short: "PI" },
      { label: "Product Requests", to: "/admin/product-requests", short: "PR" },
    ],
  },
  {
    label: "Finance",
    items: [
      { label: "Accounts", to: "/admin/accounts", short: "Ac" },
      { label: "Ledger", to: "/admin/ledger", short: "Lg" },
      { label: "Journals", to: "/admin/ledger/journals", short: "Jn" },
      { label: "Chart of accounts", to: "/admin/ledger/chart", short: "CA" },
      { label: "Accountant's exports", to: "/admin/ledger/exports", short: "AE" },
      { label: "VAT Returns", to: "/admin/vat-returns", short: "VR" },
    ],
  },
  {
    label: "Administration",
    items: [
      { label: "Users", to: "/admin/users", short: "Us" },
      { label: "Price Tiers", to: "/admin/price-tiers", short: "PT" },
      { label: "Volume Discounts", to: "/admin/volume-discounts", short: "VD" },
      { label: "Customer Pricing", to: "/admin/customer-pricing", short: "CP" },
      { label: "Loyalty Rewards", to: "/admin/loyalty-rewards", short: "LR" },
      { label: "Outbox", to: "/admin/outbox", short: "Ob" },
    ],
  },
];

/** Plain links. Log Out follows them: a button that posts to /api/logout (signing out is never a GET). */
export const ADMIN_BOTTOM_LINKS: AdminNavItem[] = [
  { label: "Storefront", to: "/", short: "SF" },
  { label: "Home", to: "/account/dashboard", short: "Hm" },
  { label: "Loyalty Rewards", to: "/account/loyalty", short: "LR" },
];

export const ADMIN_LOG_OUT: Omit<AdminNavItem, "to"> = { label: "Log Out", short: "LO" };

const NAV_PATHS = ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));

const isUnder = (path: string, to: string) => path === to || path.startsWith(`${to}/`);

/**
 * Whether a nav item is the current page (or a page under it). The dashboard has two addresses. When items
 * nest (Ledger, and Journals under it) only the most specific one is current.
 */
export function isActiveNav(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (to === "/admin") return path === "/admin" || path === "/admin/dashboard";
  if (!isUnder(path, to)) return false;
  return !NAV_PATHS.some((other) => other.length > to.length && other.startsWith(`${to}/`) && isUnder(path, other));
}
