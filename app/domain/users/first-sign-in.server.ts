/**
 * Whether an account has signed in before, so its first sign-in says "Welcome!" and every later one
 * "Welcome back!". The first successful sign-in (through any door: the form, the API) leaves one audit record
 * on the account; later sign-ins only read it (one index lookup), so the record does not grow with use.
 * An account from before this record existed is greeted "Welcome!" once more, then "Welcome back!".
 */
import { and, eq } from "drizzle-orm";
import { auditLogs } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { writeTransaction, type DB } from "~/utils/db.server";

const FIRST_SIGN_IN = "user.first_signed_in";

export function hasSignedInBefore(db: DB, userId: string): boolean {
  return (
    db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "user"), eq(auditLogs.entityId, userId), eq(auditLogs.action, FIRST_SIGN_IN)))
      .limit(1)
      .get() !== undefined
  );
}

/** Notes a successful sign-in: the first one is recorded, later ones change nothing. */
export function recordSignIn(db: DB, userId: string) {
  if (hasSignedInBefore(db, userId)) return;
  writeTransaction(db, (tx) => {
    if (hasSignedInBefore(tx, userId)) return;
    recordAudit(tx, { actorId: userId, action: FIRST_SIGN_IN, entityType: "user", entityId: userId });
  });
}

/** The toast after a sign-in: "Welcome!" the first time, "Welcome back!" after (the spec's words). */
export function signInToast(email: string, firstTime: boolean) {
  return { title: firstTime ? "Welcome!" : "Welcome back!", description: `Logged in as ${email}` };
}
