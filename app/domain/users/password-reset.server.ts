/**
 * Forgotten passwords: the use cases behind /forgot-password and POST /api/auth/forgot-password (ask for a
 * link), /reset-password/{token} and POST /api/auth/reset-password (set a new password with it), and the
 * Users screen's "Send password reset link" with POST /api/admin/users/{id}/password-reset.
 *
 * A link carries 32 random bytes (base64url); the table keeps only their SHA-256, so a copy of the database
 * opens no account. A link works once, for an hour, and only while the account still has the password it had
 * when the link was made: setting a new one (this way or any other) voids every link of the account.
 *
 * Asking for a link answers the same, after the same work, whether or not the email has an account
 * (docs/decisions/0052-password-reset.md): the limits are taken and a token made either way, in one write
 * transaction; the mail, for an account only, goes out after the reply, so neither its absence nor a slow
 * mail server shows in the time taken. Requests are limited per client and per email address over the hour,
 * with the sign-up limits' machinery, before anything else is done.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { passwordResets, users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { writeTransaction, type DB } from "~/utils/db.server";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { untrustedBucket } from "~/utils/sign-in-buckets";
import { clearBuckets, clientBucket } from "~/utils/sign-in-limits.server";
import { positiveInteger, takeHourlyPlaces, type HourlyLimit } from "~/utils/sign-up-limits.server";
import { endUserSessions } from "~/utils/session.server";
import { LINK_NOT_VALID_MESSAGE, type ForgotPasswordInput, type ResetPasswordInput } from "./password-reset.schema";
import { sendPasswordChanged, sendResetLink, type ResetRecipient } from "./password-reset-emails.server";
import { replacePasswordHash } from "./user-accounts.server";
import { USER_NOT_FOUND_MESSAGE, type Actor } from "./users.server";
import { CUSTOMERS_ONLY_MESSAGE } from "./staff-roles";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** The one answer to every accepted request, account or not. */
export const RESET_REQUESTED_MESSAGE =
  "If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.";
export const RESET_REQUESTED = { title: "Check your email", description: RESET_REQUESTED_MESSAGE } as const;

export const PASSWORD_RESET_MESSAGE = "Your password has been changed. Sign in with your new password.";
export const INACTIVE_RESET_MESSAGE = "This account is deactivated: activate it before sending a password reset link.";

export const TOO_MANY_RESETS_FROM_CLIENT = "Too many password reset requests from this connection. Please try again later.";
export const TOO_MANY_RESETS_FOR_EMAIL = "Too many password reset requests for this email address. Please try again later.";

/** Requests from one client within the hour (PASSWORD_RESET_CLIENT_LIMIT, default 10). */
export function resetClientLimit(env: Record<string, string | undefined> = process.env) {
  return positiveInteger(env.PASSWORD_RESET_CLIENT_LIMIT, 10);
}

/** Requests for one email address within the hour, from anywhere (PASSWORD_RESET_EMAIL_LIMIT, default 5). */
export function resetEmailLimit(env: Record<string, string | undefined> = process.env) {
  return positiveInteger(env.PASSWORD_RESET_EMAIL_LIMIT, 5);
}

/** The buckets a request counts in, kept apart from the sign-up buckets by their prefix. */
function resetLimits(email: string, client: string | null | undefined): HourlyLimit[] {
  return [
    { bucket: `reset:${clientBucket(client)}`, limit: resetClientLimit(), message: TOO_MANY_RESETS_FROM_CLIENT },
    { bucket: `reset:email:${email}`, limit: resetEmailLimit(), message: TOO_MANY_RESETS_FOR_EMAIL },
  ];
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function sameDigest(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256(token) };
}

type Account = ResetRecipient & { id: string; passwordHash: string; isActive: boolean };

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  role: users.role,
  isActive: users.isActive,
};

function insertLink(tx: DB, account: Account, tokenHash: string, now: number, sentById: string | null) {
  return tx
    .insert(passwordResets)
    .values({
      userId: account.id,
      tokenHash,
      passwordStamp: sha256(account.passwordHash),
      sentById,
      createdAt: now,
      expiresAt: now + RESET_LINK_LIFETIME_MS,
    })
    .returning({ id: passwordResets.id })
    .get();
}

type Options = { client?: string | null; idempotencyKey?: string | null; now?: number };

/**
 * Someone asks for a link for `email`. The answer is RESET_REQUESTED_MESSAGE for an account, an unknown email
 * and a deactivated account alike; only an active account gets a link. 429 (with retryAfter) when the client
 * or the email address has asked too often this hour. A repeat with the same key answers the same, counting
 * and sending nothing more.
 */
export function requestPasswordReset(
  db: DB,
  input: ForgotPasswordInput,
  { client = null, idempotencyKey = null, now = Date.now() }: Options = {},
): Result<{ message: string }> {
  const answer = ok({ message: RESET_REQUESTED_MESSAGE });
  const ref = { ownerId: input.email, scope: REPEAT_SCOPE.passwordResetRequest, key: idempotencyKey, command: input };
  // made whether or not the email has an account: the same work either way
  const { token, tokenHash } = newToken();
  let account: Account | undefined;
  const { result, replayed } = runOnce(
    db,
    ref,
    (tx): Result<{ message: string }> => {
      // checked and counted before anything else, in this transaction
      const hold = takeHourlyPlaces(tx, resetLimits(input.email, client), now);
      if (hold) return { ...fail(429, hold.message), retryAfter: hold.retryAfterSeconds };
      account = tx
        .select(accountColumns)
        .from(users)
        .where(and(eq(users.email, input.email), eq(users.isActive, true)))
        .get();
      if (account) insertLink(tx, account, tokenHash, now, null);
      return answer;
    },
    (outcome) => outcome.ok,
  );
  if (!result.ok) return result;
  const recipient = account;
  if (!replayed && recipient) {
    // after the reply: a mail server's pace must not tell an account from none
    setImmediate(() => {
      sendResetLink(recipient, token, { expiresAt: now + RESET_LINK_LIFETIME_MS, sentByAdmin: false }).catch((error) =>
        console.error("The password reset email could not be sent", error),
      );
    });
  }
  return answer;
}

type UsableLink = { id: number; sentById: string | null; account: Account };

/** The link whose token hashes to `tokenHash`, if it can still be used at `now`; null otherwise. */
function usableLink(db: DB, tokenHash: string, now: number): UsableLink | null {
  const row = db
    .select({ link: passwordResets, account: accountColumns })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  const { link, account } = row;
  // found by its digest, so timing tells nothing of the token; the digests are compared in constant time all the same
  const usable =
    sameDigest(link.tokenHash, tokenHash) &&
    link.usedAt === null &&
    now < link.expiresAt &&
    account.isActive &&
    sameDigest(link.passwordStamp, sha256(account.passwordHash));
  return usable ? { id: link.id, sentById: link.sentById, account } : null;
}

/** What the reset page shows for a token: the account's email while the link can be used, else null. */
export function checkResetLink(db: DB, token: string, now = Date.now()): { email: string } | null {
  const link = usableLink(db, sha256(token), now);
  return link ? { email: link.account.email } : null;
}

/**
 * Sets a new password with a link. The link, and every other link of the account, is void afterwards; every
 * session of the account ends (whoever holds one signs in again, with the new password), the account's count
 * of failed sign-ins from unrecognised browsers is cleared, and the owner is told by mail. 400 (field token)
 * when the link has expired, was used, or was never ours. A repeat with the same key answers as the first did.
 */
export async function resetPassword(
  db: DB,
  input: ResetPasswordInput,
  { idempotencyKey = null, now = Date.now() }: Omit<Options, "client"> = {},
): Promise<Result<{ message: string }>> {
  const tokenHash = sha256(input.token);
  // the password is never part of the stored digest
  const ref = { ownerId: tokenHash, scope: REPEAT_SCOPE.passwordReset, key: idempotencyKey, command: null };
  const earlier = earlierResult<Result<{ message: string }>>(db, ref);
  if (earlier) return earlier.result;
  // a link that cannot be used costs no hashing
  if (!usableLink(db, tokenHash, now)) return fail(400, LINK_NOT_VALID_MESSAGE, "token");
  const passwordHash = await hashPassword(input.newPassword);
  let changed: Account | undefined;
  const { result, replayed } = runOnce(
    db,
    ref,
    (tx): Result<{ message: string }> => {
      // again inside the write: a link used, or a password changed, while the new one was hashed is void
      const link = usableLink(tx, tokenHash, now);
      if (!link || !replacePasswordHash(tx, link.account.id, link.account.passwordHash, passwordHash)) {
        return fail(400, LINK_NOT_VALID_MESSAGE, "token");
      }
      tx.update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, link.account.id), isNull(passwordResets.usedAt)))
        .run();
      // whoever reads the account's mail is its owner: strangers' failed guesses no longer hold them
      clearBuckets(tx, [untrustedBucket(link.account.email)]);
      recordAudit(tx, {
        actorId: link.account.id,
        action: "user.password-reset",
        entityType: "user",
        entityId: link.account.id,
        details: { linkId: link.id, sentById: link.sentById, sessionsEnded: true },
      });
      changed = link.account;
      return ok({ message: PASSWORD_RESET_MESSAGE });
    },
    (outcome) => outcome.ok,
  );
  if (result.ok && !replayed && changed) {
    endUserSessions(changed.id);
    await sendPasswordChanged(changed, now);
  }
  return result;
}

type MailFailure = { ok: false; status: 502; message: string };

/**
 * An admin emails a user a reset link (the user's password is unchanged until they use it). 404 unknown
 * user; 409 a deactivated account; 502 when the mail could not be sent (that link is void). A repeat with
 * the same key answers the first result and sends nothing more.
 */
export async function sendPasswordResetLink(
  db: DB,
  actor: Actor,
  userId: string,
  { idempotencyKey = null, now = Date.now() }: Omit<Options, "client"> = {},
): Promise<Result<{ message: string; email: string }> | MailFailure> {
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.passwordResetSend, userId), key: idempotencyKey, command: null };
  const earlier = earlierResult<Result<{ message: string; email: string }>>(db, ref);
  if (earlier) return earlier.result;
  const account = db.select(accountColumns).from(users).where(eq(users.id, userId)).get();
  if (!account) return fail(404, USER_NOT_FOUND_MESSAGE);
  // a staff or supplier account's password is a full admin's business (docs/decisions/0065-staff-roles.md)
  if (actor.staffRole !== "admin" && account.role !== "customer") return fail(403, CUSTOMERS_ONLY_MESSAGE);
  if (!account.isActive) return fail(409, INACTIVE_RESET_MESSAGE);
  const { token, tokenHash } = newToken();
  const link = writeTransaction(db, (tx) => insertLink(tx, account, tokenHash, now, actor.id));
  try {
    await sendResetLink(account, token, { expiresAt: now + RESET_LINK_LIFETIME_MS, sentByAdmin: true });
  } catch (error) {
    console.error(`The password reset email to ${account.email} could not be sent`, error);
    db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, link.id)).run();
    const message = error instanceof Error && error.message.trim() ? error.message.trim() : "The email could not be sent";
    return { ok: false, status: 502, message };
  }
  const { result } = runOnce(db, ref, (tx) => {
    recordAudit(tx, {
      actorId: actor.id,
      action: "user.password-reset-sent",
      entityType: "user",
      entityId: account.id,
      details: { email: account.email, linkId: link.id, expiresAt: now + RESET_LINK_LIFETIME_MS },
    });
    return ok({ message: `A password reset link has been sent to ${account.email}.`, email: account.email });
  });
  return result;
}

/** Drops links past their expiry, used or not (housekeeping). */
export function prunePasswordResets(db: DB, now = Date.now()) {
  return db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).run().changes;
}
