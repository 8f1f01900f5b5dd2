/**
 * A product import's progress as the back office shows it (browser-safe). The server keeps an
 * ImportProgress per running import (import-progress.server.ts); the Import CSV dialog first shows the
 * upload's own progress, then polls the server's.
 */

export type ImportPhase = "reading" | "importing" | "done" | "failed";

/** Reading: bytes of the file read of its size; importing: products written of those in the file. */
export type ImportProgress = {
  phase: ImportPhase;
  done: number;
  total: number;
  created: number;
  updated: number;
  rowErrors: number;
  /** why a failed import failed */
  message?: string;
};

/** Where the dialog's import is: still sending the file, or at the server (whose progress may not be known yet). */
export type ImportStage =
  | { stage: "uploading"; sent: number; size: number }
  | { stage: "server"; progress: ImportProgress | null };

/** The polled progress of the import with this id (the form's idempotency key). */
export const importProgressPath = (importId: string) => `/api/admin/products/import/${encodeURIComponent(importId)}`;

const count = (n: number) => n.toLocaleString("en-GB");
const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

/**
 * What the progress bar shows: its text, and its value out of `max` (value null: still going, amount unknown).
 * Uploading and reading are measured in bytes, importing in products.
 */
export function importProgressView(stage: ImportStage): { label: string; value: number | null; max: number } {
  if (stage.stage === "uploading") {
    return { label: `Uploading the file… ${percent(stage.sent, stage.size)}%`, value: stage.sent, max: Math.max(1, stage.size) };
  }
  const { progress } = stage;
  if (!progress) return { label: "Waiting for the server…", value: null, max: 1 };
  switch (progress.phase) {
    case "reading":
      return { label: `Reading the file… ${percent(progress.done, progress.total)}%`, value: progress.done, max: Math.max(1, progress.total) };
    case "importing":
      return {
        label: `Importing products… ${count(progress.done)} of ${count(progress.total)}`,
        value: progress.done,
        max: Math.max(1, progress.total),
      };
    case "done":
      return { label: `Imported: created ${count(progress.created)}, updated ${count(progress.updated)}`, value: 1, max: 1 };
    case "failed":
      return { label: progress.message ?? "The import failed", value: 0, max: 1 };
  }
}
