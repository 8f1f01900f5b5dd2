/**
 * Sign-ups held back from the approval queue: those beyond the day's share of it (sign-up.server.ts sets
 * `signUpHeldAt`), as likely automated. They wait apart, so a flood of junk does not bury real applicants.
 * A held customer can still sign in and browse at list prices like any pending one. An admin approves one
 * that is real (approveUser: it is then an approved customer like any other) or rejects the lot at once.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import { deleteUserAndLoneCompany } from "~/domain/companies/companies.server";
import { companies, users } from "~db/schema";
import { recordAudits } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { ukDateOf, ukStartOfDay } from "~/domain/vat/vat-period";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { hasHistory, selectAdminUsers, storeSuccess, type Actor, type AdminUser, type UserPage } from "./users.server";

export const HELD_PAGE_SIZE = 25;
export const NO_HELD_SIGN_UPS_MESSAGE = "No held-back sign-ups are left to reject.";

const held = and(isNull(users.approvedAt), isNotNull(users.signUpHeldAt));

/** How many sign-ups wait held back: today (UK day) and in all. */
export function heldSignUpCounts(db: DB, now = Date.now()): { today: number; total: number } {
  const dayStart = new Date(ukStartOfDay(ukDateOf(now)));
  const total = db.select({ n: count() }).from(users).where(held).get()?.n ?? 0;
  const today = db.select({ n: count() }).from(users).where(and(held, gte(users.signUpHeldAt, dayStart))).get()?.n ?? 0;
  return { today, total };
}

/** One page of the held-back sign-ups, newest first, and the newest one's time (what "reject all" covers). */
export function listHeldSignUps(db: DB, requestedPage: number, pageSize = HELD_PAGE_SIZE): UserPage & { newestHeldAt: Date | null } {
  const total = db.select({ n: count() }).from(users).where(held).get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const items: AdminUser[] = selectAdminUsers(db)
    .where(held)
    .orderBy(desc(users.signUpHeldAt), asc(users.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const newest = db.select({ at: users.signUpHeldAt }).from(users).where(held).orderBy(desc(users.signUpHeldAt)).limit(1).get();
  return { items, total, page, pageCount, pageSize, newestHeldAt: newest?.at ?? null };
}

/**
 * Rejects every held-back sign-up held at or before `upTo` (the newest one the admin was shown, so one held
 * while they looked is not removed unseen): each registration is deleted, as a single rejection would.
 */
export function rejectHeldSignUps(db: DB, actor: Actor, upTo: Date, key: string | null = null): Result<{ count: number }> {
  return runOnce(
    db,
    // one operation over the held sign-ups rather than over one user: the reject scope with "held" for its record
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.userReject, "held"), key, command: { upTo: upTo.getTime() } },
    (tx): Result<{ count: number }> => {
      const rows = tx
        .select({ id: users.id, email: users.email, businessName: companies.name })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(held, lte(users.signUpHeldAt, upTo)))
        .all()
        // a pending customer cannot order, but a record the books rely on is never deleted
        .filter((row) => !hasHistory(tx, row.id));
      if (rows.length === 0) return fail(409, NO_HELD_SIGN_UPS_MESSAGE);
      for (const row of rows) deleteUserAndLoneCompany(tx, row.id);
      recordAudits(
        tx,
        rows.map((row) => ({
          actorId: actor.id,
          action: "user.rejected",
          entityType: "user",
          entityId: row.id,
          details: { email: row.email, businessName: row.businessName, heldBack: true },
        })),
      );
      return ok({ count: rows.length });
    },
    storeSuccess,
  ).result;
}
