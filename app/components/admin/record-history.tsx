import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import { formatUkDateTime } from "~/utils/uk-time";

/** A record's audit history: who did what, when, and what changed (before → after), newest first. */
export function RecordHistory({ entries, title = "History" }: { entries: HistoryEntry[]; title?: string }) {
  return (
    <section aria-label={title} className="text-sm" data-testid="record-history">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l border-slate-200 pl-3">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="history-entry">
              <div className="flex flex-wrap gap-x-2">
                <span className="font-medium text-slate-900">{entry.label}</span>
                <time dateTime={entry.at} className="text-slate-500">
                  {formatUkDateTime(new Date(entry.at))}
                </time>
              </div>
              <div className="text-xs text-slate-600 [overflow-wrap:anywhere]">by {entry.who}</div>
              {entry.changes.length > 0 ? (
                <ul className="mt-0.5 text-xs text-slate-700">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="[overflow-wrap:anywhere]">
                      {change.field}: {change.before} → {change.after}
                    </li>
                  ))}
                </ul>
              ) : null}
              {entry.note ? <div className="text-xs text-slate-700">{entry.note}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
