/**
 * An admin's changes to user accounts: create (approved at once), edit (deactivating or a new password ends
 * the user's sessions) and delete (only a user without history). Each is audited in its transaction and
 * repeat-safe with an idempotency key.
 *
 * Staff roles (docs/decisions/0065-staff-roles.md): sales staff may change customer accounts only; staff and
 * supplier accounts, and staff roles, are a full admin's. There is always one active full admin: the last one
 * cannot be given another staff role or role, deactivated or deleted.
 */
import crypto from "node:crypto";
import { and, count, eq, ne, or, isNull } from "drizzle-orm";
import { companyNameFor, createCompany, deleteUserAndLoneCompany } from "~/domain/companies/companies.server";
import { companies, priceTiers, sessions, users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import type { CreateUserInput, UpdateUserInput } from "./user.schema";
import { CUSTOMERS_ONLY_MESSAGE, LAST_ADMIN_MESSAGE, STAFF_ROLE_ONLY_ADMIN_MESSAGE, type StaffRole } from "./staff-roles";
import {
  DUPLICATE_EMAIL_MESSAGE,
  getAdminUser,
  HAS_HISTORY_MESSAGE,
  hasHistory,
  SELF_DEACTIVATE_MESSAGE,
  SELF_DELETE_MESSAGE,
  SELF_DEMOTE_MESSAGE,
  storeSuccess,
  TIER_NOT_FOUND_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  withUser,
  type Actor,
  type AdminUser,
  type Removed,
} from "./users.server";

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


export const STAFF_ROLE_NOT_STAFF_MESSAGE = "Only back-office users (role Admin) have a staff role";

const isFullAdmin = (actor: Actor) => actor.staffRole === "admin";

/** What a staff member who is not a full admin may not do to an account (null when they may). */
function outsideCustomers(actor: Actor, targetRole: string, change: { role?: string; staffRole?: StaffRole }) {
  if (isFullAdmin(actor)) return null;
  if (change.staffRole !== undefined) return fail(403, STAFF_ROLE_ONLY_ADMIN_MESSAGE, "staffRole");
  if (targetRole !== "customer" || (change.role !== undefined && change.role !== "customer")) {
    return fail(403, CUSTOMERS_ONLY_MESSAGE, "role");
  }
  return null;
}

/** Active full admins other than `exceptId` (a back-office user with no staff role stored is a full admin). */
function otherActiveFullAdmins(tx: DB, exceptId: string) {
  const fullAdmin = or(eq(users.staffRole, "admin"), isNull(users.staffRole));
  return (
    tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "admin"), fullAdmin, eq(users.isActive, true), ne(users.id, exceptId)))
      .get()?.n ?? 0
  );
}

type UserRowForRules = { id: string; role: string; staffRole: StaffRole | null; isActive: boolean };
const activeFullAdmin = (row: UserRowForRules) => row.role === "admin" && (row.staffRole ?? "admin") === "admin" && row.isActive;

function endSessionsOf(tx: DB, userId: string) {
  tx.delete(sessions).where(eq(sessions.userId, userId)).run();
}

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
  const refused = outsideCustomers(actor, input.role, { staffRole: input.staffRole });
  if (refused) return refused;
  if (input.staffRole !== undefined && input.role !== "admin") return fail(400, STAFF_ROLE_NOT_STAFF_MESSAGE, "staffRole");
  if (!key && emailTaken(db, input.email)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
  if (input.priceTierId !== null && !tierExists(db, input.priceTierId)) {
    return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const { result } = runOnce(
      db,
      // the password is never part of the stored digest
      { ownerId: actor.id, scope: REPEAT_SCOPE.userCreate, key, command: { ...input, password: null } },
      (tx): Result<{ id: string }> => {
        if (emailTaken(tx, input.email)) return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
        if (input.priceTierId !== null && !tierExists(tx, input.priceTierId)) {
          return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
        }
        const id = crypto.randomUUID();
        const isCustomer = input.role === "customer";
        // a customer an admin adds is a company of one, its admin; the business details and terms are the company's
        const companyId = isCustomer
          ? createCompany(tx, {
              name: companyNameFor(input),
              vatNumber: input.vatNumber ?? null,
              address: input.address ?? null,
              priceTierId: input.priceTierId,
              requiresApproval: input.requiresApproval,
              deliveryChargePence: input.deliveryCharge,
            })
          : null;
        tx.insert(users)
          .values({
            id,
            email: input.email,
            passwordHash,
            firstName: input.firstName ?? null,
            lastName: input.lastName ?? null,
            businessName: isCustomer ? null : (input.businessName ?? null),
            phone: input.phone ?? null,
            address: isCustomer ? null : (input.address ?? null),
            vatNumber: isCustomer ? null : (input.vatNumber ?? null),
            role: input.role,
            companyId,
            companyRole: isCustomer ? "company_admin" : null,
            // a new back-office user without a staff role named is a full admin, as POST role admin always made
            staffRole: input.role === "admin" ? (input.staffRole ?? "admin") : null,
            isActive: input.isActive,
            approvedAt: new Date(),
          })
          .run();
        recordAudit(tx, {
          actorId: actor.id,
          action: "user.created",
          entityType: "user",
          entityId: id,
          details: {
            email: input.email,
            role: input.role,
            staffRole: input.role === "admin" ? (input.staffRole ?? "admin") : null,
            isActive: input.isActive,
            priceTierId: input.priceTierId,
          },
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

/** The person's own fields. */
const PERSON_FIELDS = ["email", "firstName", "lastName", "phone", "role", "staffRole", "isActive"] as const;
/** The account's: a customer's company holds them; a supplier (or the staff) keeps the first three on their row. */
const ACCOUNT_FIELDS = ["businessName", "address", "vatNumber", "priceTierId", "requiresApproval"] as const;
const OWN_DETAILS = ["businessName", "address", "vatNumber"] as const;

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
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userUpdate, id), key, command: { ...input, password: null } },
      (tx): Result<{ id: string }> => {
        const existing = tx.select().from(users).where(eq(users.id, id)).get();
        if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
        const refused = outsideCustomers(actor, existing.role, input);
        if (refused) return refused;
        const role = input.role ?? existing.role;
        if (input.staffRole !== undefined && role !== "admin") return fail(400, STAFF_ROLE_NOT_STAFF_MESSAGE, "staffRole");
        // the staff role follows the role: none off the back office, a full admin when first made back-office staff
        const staffRole = role !== "admin" ? null : (input.staffRole ?? existing.staffRole ?? "admin");
        const after = { id, role, staffRole, isActive: input.isActive ?? existing.isActive };
        if (activeFullAdmin(existing) && !activeFullAdmin(after) && otherActiveFullAdmins(tx, id) === 0) {
          const field = role !== "admin" ? "role" : !after.isActive ? "isActive" : "staffRole";
          return fail(409, LAST_ADMIN_MESSAGE, field);
        }
        if (input.email !== undefined && emailTaken(tx, input.email, id)) {
          return fail(409, DUPLICATE_EMAIL_MESSAGE, "email");
        }
        if (input.priceTierId !== undefined && input.priceTierId !== null && !tierExists(tx, input.priceTierId)) {
          return fail(400, TIER_NOT_FOUND_MESSAGE, "priceTierId");
        }
        const current = getAdminUser(tx, id)!;
        const changes: Partial<typeof users.$inferInsert> = {};
        const companyChanges: Partial<typeof companies.$inferInsert> = {};
        const before: Record<string, unknown> = {};
        const changed: Record<string, unknown> = {};
        const note = (field: string, from: unknown, to: unknown) => {
          before[field] = from;
          changed[field] = to;
        };
        const wanted = { ...input, staffRole };
        for (const field of PERSON_FIELDS) {
          const value = wanted[field];
          if (value === undefined || value === existing[field]) continue;
          (changes as Record<string, unknown>)[field] = value;
          note(field, existing[field], value);
        }
        const account = {
          businessName: current.businessName,
          address: current.address,
          vatNumber: current.vatNumber,
          priceTierId: current.priceTierId,
          requiresApproval: current.requiresApproval,
          deliveryCharge: current.deliveryChargePence,
        };
        for (const field of [...ACCOUNT_FIELDS, "deliveryCharge"] as const) {
          const value = input[field];
          if (value === undefined || value === account[field]) continue;
          note(field === "deliveryCharge" ? "deliveryChargePence" : field, account[field], value);
          (account as Record<string, unknown>)[field] = value;
        }
        if (role === "customer") {
          const companyFields = {
            name: companyNameFor({ ...existing, ...changes, businessName: account.businessName }),
            address: account.address,
            vatNumber: account.vatNumber,
            priceTierId: account.priceTierId,
            requiresApproval: account.requiresApproval,
            deliveryChargePence: account.deliveryCharge,
          };
          if (existing.companyId === null) {
            // a supplier (or staff member) made a customer becomes a company of one with their details
            changes.companyId = createCompany(tx, companyFields);
            changes.companyRole = "company_admin";
            for (const field of OWN_DETAILS) changes[field] = null;
          } else if (Object.keys(changed).some((f) => f !== "role" && !(PERSON_FIELDS as readonly string[]).includes(f))) {
            Object.assign(companyChanges, companyFields);
          }
        } else {
          if (existing.companyId !== null) {
            // leaving the customers: the company (and its history) stays; the person keeps its details as their own
            changes.companyId = null;
            changes.companyRole = null;
          }
          for (const field of OWN_DETAILS) {
            if (account[field] !== existing[field]) changes[field] = account[field];
          }
        }
        if (passwordHash) changes.passwordHash = passwordHash;
        if (Object.keys(changes).length === 0 && Object.keys(companyChanges).length === 0) return ok({ id });

        if (Object.keys(companyChanges).length > 0 && existing.companyId !== null) {
          tx.update(companies)
            .set({ ...companyChanges, updatedAt: new Date() })
            .where(eq(companies.id, existing.companyId))
            .run();
        }
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
          details: { before, after: changed, passwordChanged: Boolean(passwordHash), sessionsEnded: endSessions },
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

/** Deletes a user who has no history. Refuses the admin's own account. */
export function deleteUser(db: DB, actor: Actor, id: string, key: string | null = null): Result<Removed> {
  if (actor.id === id) return fail(409, SELF_DELETE_MESSAGE);
  return runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userDelete, id), key, command: { id } },
    (tx): Result<Removed> => {
      const existing = tx
        .select({ id: users.id, email: users.email, role: users.role, staffRole: users.staffRole, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, id))
        .get();
      if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
      const refused = outsideCustomers(actor, existing.role, {});
      if (refused) return refused;
      if (activeFullAdmin(existing) && otherActiveFullAdmins(tx, id) === 0) return fail(409, LAST_ADMIN_MESSAGE);
      if (hasHistory(tx, id)) return fail(409, HAS_HISTORY_MESSAGE);
      deleteUserAndLoneCompany(tx, id);
      recordAudit(tx, {
        actorId: actor.id,
        action: "user.deleted",
        entityType: "user",
        entityId: id,
        details: { email: existing.email },
      });
      return ok({ id: existing.id, email: existing.email });
    },
    storeSuccess,
  ).result;
}
