/**
 * The result of an import, shown on the products page at ?importResult={id}. The id is the import's
 * idempotency key, under which the import stored its result (for a week) in the same transaction as its
 * last write: the page lists it with or without JavaScript, and a page whose post lost its answer (the
 * connection dropped while the server worked) still finds it once the import is done.
 */
import type { ImportResultView } from "~/components/admin/products/import-result";
import { storedImportResult } from "~/domain/catalog/import-progress.server";
import type { DB } from "~/utils/db.server";

const IMPORT_ERRORS_SHOWN = 100;

/** The result of this admin's import `id`, or null when there is none (yet). */
export function readImportResult(db: DB, adminId: string, id: string | null): ImportResultView | null {
  if (!id) return null;
  const stored = storedImportResult(db, adminId, id);
  if (!stored) return null;
  return {
    created: stored.created,
    updated: stored.updated,
    errors: stored.errors.slice(0, IMPORT_ERRORS_SHOWN),
    more: Math.max(0, stored.errors.length - IMPORT_ERRORS_SHOWN),
  };
}
