/**
 * The back office's user management: listing, creating, editing, deleting, and approving or rejecting
 * self-registered customers. Every change is audited in the same transaction.
 *
 * Rules (docs: decisions "Accounts"): users an admin creates are approved at once; approval sets
 * approvedAt; rejecting deletes the registration; deactivating a user ends their sessions (and sign-in
 * refuses them). A user with order or invoice history is never hard-deleted: they are deactivated instead,
 * so the books keep their customer.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  orders,
  priceTiers,
  purchaseInvoices,
  purchaseOrders,
  returns,
  salesInvoices,
  sessions,
  users,
} from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import {
  USERS_PAGE_SIZE,
  type CreateUserInput,
  type UpdateUserInput,
  type UserListQuery,
} from "./user.schema";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

type UserRow = typeof users.$inferSelect;

export type AdminUser = Omit<UserRow, "passwordHash"> & { priceTierName: string | null };

const DUPLICATE_EMAIL_MESSAGE = "A user with this email already exists";
const SELF_DELETE_MESSAGE = "You cannot delete your own account";
const SELF_DEACTIVATE_MESSAGE = "You cannot deactivate your own account";
const SELF_DEMOTE_MESSAGE = "You cannot remove your own admin role";
const HAS_HISTORY_MESSAGE =
  "This user has orders or invoices and cannot be deleted. Deactivate the account instead.";
const NOT_PENDING_MESSAGE = "Only registrations pending approval can be rejected";
const ALREADY_APPROVED_MESSAGE = "This user is already approved";
export const USER_NOT_FOUND_MESSAGE = "User not found";
const TIER_NOT_FOUND_MESSAGE = "Price tier not found";

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  phone: users.phone,
  address: users.address,
  vatNumber: users.vatNumber,
  priceTierId: users.priceTierId,
  priceTierName: priceTiers.name,
  requiresApproval: users.requiresApproval,
  isActive: users.isActive,
  approvedAt: users.approvedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

function selectAdminUsers(db: DB) {
  return db.select(adminUserColumns).from(users).leftJoin(priceTiers, eq(priceTiers.id, users.priceTierId));
}

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
    phone: user.phone,
    address: user.address,
    vatNumber: user.vatNumber,
    priceTierId: user.priceTierId,
    priceTierName: user.priceTierName,
    requiresApproval: user.requiresApproval,
    isActive: user.isActive,
    approvedAt: user.approvedAt ? user.approvedAt.toISOString() : null,
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
        likeEscaped(sql`coalesce(${users.businessName}, '')`, pattern),
      )!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = conditions.length ? and(...conditions) : undefined;
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
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

/** Self-registered users an admin has not approved yet, oldest first (first come, first served). */
export function listPendingUsers(db: DB): AdminUser[] {
  return selectAdminUsers(db).where(isNull(users.approvedAt)).orderBy(asc(users.createdAt), asc(users.email)).all();
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
      businessName: users.businessName,
    })
    .from(users)
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

function emailTaken(db: DB, email: string, exceptId?: string) {
  const row = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return Boolean(row && row.id !== exceptId);
}

function tierExists(db: DB, id: number) {
  return Boolean(db.select({ id: priceTiers.id }).from(priceTiers).where(eq(priceTiers.id, id)).get());
}

function isUniqueEmailError(error: unknown) {
  return error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);
}

/** Whether a user appears on orders, invoices, returns or purchase orders (and so must be kept). */
function hasHistory(db: DB, id: string) {
  const checks = [
    db.select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1).get(),
    db.select({ id: salesInvoices.id }).from(salesInvoices).where(eq(salesInvoices.customerId, id)).limit(1).get(),
    db.select({ id: returns.id }).from(returns).where(eq(returns.userId, id)).limit(1).get(),
    db.select({ id: purchaseInvoices.id }).from(purchaseInvoices).where(eq(purchaseInvoices.supplierId, id)).limit(1).get(),
    db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.supplierId, id)).limit(1).get(),
  ];
  return checks.some(Boolean);
}

function endSessionsOf(tx: DB, userId: string) {
  tx.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export type Actor = { id: string };

/** Reads the user a stored (or fresh) result names, so a replayed result has real dates too. */
function withUser(result: Result<{ id: string }>, db: DB): Result<AdminUser> {
  if (!result.ok) return result;
  const user = getAdminUser(db, result.value.id);
  return user ? ok(user) : fail(404, USER_NOT_FOUND_MESSAGE);
}

const storeSuccess = (result: Result<unknown>) => result.ok;

/**
 * An admin adds a user: approved at once, since an admin vouched for them. `key` (the form's or the
 * Idempotency-Key header's) makes a repeated submission return the first result instead of a 409.
 */
export async function createUser(
  db: DB,
  actor: Actor,
  input: CreateUserInput,
  key: string | null = null,
): Promise<Result<AdminUser>> {
  // cheap checks first, so a refusal does not wait for the password hash
  if (!key && emailTaken(db, input.email)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
  if (input.priceTierId !== null && !tierExists(db, input.priceTierId)) {
    return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: REPEAT_SCOPE.userCreate, key },
      (tx): Result<{ id: string }> => {
        if (emailTaken(tx, input.email)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
        if (input.priceTierId !== null && !tierExists(tx, input.priceTierId)) {
          return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
        }
        const id = crypto.randomUUID();
        tx.insert(users)
          .values({
            id,
            email: input.email,
            passwordHash,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            businessName: input.businessName ?? null,
            phone: input.phone ?? null,
            address: input.address ?? null,
            vatNumber: input.vatNumber ?? null,
            role: input.role,
            priceTierId: input.priceTierId,
            isActive: input.isActive,
            requiresApproval: input.requiresApproval,
            approvedAt: new Date(),
          })
          .run();
        recordAudit(tx, {
          actorId: actor.id,
          action: "user.created",
          entityType: "user",
          entityId: id,
          details: { email: input.email, role: input.role, isActive: input.isActive, priceTierId: input.priceTierId },
        });
        return ok({ id });
      },
      storeSuccess,
    );
    return withUser(result, db);
  } catch (error) {
    if (isUniqueEmailError(error)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
    throw error;
  }
}

const EDITABLE_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "businessName",
  "phone",
  "address",
  "vatNumber",
  "role",
  "priceTierId",
  "isActive",
  "requiresApproval",
] as const;

/**
 * An admin edits a user. Only the fields given change; the password only when a new one is given.
 * Deactivating a user, or setting a new password, ends every session they have.
 */
export async function updateUser(
  db: DB,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
  key: string | null = null,
): Promise<Result<AdminUser>> {
  if (actor.id === id && input.isActive === false) return fail(409, SELF_DEACTIVATE_MESSAGE, "isActive");
  if (actor.id === id && input.role !== undefined && input.role !== "admin") {
    return fail(409, SELF_DEMOTE_MESSAGE, "role");
  }
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, id)).get()) {
    return fail(404, USER_NOT_FOUND_MESSAGE);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const { result } = runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userUpdate, id), key },
      (tx): Result<{ id: string }> => {
        const existing = tx.select().from(users).where(eq(users.id, id)).get();
        if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
        if (input.email !== undefined && emailTaken(tx, input.email, id)) {
          return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
        }
        if (input.priceTierId !== undefined && input.priceTierId !== null && !tierExists(tx, input.priceTierId)) {
          return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
        }
        const changes: Partial<typeof users.$inferInsert> = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const field of EDITABLE_FIELDS) {
          const value = input[field];
          if (value === undefined || value === existing[field]) continue;
          (changes as Record<string, unknown>)[field] = value;
          before[field] = existing[field];
          after[field] = value;
        }
        if (passwordHash) changes.passwordHash = passwordHash;
        if (Object.keys(changes).length === 0) return ok({ id });

        tx.update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, id))
          .run();
        const endSessions = changes.isActive === false || Boolean(passwordHash);
        if (endSessions) endSessionsOf(tx, id);
        recordAudit(tx, {
          actorId: actor.id,
          action: "user.updated",
          entityType: "user",
          entityId: id,
          details: { before, after, passwordChanged: Boolean(passwordHash), sessionsEnded: endSessions },
        });
        return ok({ id });
      },
      storeSuccess,
    );
    return withUser(result, db);
  } catch (error) {
    if (isUniqueEmailError(error)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
    throw error;
  }
}

type Removed = { id: string; email: string };

/** Deletes a user who has no history. Refuses the admin's own account. */
export function deleteUser(db: DB, actor: Actor, id: string, key: string | null = null): Result<Removed> {
  if (actor.id === id) return fail(409, SELF_DELETE_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userDelete, id), key },
    (tx): Result<Removed> => {
      const existing = tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).get();
      if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
      if (hasHistory(tx, id)) return fail(409, HAS_HISTORY_MESSAGE);
      tx.delete(users).where(eq(users.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "user.deleted",
        entityType: "user",
        entityId: id,
        details: { email: existing.email },
      });
      return ok(existing);
    },
    storeSuccess,
  ).result;
}

/** Grants a pending registration access: trade prices and checkout open for them. */
export function approveUser(db: DB, actor: Actor, id: string, key: string | null = null): Result<AdminUser> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userApprove, id), key },
    (tx): Result<{ id: string }> => {
      const existing = tx.select().from(users).where(eq(users.id, id)).get();
      if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
      if (existing.approvedAt) return fail(409, ALREADY_APPROVED_MESSAGE);
      const now = new Date();
      tx.update(users).set({ approvedAt: now, updatedAt: now }).where(eq(users.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "user.approved",
        entityType: "user",
        entityId: id,
        details: { email: existing.email },
      });
      return ok({ id });
    },
    storeSuccess,
  );
  return withUser(result, db);
}

/** Turns a registration down: the account is removed (and with it any session it has). */
export function rejectUser(db: DB, actor: Actor, id: string, key: string | null = null): Result<Removed> {
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userReject, id), key },
    (tx): Result<Removed> => {
      const existing = tx.select().from(users).where(eq(users.id, id)).get();
      if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
      if (existing.approvedAt) return fail(409, NOT_PENDING_MESSAGE);
      if (hasHistory(tx, id)) return fail(409, HAS_HISTORY_MESSAGE);
      tx.delete(users).where(eq(users.id, id)).run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "user.rejected",
        entityType: "user",
        entityId: id,
        details: { email: existing.email, businessName: existing.businessName },
      });
      return ok({ id: existing.id, email: existing.email });
    },
    storeSuccess,
  ).result;
}
