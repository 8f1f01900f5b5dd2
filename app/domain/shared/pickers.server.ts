/**
 * The back office's product and customer pickers (the selects of the pricing, rewards and invoice dialogs):
 * their options, at most PICKER_LIMIT at once (a search narrows a longer list, and the option already chosen
 * is always there so an edit form shows its value); and how a record checks and shows the product picked.
 */
import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { companies, products, users } from "~db/schema";
import { accountName } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { containsPattern, likeEscaped } from "./record-store.server";

/** How many options a picker lists at once; a search narrows a larger list. */
const PICKER_LIMIT = 200;

/** pence; vatRate in hundredths (the purchase order form prices a line at cost) */
type ProductOption = { id: number; name: string; salesPrice: number; costPrice: number; vatRate: number };
export type CustomerOption = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
};
export type Options<T> = { items: T[]; total: number; limited: boolean };

export const UNKNOWN_PRODUCT = "Product not found: choose a product from the list";

/** Whether a picked product id names a product (refuse with UNKNOWN_PRODUCT when not). */
export function productExists(db: DB, id: number) {
  return Boolean(db.select({ id: products.id }).from(products).where(eq(products.id, id)).get());
}

/** A rule's product in JSON: its name and list price ("12.50"), or null when the product is gone. */
export function productJson(name: string | null, salesPrice: number | null) {
  return name === null ? null : { name, salesPrice: toDecimalString(salesPrice ?? 0) };
}

/**
 * Products for a select, by name: those whose name contains `q` (all when blank), at most PICKER_LIMIT,
 * plus the one already chosen (`includeId`) so an edit form always shows its product.
 */
export function productOptions(
  db: DB,
  { q, includeId, includeIds = [] }: { q?: string; includeId?: number | null; includeIds?: number[] } = {},
): Options<ProductOption> {
  const where = q ? likeEscaped(products.name, containsPattern(q)) : undefined;
  const columns = { id: products.id, name: products.name, salesPrice: products.salesPrice, costPrice: products.costPrice, vatRate: products.vatRate };
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  const items = db.select(columns).from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(PICKER_LIMIT).all();
  const wanted = [...new Set([...(includeId ? [includeId] : []), ...includeIds])].filter((id) => !items.some((item) => item.id === id));
  if (wanted.length > 0) items.unshift(...db.select(columns).from(products).where(inArray(products.id, wanted)).all());
  return { items, total, limited: total > PICKER_LIMIT };
}

/**
 * Users with the customer role for a select, by email; `q` searches email, name and business. `orderable`
 * keeps only the approved, active customers, those an order may be placed for.
 */
export function customerOptions(
  db: DB,
  { q, includeId, orderable = false }: { q?: string; includeId?: string | null; orderable?: boolean } = {},
): Options<CustomerOption> {
  return userOptions(db, "customer", { q, includeId, orderable });
}

/** Users with the supplier role for a select (purchase invoices), by email; `q` searches email, name and business. */
export function supplierOptions(db: DB, { q, includeId }: { q?: string; includeId?: string | null } = {}): Options<SupplierOption> {
  return userOptions(db, "supplier", { q, includeId });
}
export type SupplierOption = CustomerOption & { businessName: string | null };

function userOptions(
  db: DB,
  role: "customer" | "supplier",
  { q, includeId, orderable = false }: { q?: string; includeId?: string | null; orderable?: boolean },
): Options<SupplierOption> {
  const who: SQL[] = [eq(users.role, role)];
  if (orderable) who.push(isNotNull(users.approvedAt), eq(users.isActive, true));
  const conditions = [...who];
  if (q) {
    const pattern = containsPattern(q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        likeEscaped(users.email, pattern),
        likeEscaped(fullName, pattern),
        likeEscaped(sql`coalesce(${accountName}, '')`, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const columns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, businessName: accountName };
  const withCompany = () => db.select(columns).from(users).leftJoin(companies, eq(companies.id, users.companyId));
  const total =
    db.select({ n: count() }).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).get()?.n ?? 0;
  const items = withCompany().where(where).orderBy(asc(users.email)).limit(PICKER_LIMIT).all();
  if (includeId && !items.some((item) => item.id === includeId)) {
    const chosen = withCompany()
      .where(and(eq(users.id, includeId), ...who))
      .get();
    if (chosen) items.unshift(chosen);
  }
  return { items, total, limited: total > PICKER_LIMIT };
}

/**
 * A dialog's product picker for a loader: the search term and the options (none while no form is open),
 * as the screens' forms read them (`products`, `productsTotal`, `productsLimited`, `productSearch`).
 */
export function productPicker(db: DB, { open, q, includeId }: { open: boolean; q?: string; includeId?: number | null }) {
  const options = open ? productOptions(db, { q, includeId }) : null;
  return {
    productSearch: q ?? "",
    products: options?.items ?? [],
    productsTotal: options?.total ?? 0,
    productsLimited: options?.limited ?? false,
  };
}

/** A dialog's customer picker for a loader, like productPicker (`customers`, `customersTotal`, ...). */
export function customerPicker(db: DB, { open, q, includeId }: { open: boolean; q?: string; includeId?: string | null }) {
  const options = open ? customerOptions(db, { q, includeId }) : null;
  return {
    customerSearch: q ?? "",
    customers: options?.items ?? [],
    customersTotal: options?.total ?? 0,
    customersLimited: options?.limited ?? false,
  };
}
