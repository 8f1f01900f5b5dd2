/**
 * Company roles in the storefront (docs/decisions/0069-company-roles.md). A customer's person has one role in
 * their company; each customer screen and API belongs to one area, and each area names the roles that may use
 * it. Pure: the guards (app/utils/auth.server.ts), the header, the account page and the route sweep read this
 * one table.
 */
import type { CompanyRole } from "~db/schema";

export const COMPANY_ROLE_NAMES: Record<CompanyRole, string> = {
  company_admin: "company admin",
  approver: "approver",
  buyer: "buyer",
  viewer: "viewer",
};

/** Who may use each area of the storefront's customer side. The catalogue and its prices are everyone's. */
export const COMPANY_AREAS = {
  /** the account page itself, its password change, and who is signed in */
  account: ["company_admin", "approver", "buyer", "viewer"],
  /** the cart, checkout, quick order (pad and CSV), reorder, adding selected products */
  ordering: ["company_admin", "approver", "buyer"],
  /** order history and its CSV, an order's page and lines, invoices and their PDFs, returns */
  history: ["company_admin", "approver", "buyer"],
  /** order templates (saving, using and sharing lists) */
  templates: ["company_admin", "approver", "buyer"],
  /** the company's points, rewards and vouchers, and redeeming them */
  loyalty: ["company_admin", "approver", "buyer"],
  /** the company's delivery address book: seeing it and picking from it */
  addresses: ["company_admin", "approver", "buyer"],
  /** adding, editing, deleting and choosing the default of the company's delivery addresses */
  addressBook: ["company_admin"],
  /** asking the wholesaler to stock a product */
  productRequests: ["company_admin", "approver", "buyer"],
  /** what the business owes: balance, available credit, statements (docs/decisions/0070) */
  balance: ["company_admin", "approver"],
  /** orders sent for approval: deciding on them (approvers, company admins) or following one's own (buyers) */
  approvals: ["company_admin", "approver", "buyer"],
  /** the company's people, their roles, spending limits, and the company's details */
  people: ["company_admin"],
  /** quotes: asking for one, accepting, declining, revising (a buyer their own; approvers and admins the company's) */
  quotes: ["company_admin", "approver", "buyer"],
} as const satisfies Record<string, readonly CompanyRole[]>;
export type CompanyArea = keyof typeof COMPANY_AREAS;

/** The roles that see every order, invoice and return of their company (a buyer sees their own). */
export const COMPANY_WIDE_ROLES = ["company_admin", "approver"] as const satisfies readonly CompanyRole[];

export function companyWide(role: CompanyRole | null | undefined): boolean {
  return role === "company_admin" || role === "approver";
}

/**
 * Whether a signed-in person may use an area. A user of no company (the wholesaler's staff browsing the shop) is
 * not limited by company roles: their own rules apply as before.
 */
export function companyMay(role: CompanyRole | null | undefined, area: CompanyArea): boolean {
  if (!role) return true;
  return (COMPANY_AREAS[area] as readonly CompanyRole[]).includes(role);
}

export const VIEWER_LINE = "You can see prices; ask your company admin to order.";
export const VIEWER_MESSAGE =
  "Your role in your company is viewer: you can see the catalogue and prices, but not order. Ask your company admin.";
export const COMPANY_ROLE_REFUSED_TITLE = "Not for your role";

export const BALANCE_ROLES_ONLY =
  "Only your company's admins and approvers can see the account's balance and statements: ask one of them";

export const ADDRESSES_ADMIN_ONLY =
  "Only a company admin can change your company's delivery addresses. You can still order to a new address at checkout.";

/** Why a role is refused an area: the words a refused page's notice and a refused API's `message` use. */
export function companyRoleRefusal(role: CompanyRole, area: CompanyArea): string {
  if (role === "viewer") return VIEWER_MESSAGE;
  if (area === "people") return "Only a company admin can manage your company's people and details.";
  if (area === "addressBook") return ADDRESSES_ADMIN_ONLY;
  if (area === "balance") return BALANCE_ROLES_ONLY;
  return `Your role in your company (${COMPANY_ROLE_NAMES[role]}) cannot use this.`;
}

/** What each role may do, in a sentence, on the account page. */
export const COMPANY_ROLE_SUMMARIES: Record<CompanyRole, string> = {
  company_admin: "You manage your company's people and delivery addresses, order, and see every order, invoice and return of the company.",
  approver: "You order and see every order, invoice and return of your company.",
  buyer: "You order and see your own orders, invoices and returns.",
  viewer: VIEWER_LINE,
};
