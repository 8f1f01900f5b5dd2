import { Link } from "@remix-run/react";
import { IMPORT_COMPLETE, importSummary } from "~/domain/catalog/product.schema";

export type ImportResultView = {
  created: number;
  updated: number;
  errors: { row: number; message: string }[];
  /** errors not listed */
  more: number;
};

/** What the last import did, and the rows it could not import with their row numbers. */
export function ImportResult({ result, closeHref }: { result: ImportResultView; closeHref: string }) {
  const errorCount = result.errors.length + result.more;
  return (
    <section
      aria-labelledby="import-result-heading"
      data-testid="import-result"
      className={`mb-6 rounded-lg border p-4 ${errorCount ? "border-amber-300 bg-amber-50" : "border-emerald-300 bg-emerald-50"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="import-result-heading" className="font-semibold text-slate-900">
            {IMPORT_COMPLETE}
          </h2>
          <p className="text-sm text-slate-700">{importSummary(result.created, result.updated)}</p>
        </div>
        <Link to={closeHref} className="text-sm font-semibold text-slate-700 hover:underline" preventScrollReset>
          Dismiss
        </Link>
      </div>
      {errorCount ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-amber-900">
            {errorCount === 1 ? "1 row was not imported:" : `${errorCount} rows were not imported:`}
          </p>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm text-amber-950" data-testid="import-errors">
            {result.errors.map((error, index) => (
              <li key={`${error.row}-${index}`}>
                <span className="font-semibold">Row {error.row}:</span> {error.message}
              </li>
            ))}
          </ul>
          {result.more ? <p className="mt-1 text-sm text-amber-900">…and {result.more} more.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
