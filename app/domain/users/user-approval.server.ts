/** Self-registered customers: approving one opens trade prices and checkout; rejecting removes the registration. */
import { eq } from "drizzle-orm";
import { deleteUserAndLoneCompany } from "~/domain/companies/companies.server";
import { users } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import {
  ALREADY_APPROVED_MESSAGE,
  getAdminUser,
  HAS_HISTORY_MESSAGE,
  hasHistory,
  NOT_PENDING_MESSAGE,
  storeSuccess,
  USER_NOT_FOUND_MESSAGE,
  withUser,
  type Actor,
  type AdminUser,
  type Removed,
} from "./users.server";

/** Grants a pending registration access: trade prices and checkout open for them. */
export function approveUser(db: DB, actor: Actor, id: string, key: string | null = null): Result<AdminUser> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userApprove, id), key, command: { id } },
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
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userReject, id), key, command: { id } },
    (tx): Result<Removed> => {
      const existing = tx.select().from(users).where(eq(users.id, id)).get();
      if (!existing) return fail(404, USER_NOT_FOUND_MESSAGE);
      if (existing.approvedAt) return fail(409, NOT_PENDING_MESSAGE);
      if (hasHistory(tx, id)) return fail(409, HAS_HISTORY_MESSAGE);
      // the business name the registration gave is its company's, read before the company goes with it
      const businessName = getAdminUser(tx, id)?.businessName ?? null;
      deleteUserAndLoneCompany(tx, id);
      recordAudit(tx, {
        actorId: actor.id,
        action: "user.rejected",
        entityType: "user",
        entityId: id,
        details: { email: existing.email, businessName },
      });
      return ok({ id: existing.id, email: existing.email });
    },
    storeSuccess,
  ).result;
}
