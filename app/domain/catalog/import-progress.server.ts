/**
 * How far each running product import has got, so the back office can show it while the upload's request
 * is still working (see docs/decisions/0027-large-product-imports.md). An import is known by its owner and
 * its id, the request's idempotency key: the page knows the key before it posts, and a repeat of the same
 * post while the first still runs waits for that one instead of importing the file a second time.
 *
 * The process running an import keeps its progress in memory and writes it to `import_progress` a few times
 * a second, so a poll that reaches another server process (WEB_CONCURRENCY) reads it too, and a repeat of
 * the post that reaches another process waits for the first instead of importing the file twice. The result
 * itself is stored with the idempotency key, where readImportProgress finds it afterwards.
 */
import { and, eq, lt } from "drizzle-orm";
import { importProgress } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { storedResultOf } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { ImportProgress } from "./import-progress";
import type { RowError } from "./product-csv";

export type ImportOutcome = { created: number; updated: number; errors: RowError[] };

export const IMPORT_NOT_FOUND = "No import with this id: it has not started yet, or it is not yours";
export const IMPORT_INTERRUPTED = "The import stopped before it finished (the server was restarted): import the file again";

/** How often a running import's progress is written for the other server processes. */
const SAVE_EVERY_MS = 400;
/** A progress record not written for this long belongs to an import whose process stopped. */
const STALE_MS = 15_000;
/** How long progress records are kept (housekeeping prunes older ones). */
const KEEP_RECORDS_MS = 24 * 60 * 60 * 1000;

function saveProgress(db: DB, ownerId: string, importId: string, progress: ImportProgress) {
  const row = { progress: JSON.stringify(progress), updatedAt: Date.now() };
  try {
    db.insert(importProgress)
      .values({ ownerId, importId, ...row })
      .onConflictDoUpdate({ target: [importProgress.ownerId, importProgress.importId], set: row })
      .run();
  } catch (error) {
    // progress is only for show: a busy database never stops the import itself
    console.error("Could not record an import's progress", error);
  }
}

function savedProgress(db: DB, ownerId: string, importId: string): ImportProgress | null {
  const row = db
    .select()
    .from(importProgress)
    .where(and(eq(importProgress.ownerId, ownerId), eq(importProgress.importId, importId)))
    .get();
  if (!row) return null;
  const progress = JSON.parse(row.progress) as ImportProgress;
  const running = progress.phase === "reading" || progress.phase === "importing";
  return running && Date.now() - row.updatedAt > STALE_MS ? { ...progress, phase: "failed", message: IMPORT_INTERRUPTED } : progress;
}

export function pruneImportProgress(db: DB, now = Date.now()) {
  return db.delete(importProgress).where(lt(importProgress.updatedAt, now - KEEP_RECORDS_MS)).run().changes;
}

type Running = { progress: ImportProgress; finished: Promise<Result<ImportOutcome>>; endedAt: number | null };

/** How long a finished import's progress is kept for a page that polls late. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;
const imports = new Map<string, Running>();

const keyOf = (ownerId: string, importId: string) => `${ownerId}\u0000${importId}`;

function forgetOldImports(now: number) {
  for (const [key, running] of imports) {
    if (running.endedAt !== null && now - running.endedAt > KEEP_FINISHED_MS) imports.delete(key);
  }
}

/** The import of `ownerId` with this id that is still running, if any: waiting on it answers its result. */
export function runningImport(db: DB, ownerId: string, importId: string | null): Promise<Result<ImportOutcome>> | null {
  if (!importId) return null;
  const running = imports.get(keyOf(ownerId, importId));
  if (running) return running.endedAt === null ? running.finished : null;
  // running in another server process: wait for its stored result
  const elsewhere = savedProgress(db, ownerId, importId);
  if (!elsewhere || elsewhere.phase === "done" || elsewhere.phase === "failed") return null;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const stored = storedImportResult(db, ownerId, importId);
      const now = savedProgress(db, ownerId, importId);
      if (stored) resolve(ok(stored));
      else if (!now || now.phase === "failed") resolve(fail(409, now?.message ?? IMPORT_INTERRUPTED));
      else return;
      clearInterval(timer);
    }, 500);
  });
}

/**
 * Runs an import under its id, handing `work` a progress record to keep up to date. Without an id the
 * import simply runs (nobody can ask about it).
 */
export function trackImport(
  db: DB,
  ownerId: string,
  importId: string | null,
  work: (progress: ImportProgress) => Promise<Result<ImportOutcome>>,
): Promise<Result<ImportOutcome>> {
  const progress: ImportProgress = { phase: "reading", done: 0, total: 0, created: 0, updated: 0, rowErrors: 0 };
  const finished = work(progress).then(
    (result) => {
      if (result.ok) Object.assign(progress, counts(result.value), { phase: "done" });
      else Object.assign(progress, { phase: "failed", message: result.message });
      return result;
    },
    (error: unknown) => {
      Object.assign(progress, { phase: "failed", message: "The import failed" });
      throw error;
    },
  );
  if (importId) {
    const now = Date.now();
    forgetOldImports(now);
    const running: Running = { progress, finished, endedAt: null };
    imports.set(keyOf(ownerId, importId), running);
    saveProgress(db, ownerId, importId, progress);
    const timer = setInterval(() => saveProgress(db, ownerId, importId, progress), SAVE_EVERY_MS);
    const end = () => {
      running.endedAt = Date.now();
      clearInterval(timer);
      saveProgress(db, ownerId, importId, progress);
    };
    finished.then(end, end);
  }
  return finished;
}

function counts(outcome: ImportOutcome) {
  return { created: outcome.created, updated: outcome.updated, rowErrors: outcome.errors.length };
}

/**
 * Where the import `importId` of this admin stands: its live progress while this process (or another)
 * runs it or lately ran it, else its stored result when one was kept, else null (unknown, or not started yet).
 */
export function readImportProgress(db: DB, ownerId: string, importId: string): ImportProgress | null {
  const running = imports.get(keyOf(ownerId, importId));
  if (running) return { ...running.progress };
  const elsewhere = savedProgress(db, ownerId, importId);
  if (elsewhere && elsewhere.phase !== "done") return elsewhere;
  const stored = storedImportResult(db, ownerId, importId);
  if (!stored) return elsewhere;
  const total = stored.created + stored.updated + stored.errors.length;
  return { phase: "done", done: total, total, ...counts(stored) };
}

/** The result kept for the import with this idempotency key, if it finished. */
export function storedImportResult(db: DB, ownerId: string, importId: string): ImportOutcome | null {
  const stored = storedResultOf<Result<ImportOutcome>>(db, { ownerId, scope: REPEAT_SCOPE.productImport, key: importId });
  return stored?.ok ? stored.value : null;
}
