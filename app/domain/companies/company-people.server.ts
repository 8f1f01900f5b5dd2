/**
 * The people of a company, managed by its company admins: the Company screen (/account/company) and
 * /api/company/users. A company admin invites a colleague by email (a single-use link, 7 days, only its SHA-256
 * kept, sent through the mailer), changes roles and deactivates people (they cannot sign in, their sessions end,
 * their open cart is cleared, their orders stay in the company's history). A company always keeps one active
 * company admin: the last one cannot demote or deactivate themself.
 *
 * Everything is scoped to the actor's company: a person of another company is 404, as if unknown; anyone but a
 * company admin is 403.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, ne } from "drizzle-orm";
import { cartItems, companies, companyInvitations, users, type CompanyRole } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { endUserSessions } from "~/utils/session.server";
import {
  COMPANY_ROLE_LABELS,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_UNKNOWN_MESSAGE,
  INVITATION_USED_MESSAGE,
  type AcceptInvitationInput,
  type InviteColleagueInput,
  type UpdateCompanyPersonInput,
} from "./company-people.schema";
import { sendInvitation } from "./invitation-emails.server";

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const NOT_COMPANY_ADMIN_MESSAGE = "Only a company admin can manage the people of your company.";
export const PERSON_NOT_FOUND_MESSAGE = "Person not found";
export const EMAIL_HAS_ACCOUNT_MESSAGE =
  "This email address already has an account with us. Ask them to use another address, or contact us to move it.";
export const LAST_ADMIN_MESSAGE =
  "Your company needs at least one active company admin: make someone else a company admin first.";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The company an admin manages, or why not (403 for anyone who is not a company admin). */
export function companyAdminOf(actor: SessionUser): Result<{ companyId: number }> {
  if (actor.role !== "customer" || actor.companyId === null || actor.companyRole !== "company_admin" || !actor.isApproved) {
    return fail(403, NOT_COMPANY_ADMIN_MESSAGE);
  }
  return ok({ companyId: actor.companyId });
}

export type CompanyPersonJson = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: CompanyRole;
  active: boolean;
  createdAt: string;
};

export type InvitationJson = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: CompanyRole;
  /** ISO instant */
  expiresAt: string;
  status: "pending" | "expired";
};

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.companyRole,
  active: users.isActive,
  createdAt: users.createdAt,
};

function personJson(row: { id: string; email: string; firstName: string | null; lastName: string | null; role: CompanyRole | null; active: boolean; createdAt: Date }): CompanyPersonJson {
  return { ...row, role: row.role ?? "buyer", createdAt: row.createdAt.toISOString() };
}

function findPerson(db: DB, companyId: number, userId: string) {
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.role, "customer")))
    .get();
}

/** The company's people (company admins first, then by name) and its invitations not yet accepted. */
export function listCompanyPeople(
  db: DB,
  actor: SessionUser,
  now = Date.now(),
): Result<{ companyName: string; people: CompanyPersonJson[]; invitations: InvitationJson[] }> {
  const admin = companyAdminOf(actor);
  if (!admin.ok) return admin;
  const { companyId } = admin.value;
  const company = db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get();
  const people = db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "customer")))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .all()
    .map(personJson)
    .sort((a, b) => Number(b.role === "company_admin") - Number(a.role === "company_admin"));
  const invitations = db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.usedAt)))
    .orderBy(asc(companyInvitations.email))
    .all()
    .map(
      (row): InvitationJson => ({
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        expiresAt: new Date(row.expiresAt).toISOString(),
        status: now < row.expiresAt ? "pending" : "expired",
      }),
    );
  return ok({ companyName: company?.name ?? "", people, invitations });
}

/**
 * A company admin invites a colleague: 201-style result with the invitation; 409 (field email) when the email
 * already has an account. A newer invitation to the same email replaces an open one. The link goes out by mail
 * after the write; a repeat with the same key answers as the first did and sends nothing.
 */
export async function inviteColleague(
  db: DB,
  actor: SessionUser,
  input: InviteColleagueInput,
  { idempotencyKey = null, now = Date.now() }: { idempotencyKey?: string | null; now?: number } = {},
): Promise<Result<InvitationJson>> {
  const admin = companyAdminOf(actor);
  if (!admin.ok) return admin;
  const { companyId } = admin.value;
  const token = randomBytes(32).toString("base64url");
  let companyName = "";
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.companyInvite, key: idempotencyKey, command: input },
    (tx): Result<InvitationJson> => {
      if (tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) {
        return fail(409, EMAIL_HAS_ACCOUNT_MESSAGE, "email");
      }
      companyName = tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get()?.name ?? "";
      // the newest invitation is the one that works
      tx.update(companyInvitations)
        .set({ usedAt: now })
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, input.email), isNull(companyInvitations.usedAt)))
        .run();
      const row = tx
        .insert(companyInvitations)
        .values({
          companyId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          tokenHash: sha256(token),
          invitedById: actor.id,
          createdAt: now,
          expiresAt: now + INVITATION_LIFETIME_MS,
        })
        .returning()
        .get();
      recordAudit(tx, {
        actorId: actor.id,
        action: "company.person.invited",
        entityType: "company",
        entityId: String(companyId),
        details: { email: input.email, role: input.role },
      });
      return ok({
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        expiresAt: new Date(row.expiresAt).toISOString(),
        status: "pending",
      });
    },
    (outcome) => outcome.ok,
  );
  if (result.ok && !replayed) {
    await sendInvitation({
      email: input.email,
      firstName: input.firstName,
      companyName,
      invitedBy: [actor.firstName, actor.lastName].filter(Boolean).join(" ") || actor.email,
      roleLabel: COMPANY_ROLE_LABELS[input.role],
      token,
      expiresAt: now + INVITATION_LIFETIME_MS,
    });
  }
  return result;
}

export type InvitationCheck =
  | { status: "valid"; email: string; firstName: string | null; lastName: string | null; companyName: string; role: CompanyRole }
  | { status: "used" | "expired" | "unknown"; message: string };

/** What the invitation page shows for a token: the form while it can be used, else why not. */
export function checkInvitation(db: DB, token: string, now = Date.now()): InvitationCheck {
  const row = db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, sha256(token)))
    .get();
  if (!row) return { status: "unknown", message: INVITATION_UNKNOWN_MESSAGE };
  const { invitation } = row;
  if (invitation.usedAt !== null) return { status: "used", message: INVITATION_USED_MESSAGE };
  if (now >= invitation.expiresAt) return { status: "expired", message: INVITATION_EXPIRED_MESSAGE };
  return {
    status: "valid",
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    companyName: row.companyName,
    role: invitation.role,
  };
}

/**
 * Accepts an invitation: makes the person (approved, in the company, with the role), once. 400 (field token)
 * for a used, expired or unknown link, saying which; 409 when the email got an account meanwhile. Returns the
 * new person's id, for the caller to sign them in.
 */
export async function acceptInvitation(
  db: DB,
  input: AcceptInvitationInput,
  { idempotencyKey = null, now = Date.now() }: { idempotencyKey?: string | null; now?: number } = {},
): Promise<Result<{ userId: string }>> {
  const tokenHash = sha256(input.token);
  const ref = { ownerId: tokenHash, scope: REPEAT_SCOPE.companyInvitationAccept, key: idempotencyKey, command: null };
  const earlier = earlierResult<Result<{ userId: string }>>(db, ref);
  if (earlier) return earlier.result;
  const check = checkInvitation(db, input.token, now);
  if (check.status !== "valid") return fail(400, check.message, "token");
  const passwordHash = await hashPassword(input.newPassword);
  return runOnce(
    db,
    ref,
    (tx): Result<{ userId: string }> => {
      const invitation = tx.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash)).get();
      if (!invitation || invitation.usedAt !== null) return fail(400, INVITATION_USED_MESSAGE, "token");
      if (now >= invitation.expiresAt) return fail(400, INVITATION_EXPIRED_MESSAGE, "token");
      if (tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).get()) {
        return fail(409, EMAIL_HAS_ACCOUNT_MESSAGE, "token");
      }
      const userId = crypto.randomUUID();
      tx.insert(users)
        .values({
          id: userId,
          email: invitation.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: "customer",
          companyId: invitation.companyId,
          companyRole: invitation.role,
          // the company admin vouched for them: the company is already approved
          approvedAt: new Date(now),
        })
        .run();
      tx.update(companyInvitations).set({ usedAt: now, userId }).where(eq(companyInvitations.id, invitation.id)).run();
      recordAudit(tx, {
        actorId: userId,
        action: "company.person.joined",
        entityType: "company",
        entityId: String(invitation.companyId),
        details: { email: invitation.email, role: invitation.role, invitationId: invitation.id },
      });
      return ok({ userId });
    },
    (outcome) => outcome.ok,
  ).result;
}

/** Active company admins of a company other than `exceptUserId`. */
function otherActiveAdmins(tx: DB, companyId: number, exceptUserId: string): number {
  return (
    tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.companyRole, "company_admin"),
          eq(users.isActive, true),
          ne(users.id, exceptUserId),
        ),
      )
      .get()?.n ?? 0
  );
}

/**
 * A company admin changes a person's role or active flag. 404 for anyone not of the company; 409 when it would
 * leave the company without an active company admin. Deactivating ends the person's sessions and clears their
 * open cart; their orders stay in the company's history.
 */
export function updateCompanyPerson(
  db: DB,
  actor: SessionUser,
  userId: string,
  input: UpdateCompanyPersonInput,
  idempotencyKey: string | null = null,
): Result<CompanyPersonJson> {
  const admin = companyAdminOf(actor);
  if (!admin.ok) return admin;
  const { companyId } = admin.value;
  const { result, replayed } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.companyPersonUpdate, userId), key: idempotencyKey, command: input },
    (tx): Result<CompanyPersonJson> => {
      const person = findPerson(tx, companyId, userId);
      if (!person) return fail(404, PERSON_NOT_FOUND_MESSAGE);
      const role = input.role ?? person.role ?? "buyer";
      const active = input.active ?? person.active;
      const stillAdmin = role === "company_admin" && active;
      if (person.role === "company_admin" && person.active && !stillAdmin && otherActiveAdmins(tx, companyId, userId) === 0) {
        return fail(409, LAST_ADMIN_MESSAGE, input.role !== undefined && input.role !== "company_admin" ? "role" : "active");
      }
      if (role === person.role && active === person.active) return ok(personJson(person));
      tx.update(users).set({ companyRole: role, isActive: active, updatedAt: new Date() }).where(eq(users.id, userId)).run();
      if (!active && person.active) {
        // their open cart is kept for nobody
        tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      }
      recordAudit(tx, {
        actorId: actor.id,
        action: "company.person.updated",
        entityType: "user",
        entityId: userId,
        details: { before: { role: person.role, active: person.active }, after: { role, active } },
      });
      return ok(personJson({ ...person, role, active }));
    },
    (outcome) => outcome.ok,
  );
  if (result.ok && !replayed && !result.value.active) endUserSessions(userId);
  return result;
}

/** DELETE /api/company/users/{id} and the screen's Deactivate: the person can no longer sign in. */
export function deactivateCompanyPerson(db: DB, actor: SessionUser, userId: string, idempotencyKey: string | null = null) {
  return updateCompanyPerson(db, actor, userId, { active: false }, idempotencyKey);
}
