/**
 * Tidying the server does on its own while it runs: repeat-safety keys are only useful for a week (a buyer's
 * retry comes within minutes), so older ones are deleted at start and then every few hours, together with
 * expired sessions, guest sessions unused for 30 days and uploads a stopped process left on disk. The timer never
 * keeps the process alive, and a failed sweep (say, a database busy past its timeout) is only logged: the
 * next sweep catches up. Log files past their age or the folder's size cap go too (log.server.ts). On the first
 * working day of a month, and each sweep after it, companies not yet sent last month's statement are sent it;
 * then the payment reminders due, when they are turned on.
 */
import type { DB } from "./db.server";
import { pruneIdempotencyKeys } from "./idempotency.server";
import { log, logError, pruneLogs } from "./log.server";
import { pruneSignInFailures } from "./sign-in-limits.server";
import { pruneSignUpAttempts } from "./sign-up-limits.server";
import { pruneImportProgress } from "~/domain/catalog/import-progress.server";
import { prunePasswordResets } from "~/domain/users/password-reset.server";
import { pruneSessions } from "./session.server";
import { pruneUploads } from "./uploads.server";
import { sendMonthlyStatements } from "~/domain/credit/statement-mail.server";
import { sendDueReminders } from "~/domain/credit/reminders.server";

export const HOUSEKEEPING_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function sweepOnce(db: DB, now = Date.now()) {
  const started = Date.now();
  try {
    pruneIdempotencyKeys(db, now);
    pruneSignInFailures(db, now);
    pruneSignUpAttempts(db, now);
    prunePasswordResets(db, now);
    pruneImportProgress(db, now);
    pruneSessions(db, now);
    const uploads = pruneUploads(now);
    const logs = pruneLogs(now);
    // the month's statements go out on its first working day (once per company and month: statement_runs)
    sendMonthlyStatements(db, new Date(now))
      // payment reminders, while the wholesaler has them turned on (each level once per invoice: reminder_sends)
      .then(() => sendDueReminders(db, { now: new Date(now), byTimer: true }))
      .catch((error) => logError("Statements or reminders failed; the next sweep tries again", error, { event: "statements" }));
    log().info(
      { event: "housekeeping", uploadsDeleted: uploads, logFilesDeleted: logs.deleted, durationMs: Date.now() - started },
      "Housekeeping sweep done",
    );
  } catch (error) {
    logError("Housekeeping sweep failed; it will run again later", error, { event: "housekeeping" });
  }
}

/** Sweeps now and every HOUSEKEEPING_INTERVAL_MS; returns a function that stops the timer. */
export function startHousekeeping(db: DB, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  sweepOnce(db);
  const timer = setInterval(() => sweepOnce(db), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
