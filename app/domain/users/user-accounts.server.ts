/** Sign-in and registration: the use-cases behind /login and /api/auth/*. */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { users } from "~db/schema";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordSignInFailure, recordSignInSuccess, signInHold } from "~/utils/sign-in-limits.server";
import { endUserSessions } from "~/utils/session.server";
import type { ChangePasswordInput } from "./account.schema";
import type { LoginInput, SignupInput } from "./auth.schema";

/** What the rest of the app knows about the signed-in person. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  role: "customer" | "admin" | "supplier";
  priceTierId: number | null;
  requiresApproval: boolean;
  isActive: boolean;
  /** false for a self-registered customer an admin has not approved yet */
  isApproved: boolean;
};

const INVALID_LOGIN_MESSAGE = "Invalid email or password";
export const INACTIVE_ACCOUNT_MESSAGE = "This account has been deactivated. Please contact us.";

type UserRow = typeof users.$inferSelect;

function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    role: row.role,
    priceTierId: row.priceTierId,
    requiresApproval: row.requiresApproval,
    isActive: row.isActive,
    isApproved: row.approvedAt !== null,
  };
}

export function findSessionUser(db: DB, id: string): SessionUser | null {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  return row ? toSessionUser(row) : null;
}

/**
 * Checks an email and password. The answer never says whether the email exists: an unknown email and a
 * wrong password give the same message after the same amount of hashing work.
 */
export async function verifyLogin(
  db: DB,
  input: LoginInput,
  { client }: { client?: string | null } = {},
): Promise<Result<SessionUser>> {
  const hold = signInHold(db, input.email, client);
  if (hold) return { ...fail(429, hold.message), retryAfter: hold.retryAfterSeconds };
  const row = db.select().from(users).where(eq(users.email, input.email)).get();
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyPasswordHash()));
  if (!row || !valid) {
    recordSignInFailure(db, input.email, client);
    return fail(401, INVALID_LOGIN_MESSAGE);
  }
  recordSignInSuccess(db, input.email);
  if (!row.isActive) return fail(403, INACTIVE_ACCOUNT_MESSAGE);
  return ok(toSessionUser(row));
}

const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";

/**
 * Self sign-up: a customer who may sign in and browse at list prices until an admin approves them.
 * With the form's key, a repeat (a retry after a lost reply) answers with the account the first post made,
 * rather than "already exists": but only when it carries that account's password, so a key alone never
 * signs anyone in.
 */
export async function registerCustomer(
  db: DB,
  input: SignupInput,
  idempotencyKey: string | null = null,
): Promise<Result<SessionUser>> {
  // the password is never part of the stored digest: a repeat must carry it anyway to be let in
  const ref = { ownerId: input.email, scope: REPEAT_SCOPE.signUp, key: idempotencyKey, command: { ...input, password: null } };
  const earlier = earlierResult<Result<{ userId: string }>>(db, ref);
  if (earlier) return earlier.result.ok ? repeatedSignUp(db, earlier.result.value.userId, input.password) : earlier.result;
  const taken = db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  if (taken) return fail(409, EMAIL_TAKEN_MESSAGE, "email");
  const passwordHash = await hashPassword(input.password);
  try {
    const { result: created, replayed } = runOnce(db, ref, (tx) => ok({ userId: insertCustomer(tx, input, passwordHash).id }));
    if (!created.ok) return created;
    if (replayed) return repeatedSignUp(db, created.value.userId, input.password);
    return ok(toSessionUser(db.select().from(users).where(eq(users.id, created.value.userId)).get()!));
  } catch (error) {
    // two sign-ups for one email racing past the check above
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) {
      return fail(409, EMAIL_TAKEN_MESSAGE, "email");
    }
    throw error;
  }
}

async function repeatedSignUp(db: DB, userId: string, password: string): Promise<Result<SessionUser>> {
  const row = db.select().from(users).where(eq(users.id, userId)).get();
  if (!row || !(await verifyPassword(password, row.passwordHash))) return fail(409, EMAIL_TAKEN_MESSAGE, "email");
  if (!row.isActive) return fail(403, INACTIVE_ACCOUNT_MESSAGE);
  return ok(toSessionUser(row));
}

function insertCustomer(db: DB, input: SignupInput, passwordHash: string) {
  return db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      businessName: input.businessName,
      address: input.address,
      phone: input.phone,
      vatNumber: input.vatNumber,
      role: "customer",
      approvedAt: null,
    })
    .returning()
    .get();
}

/** The public shape of a user in JSON answers. */
export function userJson(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName,
    role: user.role,
    isApproved: user.isApproved,
    requiresApproval: user.requiresApproval,
    priceTierId: user.priceTierId,
  };
}

const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";
const PASSWORD_CHANGED_MESSAGE = "Password changed";

/**
 * A signed-in user replaces their password. The current one must be given; on success every other
 * session of the user ends (a device someone else may hold is signed out), and `keepSessionId`, the
 * session that made the change, carries on.
 */
export async function changePassword(
  db: DB,
  userId: string,
  input: ChangePasswordInput,
  {
    keepSessionId,
    idempotencyKey = null,
    client,
  }: { keepSessionId?: string; idempotencyKey?: string | null; client?: string | null } = {},
): Promise<Result<{ message: string }>> {
  // a repeat of a change that was made (its reply lost) answers as the first did, not "incorrect"
  // passwords are never part of the stored digest: the change itself is the command
  const ref = { ownerId: userId, scope: REPEAT_SCOPE.passwordChange, key: idempotencyKey, command: null };
  const earlier = earlierResult<Result<{ message: string }>>(db, ref);
  if (earlier) return earlier.result;
  const row = db.select().from(users).where(eq(users.id, userId)).get();
  if (!row || !row.isActive) return fail(401, "Unauthorized");
  // a stolen session must not become a way to guess the password: the sign-in limits apply here too
  const hold = signInHold(db, row.email, client);
  if (hold) return { ...fail(429, hold.message, "currentPassword"), retryAfter: hold.retryAfterSeconds };
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    recordSignInFailure(db, row.email, client);
    return fail(400, WRONG_CURRENT_PASSWORD_MESSAGE, "currentPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { result, replayed } = runOnce(
    db,
    ref,
    (tx): Result<{ message: string }> => {
      // only over the hash that was checked: a change made meanwhile from another session is not overwritten
      const updated = tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.passwordHash, row.passwordHash)))
        .run();
      if (updated.changes === 0) {
        return fail(409, "Your password was changed in the meantime. Please try again.", "currentPassword");
      }
      return ok({ message: PASSWORD_CHANGED_MESSAGE });
    },
    (outcome) => outcome.ok,
  );
  if (result.ok && !replayed) endUserSessions(userId, keepSessionId);
  return result;
}
