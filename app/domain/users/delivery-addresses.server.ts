/**
 * A customer's address book: the delivery addresses they keep to pick at checkout. Both doors call these:
 * the /account/addresses screen and /api/addresses; checkout reads them and may add the address an order
 * went to.
 *
 * Every query is scoped to the customer. Another customer's address reads exactly like one that does not
 * exist (404 "Address not found"), so ids reveal nothing. A customer with addresses always has exactly one
 * default: the first address becomes it, naming another moves it, and deleting it passes it to the newest
 * address left.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { deliveryAddresses, users } from "~db/schema";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { ADDRESSES_ADMIN_ONLY } from "~/domain/companies/company-roles";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_NOT_FOUND,
  MAX_ADDRESSES_PER_CUSTOMER,
  type DeliveryAddressInput,
} from "./delivery-address.schema";

/** An address as the screens and the API show it (JSON-safe: createdAt is an ISO string). */
export type DeliveryAddressJson = {
  id: number;
  label: string;
  name: string;
  address: string;
  city: string;
  postcode: string;
  isDefault: boolean;
  createdAt: string;
};

type Row = typeof deliveryAddresses.$inferSelect;

function addressJson(row: Row): DeliveryAddressJson {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The addresses are the company's sites: every buyer of the company sees and uses them. */
const ofCompany = (userId: string) => eq(deliveryAddresses.companyId, companyIdOfUser(userId));
const owned = (userId: string, id: number) => and(eq(deliveryAddresses.id, id), ofCompany(userId));

/** The customer's addresses: the default first, then by label. */
export function listDeliveryAddresses(db: DB, userId: string): DeliveryAddressJson[] {
  return db
    .select()
    .from(deliveryAddresses)
    .where(ofCompany(userId))
    .orderBy(desc(deliveryAddresses.isDefault), sql`lower(${deliveryAddresses.label})`, asc(deliveryAddresses.id))
    .all()
    .map(addressJson);
}

/** One of the customer's addresses, or null (unknown, or someone else's). */
export function getDeliveryAddress(db: DB, userId: string, id: number): DeliveryAddressJson | null {
  const row = db.select().from(deliveryAddresses).where(owned(userId, id)).get();
  return row ? addressJson(row) : null;
}

function countAddresses(tx: DB, userId: string): number {
  return tx.select({ n: count() }).from(deliveryAddresses).where(ofCompany(userId)).get()?.n ?? 0;
}

/** Makes `id` the customer's one default address. */
function setDefault(tx: DB, userId: string, id: number) {
  tx.update(deliveryAddresses)
    .set({ isDefault: sql`${deliveryAddresses.id} = ${id}` })
    .where(ofCompany(userId))
    .run();
}

/**
 * Adds an address in the caller's write transaction: 409 when the book is full. The first address, or one
 * marked `isDefault`, becomes the default.
 */
function insertDeliveryAddress(tx: DB, userId: string, input: DeliveryAddressInput): Result<DeliveryAddressJson> {
  const held = countAddresses(tx, userId);
  if (held >= MAX_ADDRESSES_PER_CUSTOMER) return fail(409, ADDRESS_BOOK_FULL);
  const { isDefault, ...fields } = input;
  const row = tx
    .insert(deliveryAddresses)
    .values({ companyId: companyIdOfUser(userId), ...fields, isDefault: false })
    .returning({ id: deliveryAddresses.id })
    .get();
  if (held === 0 || isDefault) setDefault(tx, userId, row.id);
  return ok(getDeliveryAddress(tx, userId, row.id)!);
}

/** Replaces an address's fields; `isDefault: true` also makes it the default. */
function updateAddress(tx: DB, userId: string, id: number, input: DeliveryAddressInput): Result<DeliveryAddressJson> {
  const { isDefault, ...fields } = input;
  const changed = tx.update(deliveryAddresses).set(fields).where(owned(userId, id)).run();
  if (changed.changes === 0) return fail(404, ADDRESS_NOT_FOUND);
  if (isDefault) setDefault(tx, userId, id);
  return ok(getDeliveryAddress(tx, userId, id)!);
}

function removeAddress(tx: DB, userId: string, id: number): Result<DeliveryAddressJson> {
  const row = tx.delete(deliveryAddresses).where(owned(userId, id)).returning().get();
  if (!row) return fail(404, ADDRESS_NOT_FOUND);
  if (row.isDefault) {
    const newest = tx
      .select({ id: deliveryAddresses.id })
      .from(deliveryAddresses)
      .where(ofCompany(userId))
      .orderBy(desc(deliveryAddresses.createdAt), desc(deliveryAddresses.id))
      .limit(1)
      .get();
    if (newest) setDefault(tx, userId, newest.id);
  }
  return ok(addressJson(row));
}

function makeDefault(tx: DB, userId: string, id: number): Result<DeliveryAddressJson> {
  if (!getDeliveryAddress(tx, userId, id)) return fail(404, ADDRESS_NOT_FOUND);
  setDefault(tx, userId, id);
  return ok(getDeliveryAddress(tx, userId, id)!);
}

// ─── Repeat-safe use cases ──────────────────────────────────────────────────
//
// Each takes the key the form or API request carries: a repeat answers what the first did and changes
// nothing more. Failures are not kept, so a corrected retry with the same key works.

const succeeded = (result: Result<unknown>) => result.ok;

export { ADDRESSES_ADMIN_ONLY };

/**
 * The address book is the company's: its company admins keep it (a buyer may still save the address an order goes
 * to, at checkout: keepOrderAddress). Anyone else of the company is refused, with the reason.
 */
function addressBookRefusal(tx: DB, userId: string): Failure | null {
  const role = tx.select({ role: users.companyRole }).from(users).where(eq(users.id, userId)).get()?.role ?? null;
  return role === null || role === "company_admin" ? null : fail(403, ADDRESSES_ADMIN_ONLY);
}

/** Add an address (the screen's add form, POST /api/addresses). */
export function addDeliveryAddress(db: DB, userId: string, input: DeliveryAddressInput, key: string | null) {
  return runOnce(
    db,
    { ownerId: userId, scope: REPEAT_SCOPE.deliveryAddressCreate, key, command: input },
    (tx) => addressBookRefusal(tx, userId) ?? insertDeliveryAddress(tx, userId, input),
    succeeded,
  ).result;
}

/** Edit an address (the screen's edit dialog, PUT /api/addresses/{id}). */
export function updateDeliveryAddress(db: DB, userId: string, id: number, input: DeliveryAddressInput, key: string | null) {
  return runOnce(
    db,
    { ownerId: userId, scope: scopeFor(REPEAT_SCOPE.deliveryAddressUpdate, id), key, command: input },
    (tx) => addressBookRefusal(tx, userId) ?? updateAddress(tx, userId, id, input),
    succeeded,
  ).result;
}

/** Delete an address (the screen's confirmed delete, DELETE /api/addresses/{id}). */
export function deleteDeliveryAddress(db: DB, userId: string, id: number, key: string | null) {
  return runOnce(
    db,
    { ownerId: userId, scope: scopeFor(REPEAT_SCOPE.deliveryAddressDelete, id), key, command: { id } },
    (tx) => addressBookRefusal(tx, userId) ?? removeAddress(tx, userId, id),
    succeeded,
  ).result;
}

/** Make an address the default (the screen's Make default button). */
export function makeDefaultDeliveryAddress(db: DB, userId: string, id: number, key: string | null) {
  return runOnce(
    db,
    { ownerId: userId, scope: scopeFor(REPEAT_SCOPE.deliveryAddressDefault, id), key, command: { id } },
    (tx) => addressBookRefusal(tx, userId) ?? makeDefault(tx, userId, id),
    succeeded,
  ).result;
}

// ─── Checkout ───────────────────────────────────────────────────────────────

/** What became of "Save this address to my address book" when an order was placed. */
export type AddressBookOutcome =
  | { saved: true; label: string }
  | { saved: false; reason: "already-saved"; label: string }
  | { saved: false; reason: "full" };

/**
 * Keeps the address an order is going to, inside the order's transaction (so the order's idempotency key
 * covers it: a repeated post adds nothing). The same name, address, city and postcode already in the book
 * (any case) is not added twice; a full book leaves the order alone and says so.
 */
export function keepOrderAddress(
  tx: DB,
  userId: string,
  address: { label: string; name: string; address: string; city: string; postcode: string },
): AddressBookOutcome {
  const existing = savedAddressLabel(tx, userId, address);
  if (existing !== null) return { saved: false, reason: "already-saved", label: existing };
  const added = insertDeliveryAddress(tx, userId, { ...address, isDefault: false });
  return added.ok ? { saved: true, label: added.value.label } : { saved: false, reason: "full" };
}

/** The label the customer keeps this name, address, city and postcode under (any case), or null. */
export function savedAddressLabel(
  db: DB,
  userId: string,
  address: { name: string; address: string; city: string; postcode: string },
): string | null {
  const same = (column: SQLiteColumn, value: string) => sql`lower(${column}) = lower(${value})`;
  const existing = db
    .select({ label: deliveryAddresses.label })
    .from(deliveryAddresses)
    .where(
      and(
        ofCompany(userId),
        same(deliveryAddresses.name, address.name),
        same(deliveryAddresses.address, address.address),
        same(deliveryAddresses.city, address.city),
        same(deliveryAddresses.postcode, address.postcode),
      ),
    )
    .get();
  return existing?.label ?? null;
}

/** What the order's confirmation says about the address it was asked to keep. */
export function addressBookNotice(outcome: AddressBookOutcome | null): string | null {
  if (!outcome) return null;
  if (outcome.saved) return `The address was saved to your address book as "${outcome.label}".`;
  if (outcome.reason === "already-saved") return `The address is already in your address book as "${outcome.label}".`;
  return `The address was not saved: ${ADDRESS_BOOK_FULL}`;
}
