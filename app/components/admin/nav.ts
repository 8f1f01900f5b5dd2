/**
 * The back office's navigation, in the spec's order. Returns is an admin route the spec's sidebar does not
 * list; it sits under Orders so that an admin can reach it. Purchase Orders, likewise unlisted, leads
 * Procurement. With every group open the whole list fits a 1280×768 screen, which holds 28 rows (links and
 * group headings): a screen reached from another's own tabs or header is not listed again. The ledger's
 * screens are tabs of the Ledger; the Company and Delivery & ordering settings are tabs of Settings, which
 * makes room for Quotes beside Orders; Order Approvals is a button, with its count, on Orders; Sign-in holds one
 * on Users (docs/decisions/0053-back-office-sidebar-and-stacked-tables.md); the Outbox one on System, which
 * counts the mail waiting in it (docs/decisions/0056-system-page.md).
 */
import { staffMayOpen, type StaffRole } from "~/domain/users/staff-roles";

export type AdminNavItem = {
  label: string;
  to: string;
  short: string;
  /** screens reached through this one, on which this item shows as the current page */
  via?: string[];
};
/** `key` names a foldable group in the sidebar's fold cookie; the first block has no heading and never folds. */
export type AdminNavGroup = { key: string | null; label: string | null; items: AdminNavItem[] };

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    key: null,
    label: null,
    items: [
      { label: "Dashboard", to: "/admin", short: "Db" },
      { label: "Analytics", to: "/admin/analytics", short: "An" },
      { label: "Customer Insights", to: "/admin/customer-insights", short: "CI" },
    ],
  },
  {
    key: "sales",
    label: "Sales",
    items: [
      { label: "Products", to: "/admin/products", short: "Pr" },
      { label: "Inventory Alerts", to: "/admin/inventory-alerts", short: "IA" },
      { label: "Inventory Forecast", to: "/admin/inventory-forecast", short: "IF" },
      { label: "Orders", to: "/admin/orders", short: "Or", via: ["/admin/order-approvals"] },
      { label: "Quotes", to: "/admin/quotes", short: "Qt" },
      { label: "Returns", to: "/admin/returns", short: "Rt" },
      { label: "Sales Invoices", to: "/admin/sales-invoices", short: "SI", via: ["/admin/aged-debtors", "/admin/credit-reminders", "/admin/credit-control"] },
      { label: "POS", to: "/admin/pos", short: "PS" },
    ],
  },
  {
    key: "procurement",
    label: "Procurement",
    items: [
      { label: "Purchase Orders", to: "/admin/purchase-orders", short: "PO" },
      { label: "Purchase Invoices", to: "/admin/purchase-invoices", short: "PI" },
      { label: "Product Requests", to: "/admin/product-requests", short: "PR" },
    ],
  },
  {
    key: "finance",
    label: "Finance",
    items: [
      { label: "Accounts", to: "/admin/accounts", short: "Ac" },
      { label: "Ledger", to: "/admin/ledger", short: "Lg" },
      { label: "VAT Returns", to: "/admin/vat-returns", short: "VR" },
    ],
  },
  {
    key: "administration",
    label: "Administration",
    items: [
      { label: "Users", to: "/admin/users", short: "Us", via: ["/admin/sign-in-holds", "/admin/companies"] },
      { label: "Price Tiers", to: "/admin/price-tiers", short: "PT" },
      { label: "Volume Discounts", to: "/admin/volume-discounts", short: "VD" },
      { label: "Customer Pricing", to: "/admin/customer-pricing", short: "CP" },
      { label: "Loyalty Rewards", to: "/admin/loyalty-rewards", short: "LR" },
      { label: "Settings", to: "/admin/settings/company", short: "St", via: ["/admin/settings"] },
      { label: "System", to: "/admin/system", short: "Sy", via: ["/admin/outbox"] },
    ],
  },
];

/**
 * The sidebar a staff role sees: only the screens its role may use (docs/decisions/0065-staff-roles.md), and no
 * heading left without a screen under it.
 */
export function navForRole(role: StaffRole): AdminNavGroup[] {
  return ADMIN_NAV.map((group) => ({ ...group, items: group.items.filter((item) => staffMayOpen(role, item.to)) })).filter(
    (group) => group.items.length > 0,
  );
}

/** The keys of the groups that fold, for reading the fold cookie. */
export const ADMIN_NAV_GROUP_KEYS = ADMIN_NAV.flatMap((group) => (group.key ? [group.key] : []));

/**
 * Beside Log Out (a button that posts to /api/logout: signing out is never a GET). Only the storefront: the
 * customer's own pages (account home, loyalty) are no use to an admin account, so they are not offered here.
 */
export const ADMIN_BOTTOM_LINKS: AdminNavItem[] = [{ label: "Storefront", to: "/", short: "SF" }];

export const ADMIN_LOG_OUT: Omit<AdminNavItem, "to"> = { label: "Log Out", short: "LO" };

const NAV_ITEMS = ADMIN_NAV.flatMap((group) => group.items);
const NAV_PATHS = NAV_ITEMS.map((item) => item.to);

const isUnder = (path: string, to: string) => path === to || path.startsWith(`${to}/`);

/**
 * Whether a nav item is the current page (or a page under it, or a screen reached through it). The dashboard
 * has two addresses. When items nest only the most specific one is current.
 */
export function isActiveNav(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (to === "/admin") return path === "/admin" || path === "/admin/dashboard";
  const via = NAV_ITEMS.find((item) => item.to === to)?.via ?? [];
  if (via.some((other) => isUnder(path, other))) return true;
  if (!isUnder(path, to)) return false;
  return !NAV_PATHS.some((other) => other.length > to.length && other.startsWith(`${to}/`) && isUnder(path, other));
}

/** The key of the group holding the current page's item (it is always shown open), or null. */
export function currentNavGroup(pathname: string, nav: AdminNavGroup[] = ADMIN_NAV): string | null {
  const group = nav.find((candidate) => candidate.items.some((item) => isActiveNav(item.to, pathname)));
  return group?.key ?? null;
}
