/**
 * How far each running product import has got, so the back office can show it while the upload's request
 * is still working (see docs/decisions/0027-large-product-imports.md). An import is known by its owner and
 * its id, the request's idempotency key: the page knows the key before it posts, and a repeat of the same
 * post while the first still runs waits for that one instead of importing the file a second time.
 *
 * Kept in this process's memory (the app is one Node process): progress is worth nothing after a restart,
 * and the result itself is stored with the idempotency key, where readImportProgress finds it afterwards.
 */
import type { DB } from "~/utils/db.server";
import { storedResultOf } from "~/utils/idempotency.server";
import type { Result } from "~/utils/result";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { ImportProgress } from "./import-progress";
import type { RowError } from "./product-csv";

export type ImportOutcome = { created: number; updated: number; errors: RowError[] };

export const IMPORT_NOT_FOUND = "No import with this id: it has not started yet, or it is not yours";

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
export function runningImport(ownerId: string, importId: string | null): Promise<Result<ImportOutcome>> | null {
  if (!importId) return null;
  const running = imports.get(keyOf(ownerId, importId));
  return running && running.endedAt === null ? running.finished : null;
}

/**
 * Runs an import under its id, handing `work` a progress record to keep up to date. Without an id the
 * import simply runs (nobody can ask about it).
 */
export function trackImport(
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
    const end = () => {
      running.endedAt = Date.now();
    };
    finished.then(end, end);
  }
  return finished;
}

function counts(outcome: ImportOutcome) {
  return { created: outcome.created, updated: outcome.updated, rowErrors: outcome.errors.length };
}

/**
 * Where the import `importId` of this admin stands: its live progress while this process runs it (or
 * lately ran it), else its stored result when one was kept, else null (unknown, or not started yet).
 */
export function readImportProgress(db: DB, ownerId: string, importId: string): ImportProgress | null {
  const running = imports.get(keyOf(ownerId, importId));
  if (running) return { ...running.progress };
  const stored = storedImportResult(db, ownerId, importId);
  if (!stored) return null;
  const total = stored.created + stored.updated + stored.errors.length;
  return { phase: "done", done: total, total, ...counts(stored) };
}

/** The result kept for the import with this idempotency key, if it finished. */
export function storedImportResult(db: DB, ownerId: string, importId: string): ImportOutcome | null {
  const stored = storedResultOf<Result<ImportOutcome>>(db, { ownerId, scope: REPEAT_SCOPE.productImport, key: importId });
  return stored?.ok ? stored.value : null;
}
