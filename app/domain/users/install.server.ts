/**
 * Demo or real install. `npm start` on an empty database seeds the demo, whose accounts have passwords
 * printed in the README; `npm run setup` makes a real install instead: its first admin has a password of
 * their choosing, and from then on no demo account is ever created. While a demo account keeps its
 * published password the back office warns on every page and /healthz says so.
 *
 * A demo account "keeps its password" while its stored hash is still the one it was seeded with: a new
 * password always gets a new salt, so comparing hashes needs no slow password check.
 */
import crypto from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { installSettings, users } from "~db/schema";
import { writeTransaction, type DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { emailField } from "./auth.schema";

export const SETUP_PASSWORD_MIN_LENGTH = 12;

const REAL_INSTALL = "real_install";
const DEMO_PASSWORD_HASHES = "demo_password_hashes";

function readSetting(db: DB, key: string): string | null {
  return db.select({ value: installSettings.value }).from(installSettings).where(eq(installSettings.key, key)).get()?.value ?? null;
}

function writeSetting(db: DB, key: string, value: string) {
  db.insert(installSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: installSettings.key, set: { value, updatedAt: new Date() } })
    .run();
}

export function isRealInstall(db: DB): boolean {
  return readSetting(db, REAL_INSTALL) !== null;
}

/** Marks the install as real, with when and by whom it was set up. */
export function markRealInstall(db: DB, adminEmail: string) {
  writeSetting(db, REAL_INSTALL, JSON.stringify({ since: new Date().toISOString(), adminEmail }));
}

/** Remembers the hashes the demo accounts were seeded with (by email). */
export function recordDemoPasswords(db: DB, emails: readonly string[]) {
  const rows = db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, [...emails]))
    .all();
  writeSetting(db, DEMO_PASSWORD_HASHES, JSON.stringify(Object.fromEntries(rows.map((r) => [r.email, r.passwordHash]))));
}

/** The active accounts that can still sign in with a published demo password, by email. */
export function accountsWithDemoPasswords(db: DB): string[] {
  const raw = readSetting(db, DEMO_PASSWORD_HASHES);
  if (!raw) return [];
  const seeded = JSON.parse(raw) as Record<string, string>;
  const emails = Object.keys(seeded);
  if (emails.length === 0) return [];
  return db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.isActive, true)))
    .all()
    .filter((row) => row.passwordHash === seeded[row.email])
    .map((row) => row.email)
    .sort();
}

/** The first admin of a real install: an address and a password worth trusting the business's money to. */
export const setupSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Choose a password of at least 12 characters" })
    .min(SETUP_PASSWORD_MIN_LENGTH, "Choose a password of at least 12 characters")
    .max(1024, "Password is too long"),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type SetupInput = z.input<typeof setupSchema>;

export const ALREADY_SET_UP_MESSAGE = "This install is already set up: sign in as its admin to add more accounts.";
export const NOT_EMPTY_MESSAGE =
  "This database already holds accounts (the demo data?). A real install starts from an empty database: " +
  "stop the server and run `npm run setup -- --reset` (the current database is kept as a backup first).";

/**
 * Makes a real install: the first admin with the password they chose, and the mark that stops the demo
 * from ever being seeded. Only into a database with no accounts, so no demo account survives into it.
 */
export async function setUpRealInstall(db: DB, input: SetupInput): Promise<Result<{ email: string }>> {
  const parsed = setupSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(400, issue.message, String(issue.path[0] ?? ""));
  }
  if (isRealInstall(db)) return fail(409, ALREADY_SET_UP_MESSAGE);
  const passwordHash = await hashPassword(parsed.data.password);
  return writeTransaction(db, (tx) => {
    if (isRealInstall(tx)) return fail(409, ALREADY_SET_UP_MESSAGE);
    if (tx.select({ n: count() }).from(users).get()!.n > 0) return fail(409, NOT_EMPTY_MESSAGE);
    tx.insert(users)
      .values({
        id: crypto.randomUUID(),
        email: parsed.data.email,
        passwordHash,
        firstName: parsed.data.firstName || null,
        lastName: parsed.data.lastName || null,
        role: "admin",
        approvedAt: new Date(),
      })
      .run();
    markRealInstall(tx, parsed.data.email);
    return ok({ email: parsed.data.email });
  });
}
