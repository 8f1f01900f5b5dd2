/**
 * The back office's users: reading and listing them (with their price tier), and what the changes share.
 * The changes: user-changes.server.ts (create, edit, delete) and user-approval.server.ts (approve, reject).
 *
 * Rules (docs: decisions "Accounts"): users an admin creates are approved at once; approval sets
 * approvedAt; rejecting deletes the registration; deactivating a user ends their sessions (and sign-in
 * refuses them). A user with order or invoice history is never hard-deleted: they are deactivated instead,
 * so the books keep their customer.
 */
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { companies, orders, priceTiers, purchaseInvoices, purchaseOrders, returns, salesInvoices, users } from "~db/schema";
import { accountAddress, accountName, accountVatNumber } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { toDecimalString } from "~/utils/money";
import { USERS_PAGE_SIZE, type UserListQuery } from "./user.schema";
import { staffRoleOf, type StaffRole } from "./staff-roles";


export const DUPLICATE_EMAIL_MESSAGE = "A user with this email already exists";
export const SELF_DELETE_MESSAGE = "You cannot delete your own account";
export const SELF_DEACTIVATE_MESSAGE = "You cannot deactivate your own account";
export const SELF_DEMOTE_MESSAGE = "You cannot remove your own admin role";
export const HAS_HISTORY_MESSAGE =
  "This user has orders or invoices and cannot be deleted. Deactivate the account instead.";
export const NOT_PENDING_MESSAGE = "Only registrations pending approval can be rejected";
export const ALREADY_APPROVED_MESSAGE = "This user is already approved";
export const USER_NOT_FOUND_MESSAGE = "User not found";
export const TIER_NOT_FOUND_MESSAGE = "Price tier not found";

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  // a customer's business details and terms are their company's (docs/decisions/0061-companies.md)
  businessName: accountName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  staffRole: users.staffRole,
  phone: users.phone,
  address: accountAddress,
  vatNumber: accountVatNumber,
  companyId: users.companyId,
  companyRole: users.companyRole,
  priceTierId: companies.priceTierId,
  priceTierName: priceTiers.name,
  requiresApproval: sql<boolean>`coalesce(${companies.requiresApproval}, 0)`.mapWith(Boolean),
  deliveryChargePence: companies.deliveryChargePence,
  isActive: users.isActive,
  approvedAt: users.approvedAt,
  signUpHeldAt: users.signUpHeldAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Users as the back office reads them (with their company's terms and tier name), for a query to narrow. */
export function selectAdminUsers(db: DB) {
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(priceTiers, eq(priceTiers.id, companies.priceTierId));
}

export type AdminUser = ReturnType<ReturnType<typeof selectAdminUsers>["all"]>[number];

/** The JSON shape of a user for the admin API: never the password hash; instants as ISO strings. */
export function adminUserJson(user: AdminUser) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    /** a back-office user's staff role (admin, sales, warehouse, accounts); null for customers and suppliers */
    staffRole: staffRoleOf(user),
    phone: user.phone,
    address: user.address,
    vatNumber: user.vatNumber,
    companyId: user.companyId,
    companyRole: user.companyRole,
    priceTierId: user.priceTierId,
    priceTierName: user.priceTierName,
    requiresApproval: user.requiresApproval,
    /** the customer's own delivery charge per order ex VAT ("5.00"); null = the standard charge */
    deliveryCharge: user.deliveryChargePence === null ? null : toDecimalString(user.deliveryChargePence),
    isActive: user.isActive,
    approvedAt: user.approvedAt ? user.approvedAt.toISOString() : null,
    /** set on a sign-up held back from the approval queue as likely automated */
    signUpHeldAt: user.signUpHeldAt ? user.signUpHeldAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
export type AdminUserJson = ReturnType<typeof adminUserJson>;

export function getAdminUser(db: DB, id: string): AdminUser | null {
  return selectAdminUsers(db).where(eq(users.id, id)).get() ?? null;
}

/** `%term%` for LIKE, with the wildcards in the term itself taken literally. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function likeEscaped(column: SQL | typeof users.email, pattern: string) {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

export type UserPage = {
  items: AdminUser[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Users matching ?q= (email, name, business) and ?role=, newest first, 25 a page. */
export function listUsers(db: DB, query: UserListQuery, pageSize = USERS_PAGE_SIZE): UserPage {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        likeEscaped(users.email, pattern),
        likeEscaped(fullName, pattern),
        likeEscaped(sql`coalesce(${accountName}, '')`, pattern),
      )!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    db.select({ n: count() }).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const items = selectAdminUsers(db)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items, total, page, pageCount, pageSize };
}

/**
 * The approval queue: self-registered users an admin has not approved yet, oldest first (first come, first
 * served), without the sign-ups held back as likely automated (held-sign-ups.server.ts lists those).
 */
export function listPendingUsers(db: DB): AdminUser[] {
  return selectAdminUsers(db)
    .where(and(isNull(users.approvedAt), isNull(users.signUpHeldAt)))
    .orderBy(asc(users.createdAt), asc(users.email))
    .all();
}

export type CustomerOption = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
};

/** Every customer, for pickers (custom pricing, point of sale, invoices), by email. */
export function listCustomers(db: DB): CustomerOption[] {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: accountName,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.role, "customer"))
    .orderBy(asc(users.email))
    .all();
}

export type PriceTierOption = { id: number; name: string; discountPercentage: number };

/** The tiers a user can be put on, by name. discountPercentage in hundredths. */
export function listPriceTierOptions(db: DB): PriceTierOption[] {
  return db
    .select({ id: priceTiers.id, name: priceTiers.name, discountPercentage: priceTiers.discountPercentage })
    .from(priceTiers)
    .orderBy(asc(priceTiers.name))
    .all();
}

/** Whether a user appears on orders, invoices, returns or purchase orders (and so must be kept). */
export function hasHistory(db: DB, id: string) {
  const checks = [
    db.select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1).get(),
    db.select({ id: salesInvoices.id }).from(salesInvoices).where(eq(salesInvoices.customerId, id)).limit(1).get(),
    db.select({ id: returns.id }).from(returns).where(eq(returns.userId, id)).limit(1).get(),
    db.select({ id: purchaseInvoices.id }).from(purchaseInvoices).where(eq(purchaseInvoices.supplierId, id)).limit(1).get(),
    db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.supplierId, id)).limit(1).get(),
  ];
  return checks.some(Boolean);
}

/** Who changes a user: their staff role says whether they may touch staff and supplier accounts. */
export type Actor = { id: string; staffRole: StaffRole | null };

/** Reads the user a stored (or fresh) result names, so a replayed result has real dates too. */
export function withUser(result: Result<{ id: string }>, db: DB): Result<AdminUser> {
  if (!result.ok) return result;
  const user = getAdminUser(db, result.value.id);
  return user ? ok(user) : fail(404, USER_NOT_FOUND_MESSAGE);
}

export const storeSuccess = (result: Result<unknown>) => result.ok;

export type Removed = { id: string; email: string };
