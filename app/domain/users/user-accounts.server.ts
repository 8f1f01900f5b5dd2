/** Sign-in: the use-cases behind /login and /api/auth/* (sign-up is sign-up.server.ts). */
import { and, eq, sql } from "drizzle-orm";
import { companies, users, type CompanyRole } from "~db/schema";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { log } from "~/utils/log.server";
import { decoyPasswordHash, hashNeedsRenewal, hashPassword, verifyPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { reserveSignInAttempt, signInSucceeded, type SignInSource } from "~/utils/sign-in-limits.server";
import { endUserSessions } from "~/utils/session.server";
import type { ChangePasswordInput } from "./account.schema";
import type { LoginInput } from "./auth.schema";
import { staffRoleOf, type StaffRole } from "./staff-roles";

/** What the rest of the app knows about the signed-in person. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** a customer's company name; a supplier's or the staff's own business name */
  businessName: string | null;
  role: "customer" | "admin" | "supplier";
  /** customers: the account they buy for (null for admins and suppliers) */
  companyId: number | null;
  companyRole: CompanyRole | null;
  /** a back-office user's staff role; null for customers and suppliers */
  staffRole: StaffRole | null;
  /** the company's price tier (customers only) */
  priceTierId: number | null;
  /** the wholesaler approves the company's orders */
  requiresApproval: boolean;
  /** the wholesaler has put the company on hold: it cannot order */
  onHold: boolean;
  holdReason: string | null;
  isActive: boolean;
  /** false for a self-registered customer an admin has not approved yet */
  isApproved: boolean;
};

const INVALID_LOGIN_MESSAGE = "Invalid email or password";
export const INACTIVE_ACCOUNT_MESSAGE = "This account has been deactivated. Please contact us.";

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

function toSessionUser(row: UserRow, company: CompanyRow | null): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: company ? company.name : row.businessName,
    role: row.role,
    companyId: company?.id ?? null,
    companyRole: company ? row.companyRole : null,
    priceTierId: company?.priceTierId ?? null,
    requiresApproval: company?.requiresApproval ?? false,
    onHold: Boolean(company?.onHoldAt),
    holdReason: company?.holdReason ?? null,
    staffRole: staffRoleOf(row),
    isActive: row.isActive,
    isApproved: row.approvedAt !== null,
  };
}

/** A user with their company (null for admins and suppliers). */
function userWithCompany(db: DB, where: ReturnType<typeof eq>) {
  const row = db.select().from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).get();
  return row ? { user: row.users, company: row.companies } : undefined;
}

/**
 * The signed-in user's look-up runs on every request, so it is prepared once per connection: building the query
 * (two tables' columns) cost about 0.4 ms a time, the look-up itself 0.03 ms.
 */
const sessionUserQueries = new WeakMap<DB, ReturnType<typeof prepareSessionUserQuery>>();

function prepareSessionUserQuery(db: DB) {
  return db
    .select()
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
}

export function findSessionUser(db: DB, id: string): SessionUser | null {
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUserQuery(db)));
  const row = query.get({ id });
  return row ? toSessionUser(row.users, row.companies) : null;
}

/**
 * Checks an email and password. The answer never says whether the email exists: an unknown email and a
 * wrong password give the same message after the same amount of hashing work.
 */
export async function verifyLogin(
  db: DB,
  input: LoginInput,
  source: SignInSource = {},
): Promise<Result<SessionUser>> {
  // counted before the hash runs, so simultaneous guesses cannot all pass the check (sign-in-limits.server.ts)
  const attempt = reserveSignInAttempt(db, input.email, source);
  if (!attempt.ok) {
    signInFailed(input.email, "held", source);
    return { ...fail(429, attempt.hold.message), retryAfter: attempt.hold.retryAfterSeconds };
  }
  const found = userWithCompany(db, eq(users.email, input.email));
  const row = found?.user;
  // an unknown email is checked against a decoy of the same cost: one scrypt either way, nothing else
  const valid = await verifyPassword(input.password, row?.passwordHash ?? decoyPasswordHash());
  // a wrong password leaves the reserved attempt as its failure
  if (!row || !valid) {
    signInFailed(input.email, row ? "wrong password" : "no such account", source);
    return fail(401, INVALID_LOGIN_MESSAGE);
  }
  signInSucceeded(db, attempt.reservation);
  if (!row.isActive) {
    signInFailed(input.email, "account inactive", source);
    return fail(403, INACTIVE_ACCOUNT_MESSAGE);
  }
  if (hashNeedsRenewal(row.passwordHash)) await renewPasswordHash(db, row.id, row.passwordHash, input.password);
  return ok(toSessionUser(row, found!.company));
}

/**
 * A hash made with older parameters (0094: N=2^17, p=1 took 128 MiB a sign-in) is made again with today's while
 * the password is at hand. The password is the same, so the user's sessions stay; a password changed meanwhile
 * is left alone, and a renewal that fails never fails the sign-in (the old hash still verifies).
 */
async function renewPasswordHash(db: DB, userId: string, previousHash: string, password: string) {
  try {
    const renewed = await hashPassword(password);
    // one statement, over the hash that was checked
    replacePasswordHash(db, userId, previousHash, renewed);
  } catch (error) {
    log().warn({ event: "password hash renewal failed", userId, error: String(error) }, "Password hash not renewed");
  }
}

/** A failed sign-in in the log: the address typed and why, never the password. */
function signInFailed(email: string, reason: string, source: SignInSource) {
  log().warn({ event: "sign-in failed", email, reason, client: source.client ?? null }, "Sign-in failed");
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
    companyId: user.companyId,
    companyRole: user.companyRole,
    /** a back-office user's staff role (admin, sales, warehouse, accounts): what the back office lets them use */
    staffRole: user.staffRole,
    isApproved: user.isApproved,
    requiresApproval: user.requiresApproval,
    priceTierId: user.priceTierId,
  };
}

/**
 * Writes a new password hash over `previousHash` only: false, and nothing written, when the password was
 * changed meanwhile (the caller checked the old one, or a reset link was made for it). Inside the caller's
 * write transaction; the caller ends the user's other sessions once it has committed (endUserSessions).
 */
export function replacePasswordHash(tx: DB, userId: string, previousHash: string, passwordHash: string): boolean {
  const updated = tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.passwordHash, previousHash)))
    .run();
  return updated.changes > 0;
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
    devices,
  }: { keepSessionId?: string; idempotencyKey?: string | null } & SignInSource = {},
): Promise<Result<{ message: string }>> {
  // a repeat of a change that was made (its reply lost) answers as the first did, not "incorrect"
  // passwords are never part of the stored digest: the change itself is the command
  const ref = { ownerId: userId, scope: REPEAT_SCOPE.passwordChange, key: idempotencyKey, command: null };
  const earlier = earlierResult<Result<{ message: string }>>(db, ref);
  if (earlier) return earlier.result;
  const row = db.select().from(users).where(eq(users.id, userId)).get();
  if (!row || !row.isActive) return fail(401, "Unauthorized");
  // a stolen session must not become a way to guess the password: the sign-in limits apply here too,
  // the attempt counted before the hash runs
  const attempt = reserveSignInAttempt(db, row.email, { client, devices });
  if (!attempt.ok) {
    return { ...fail(429, attempt.hold.message, "currentPassword"), retryAfter: attempt.hold.retryAfterSeconds };
  }
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    return fail(400, WRONG_CURRENT_PASSWORD_MESSAGE, "currentPassword");
  }
  signInSucceeded(db, attempt.reservation);
  const passwordHash = await hashPassword(input.newPassword);
  const { result, replayed } = runOnce(
    db,
    ref,
    (tx): Result<{ message: string }> => {
      // only over the hash that was checked: a change made meanwhile from another session is not overwritten
      if (!replacePasswordHash(tx, userId, row.passwordHash, passwordHash)) {
        return fail(409, "Your password was changed in the meantime. Please try again.", "currentPassword");
      }
      return ok({ message: PASSWORD_CHANGED_MESSAGE });
    },
    (outcome) => outcome.ok,
  );
  if (result.ok && !replayed) endUserSessions(userId, keepSessionId);
  return result;
}
