/**
 * Companies: the customer account. Every customer belongs to one (a company of one when they signed up alone);
 * what the account owns (prices, points, addresses, orders, invoices) is keyed by it. See
 * docs/decisions/0061-companies.md.
 */
import { asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { defaultPaymentTerms } from "~/domain/credit/default-terms.server";
import { companies, users, type CompanyRole } from "~db/schema";
import type { DB } from "~/utils/db.server";

export type CompanyRow = typeof companies.$inferSelect;

/** What a company is made with: its name and the terms the wholesaler sets. */
export type CompanyFields = {
  name: string;
  vatNumber?: string | null;
  companyNumber?: string | null;
  address?: string | null;
  priceTierId?: number | null;
  requiresApproval?: boolean;
  deliveryChargePence?: number | null;
};

/**
 * The name an account goes by in lists: the company's for a customer, the business name a supplier (or the
 * staff) keeps on their own row otherwise. Needs `users` left-joined to `companies`.
 */
export const accountName = sql<string | null>`coalesce(${companies.name}, ${users.businessName})`;
/** The billing address: the company's for a customer, the user's own for a supplier. */
export const accountAddress = sql<string | null>`coalesce(${companies.address}, ${users.address})`;
/** The VAT number: the company's for a customer, the user's own for a supplier. */
export const accountVatNumber = sql<string | null>`coalesce(${companies.vatNumber}, ${users.vatNumber})`;

/**
 * The company a user buys for, as a subquery: what the account owns (addresses, points, vouchers, prices) is
 * read and written by company while the use cases keep taking the signed-in person's id.
 */
export const companyIdOfUser = (userId: string) => sql<number>`(select company_id from users where id = ${userId})`;

/**
 * The account holder a company's records are shown against where one person is expected (the admin API's
 * `userId` on a customer price): its first company admin, else its first person.
 */
export const accountHolderOf = (companyId: SQLWrapper) =>
  sql<string>`(select h.id from users h where h.company_id = ${companyId}
    order by h.company_role = 'company_admin' desc, h.created_at, h.id limit 1)`;

/** A new company, on the default payment terms, inside the caller's transaction; returns its id. */
export function createCompany(tx: DB, fields: CompanyFields): number {
  return tx
    .insert(companies)
    .values({
      name: fields.name,
      vatNumber: fields.vatNumber ?? null,
      companyNumber: fields.companyNumber ?? null,
      address: fields.address ?? null,
      priceTierId: fields.priceTierId ?? null,
      requiresApproval: fields.requiresApproval ?? false,
      deliveryChargePence: fields.deliveryChargePence ?? null,
      // a new account starts on the wholesaler's default terms (a setting), with no credit limit
      paymentTerms: defaultPaymentTerms(tx),
    })
    .returning({ id: companies.id })
    .get().id;
}

/**
 * The name a company of one is given when its person names no business: their own name, else their email,
 * so a company always has a name to show.
 */
export function companyNameFor(person: {
  businessName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const business = person.businessName?.trim();
  if (business) return business;
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ").trim();
  return name || person.email;
}

export function getCompany(db: DB, id: number): CompanyRow | null {
  return db.select().from(companies).where(eq(companies.id, id)).get() ?? null;
}

/** The company a user buys for, with their role in it (null for admins, suppliers and unknown users). */
export function companyOfUser(db: DB, userId: string): { company: CompanyRow; role: CompanyRole } | null {
  const row = db
    .select({ company: companies, role: users.companyRole })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  return { company: row.company, role: row.role ?? "buyer" };
}

export const ON_HOLD_MESSAGE = "Your account is on hold, so orders cannot be placed. Please contact us.";
export { VIEWER_MESSAGE, COMPANY_WIDE_ROLES } from "./company-roles";

/** What a buyer of a company on hold is told, with the wholesaler's reason when one was given. */
export function holdMessage(reason: string | null): string {
  return reason ? `${ON_HOLD_MESSAGE} Reason: ${reason}` : ON_HOLD_MESSAGE;
}

/**
 * Removes a person (a rejected sign-up, a user without history) and, when they were its only person, their
 * company with what it holds (prices, addresses, points): a company of one goes with its person.
 */
export function deleteUserAndLoneCompany(tx: DB, userId: string) {
  const row = tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).get();
  tx.delete(users).where(eq(users.id, userId)).run();
  if (!row?.companyId) return;
  const others = tx.select({ id: users.id }).from(users).where(eq(users.companyId, row.companyId)).limit(1).get();
  if (others) return;
  // a company with orders, returns or invoices is kept (the foreign keys refuse otherwise): the books need it
  const inUse = tx.$client
    .prepare(
      `select 1 from orders where company_id = ? union all select 1 from sales_invoices where company_id = ?
       union all select 1 from returns where company_id = ? limit 1`,
    )
    .get(row.companyId, row.companyId, row.companyId);
  if (!inUse) tx.delete(companies).where(eq(companies.id, row.companyId)).run();
}


/**
 * Whether a document (an order, an invoice) is one this person may see: their own, or, for a company admin or an
 * approver, any of their company's. `owner` is the document's person column and `company` its company column.
 */
export function visibleTo(userId: string, owner: SQLWrapper, company: SQLWrapper): SQL {
  return sql`(${owner} = ${userId} OR (${company} = (select u.company_id from users u where u.id = ${userId})
    AND (select u.company_role from users u where u.id = ${userId}) IN ('company_admin', 'approver')))`;
}

/** The name a person goes by in their company's lists: first and last name, else their email. Needs `users`. */
export const personName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

export type CompanyPersonName = { id: string; name: string };

/** Everyone of a company (deactivated people too: their orders stay in its history), by name. */
export function companyPeopleNames(db: DB, companyId: number): CompanyPersonName[] {
  return db
    .select({ id: users.id, name: personName })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(personName), asc(users.id))
    .all();
}

/**
 * Who placed what, for a company admin or an approver of a company of more than one person: the people to filter
 * by. Null for a buyer (who sees only their own), a viewer, and a company of one (everything is theirs).
 */
export function placedByChoices(
  db: DB,
  user: { companyId: number | null; companyRole: CompanyRole | null },
): CompanyPersonName[] | null {
  if (user.companyId === null || (user.companyRole !== "company_admin" && user.companyRole !== "approver")) return null;
  const people = companyPeopleNames(db, user.companyId);
  return people.length > 1 ? people : null;
}
