/**
 * Self sign-up: the use case behind the /login page's Sign Up form and POST /api/auth/signup.
 *
 * The reply never says whether the email already has an account (docs/decisions/0045-sign-up-reply.md). A new
 * email makes a customer pending approval, who may sign in and browse at list prices; an email that has an
 * account makes nothing. Both answer the same receipt after the same work (the limits, hashing the password,
 * one write transaction, one mail), and the mail tells the owner of the address which it was. No one is
 * signed in by a sign-up: they sign in with the password they chose.
 *
 * Limits (sign-up-limits.server.ts) are taken before any hashing. Sign-ups beyond the day's share of the
 * approval queue are kept apart (`signUpHeldAt`) as likely automated: an admin sees them on their own.
 */
import crypto from "node:crypto";
import { and, count, eq, gte, isNull } from "drizzle-orm";
import { users } from "~db/schema";
import { createCompany, companyNameFor } from "~/domain/companies/companies.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { ukDateOf, ukStartOfDay } from "~/domain/vat/vat-period";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { takeSignUpPlace } from "~/utils/sign-up-limits.server";
import type { SignupInput } from "./auth.schema";
import { sendAccountExists, sendApplicationReceived } from "./sign-up-emails.server";

/** The one answer to every accepted sign-up, new email or not: the form's notice, and the API's message. */
export const SIGN_UP_RECEIVED = {
  title: "Check your email",
  description: "We have sent you a message about your account. You can then sign in.",
} as const;
export const SIGN_UP_RECEIVED_MESSAGE = "Check your email: we have sent you a message about your account. You can then sign in.";

/** What both doors answer: the message, and the email and first name as submitted (the client reads them). */
export type SignUpReceipt = { message: string; email: string; firstName: string };

/** Pending sign-ups a day that go to the approval queue; the rest wait apart (SIGN_UP_DAILY_QUEUE, default 20). */
export function dailyQueueLimit(env: Record<string, string | undefined> = process.env) {
  const raw = env.SIGN_UP_DAILY_QUEUE;
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isInteger(value) && value >= 0 ? value : 20;
}

/** What the write did: kept with the idempotency key, never sent to the client. */
type Outcome = { created: boolean };

export async function registerCustomer(
  db: DB,
  input: SignupInput,
  { idempotencyKey = null, client = null }: { idempotencyKey?: string | null; client?: string | null } = {},
): Promise<Result<SignUpReceipt>> {
  const receipt: SignUpReceipt = { message: SIGN_UP_RECEIVED_MESSAGE, email: input.email, firstName: input.firstName };
  // the password is never part of the stored digest; a repeat (a retry after a lost reply) answers as the
  // first did, without counting against the limits again or sending a second mail
  const ref = { ownerId: input.email, scope: REPEAT_SCOPE.signUp, key: idempotencyKey, command: { ...input, password: null } };
  const earlier = earlierResult<Result<Outcome>>(db, ref);
  if (earlier) return earlier.result.ok ? ok(receipt) : earlier.result;

  const hold = takeSignUpPlace(db, client);
  if (hold) return { ...fail(429, hold.message), retryAfter: hold.retryAfterSeconds };

  // hashed for a taken email too, so both take the same time
  const passwordHash = await hashPassword(input.password);
  let existing: Account | undefined;
  const { result, replayed } = runOnce(db, ref, (tx): Result<Outcome> => {
    // inside the write transaction: two sign-ups for one email cannot both create it
    existing = tx
      .select({ firstName: users.firstName, isActive: users.isActive })
      .from(users)
      .where(eq(users.email, input.email))
      .get();
    if (existing) return ok({ created: false });
    insertCustomer(tx, input, passwordHash);
    return ok({ created: true });
  });
  if (!result.ok) return result;
  if (!replayed) {
    if (existing) await sendAccountExists(input.email, existing);
    else await sendApplicationReceived(input);
  }
  return ok(receipt);
}

type Account = { firstName: string | null; isActive: boolean };

/** Today's (UK day) sign-ups already in the approval queue: pending, not held. */
function queuedToday(db: DB, now: number): number {
  const dayStart = new Date(ukStartOfDay(ukDateOf(now)));
  return (
    db
      .select({ n: count() })
      .from(users)
      .where(and(isNull(users.approvedAt), isNull(users.signUpHeldAt), gte(users.createdAt, dayStart)))
      .get()?.n ?? 0
  );
}

function insertCustomer(db: DB, input: SignupInput, passwordHash: string) {
  const now = Date.now();
  const held = queuedToday(db, now) >= dailyQueueLimit();
  // a business signs up as a company of one, its first person the company admin
  const companyId = createCompany(db, {
    name: companyNameFor(input),
    vatNumber: input.vatNumber,
    address: input.address,
  });
  db.insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      role: "customer",
      companyId,
      companyRole: "company_admin",
      approvedAt: null,
      signUpHeldAt: held ? new Date(now) : null,
    })
    .run();
}
