/**
 * Demo or real install. `npm start` on an empty database seeds the demo, whose accounts have passwords
 * printed in the README; `npm run setup` makes a real install instead: its first admin has a password of
 * their choosing, and from then on no demo account is ever created. While an account still accepts its
 * published password the back office warns on every page and /healthz says so.
 *
 * Whether it still does is a real password check (the published password against the stored hash), not a
 * comparison with the hash it was seeded with: setting the published password again gives a new salt and
 * still lets anyone in. A check is slow on purpose, so each account's result is kept in install_settings with
 * the hash it was made against; reading the warning costs one query until a stored hash differs from the one
 * checked (its password changed, by whatever way), and then that account alone is checked again. No password
 * change has to remember to ask for it.
 */
import crypto from "node:crypto";
import { and, count, eq, inArray, like } from "drizzle-orm";
import { z } from "zod";
import { installSettings, users } from "~db/schema";
import { ADMIN, CUSTOMERS, COLLEAGUES, STAFF, SUPPLIERS } from "~db/seed/people-data";
import { writeTransaction, type DB } from "~/utils/db.server";
import { readSetting, writeSetting } from "~/domain/shared/install-settings.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { fail, ok, type Result } from "~/utils/result";
import { emailField } from "./auth.schema";

export const SETUP_PASSWORD_MIN_LENGTH = 12;

const REAL_INSTALL = "real_install";
/** One row per published account: `demo_password_check:<email>` → {hash, accepts} */
const DEMO_CHECK_PREFIX = "demo_password_check:";

export function isRealInstall(db: DB): boolean {
  return readSetting(db, REAL_INSTALL) !== null;
}

/** When a real install was set up and its first admin's email, or null on a demo install. */
export function realInstallDetails(db: DB): { since: string; adminEmail: string } | null {
  const value = readSetting(db, REAL_INSTALL);
  if (value === null) return null;
  try {
    const details = JSON.parse(value) as { since?: unknown; adminEmail?: unknown };
    return { since: String(details.since ?? ""), adminEmail: String(details.adminEmail ?? "") };
  } catch {
    return { since: "", adminEmail: "" };
  }
}

/** Marks the install as real, with when and by whom it was set up. */
export function markRealInstall(db: DB, adminEmail: string) {
  writeSetting(db, REAL_INSTALL, JSON.stringify({ since: new Date().toISOString(), adminEmail }));
}

/** The sign-ins the README publishes, email → password (the demo's own people data). */
export const PUBLISHED_DEMO_PASSWORDS: ReadonlyMap<string, string> = new Map(
  [ADMIN, ...STAFF, ...CUSTOMERS, ...COLLEAGUES, ...SUPPLIERS].flatMap((person) => (person.password ? [[person.email, person.password] as const] : [])),
);

/** What a check found: whether `hash` accepts the account's published password. */
type DemoCheck = { hash: string; accepts: boolean };

function storedChecks(db: DB): Map<string, DemoCheck> {
  const rows = db
    .select({ key: installSettings.key, value: installSettings.value })
    .from(installSettings)
    .where(like(installSettings.key, `${DEMO_CHECK_PREFIX}%`))
    .all();
  const checks = new Map<string, DemoCheck>();
  for (const row of rows) {
    try {
      const check = JSON.parse(row.value) as DemoCheck;
      if (typeof check.hash === "string" && typeof check.accepts === "boolean") checks.set(row.key.slice(DEMO_CHECK_PREFIX.length), check);
    } catch {
      // an unreadable row is checked again
    }
  }
  return checks;
}

function storeCheck(db: DB, email: string, check: DemoCheck) {
  writeSetting(db, DEMO_CHECK_PREFIX + email, JSON.stringify(check));
}

/**
 * The seed has just given these accounts their published passwords (hashed from the same people data), so
 * their hashes are recorded as accepting them without a slow check. Runs inside the seed's transaction.
 */
export function recordDemoPasswords(db: DB, emails: readonly string[]) {
  const published = emails.filter((email) => PUBLISHED_DEMO_PASSWORDS.has(email));
  if (published.length === 0) return;
  const rows = db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(inArray(users.email, published)).all();
  for (const row of rows) storeCheck(db, row.email, { hash: row.passwordHash, accepts: true });
}

/** Checks under way, by account and hash, so pages read at the same moment share one slow check. */
const checking = new Map<string, Promise<boolean>>();

function acceptsPublishedPassword(db: DB, email: string, hash: string): Promise<boolean> {
  const key = `${email}\n${hash}`;
  const running = checking.get(key);
  if (running) return running;
  const check = verifyPassword(PUBLISHED_DEMO_PASSWORDS.get(email)!, hash)
    .then((accepts) => {
      storeCheck(db, email, { hash, accepts });
      return accepts;
    })
    // a check that could not run is not stored (the next read tries again) and warns meanwhile
    .catch(() => true)
    .finally(() => checking.delete(key));
  checking.set(key, check);
  return check;
}

function activePublishedAccounts(db: DB) {
  return db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, [...PUBLISHED_DEMO_PASSWORDS.keys()]), eq(users.isActive, true)))
    .all();
}

/**
 * The active accounts that accept a published demo password, by email, sorted. Cheap while every account's
 * hash is the one last checked; an account whose hash changed since is checked again first.
 */
export async function accountsWithDemoPasswords(db: DB): Promise<string[]> {
  const accounts = activePublishedAccounts(db);
  if (accounts.length === 0) return [];
  const checks = storedChecks(db);
  const accepting = await Promise.all(
    accounts.map((account) => {
      const known = checks.get(account.email);
      return known?.hash === account.passwordHash ? known.accepts : acceptsPublishedPassword(db, account.email, account.passwordHash);
    }),
  );
  return accounts
    .filter((_, i) => accepting[i])
    .map((account) => account.email)
    .sort();
}

/**
 * Whether any account may still accept a published password, without waiting for a password check: for
 * /healthz, which must answer at once even while sign-ins queue for the hashing slots. An account whose hash
 * changed since its last check counts as accepting (the warning errs on the safe side) and is checked in
 * the background for the next answer.
 */
export function mayAcceptDemoPasswords(db: DB): boolean {
  const checks = storedChecks(db);
  let may = false;
  for (const account of activePublishedAccounts(db)) {
    const known = checks.get(account.email);
    if (known?.hash === account.passwordHash) {
      may ||= known.accepts;
      continue;
    }
    may = true;
    void acceptsPublishedPassword(db, account.email, account.passwordHash);
  }
  return may;
}

/** At start: checks every published account (the slow checks happen here, not on the first admin page) and says so in the log. */
export async function checkDemoPasswordsAtStart(db: DB): Promise<void> {
  const emails = await accountsWithDemoPasswords(db);
  if (emails.length > 0) {
    console.warn(
      `WARNING: ${emails.join(", ")} still accept${emails.length === 1 ? "s" : ""} the password the README publishes. ` +
        "Change or deactivate them in the back office (Users) before taking real orders, or make a real install with `npm run setup`.",
    );
  }
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
        staffRole: "admin",
        approvedAt: new Date(),
      })
      .run();
    markRealInstall(tx, parsed.data.email);
    return ok({ email: parsed.data.email });
  });
}
