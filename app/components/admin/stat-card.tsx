import type { ReactNode } from "react";

const tones = {
  default: "text-slate-900",
  warning: "text-amber-700",
  danger: "text-red-700",
  success: "text-emerald-700",
} as const;

/**
 * One figure with its label and a short note. Use inside a <dl>. `period` says what time the figure covers
 * ("Today", "This month", "All time", "Now"), shown beside the label and read with it.
 */
export function StatCard({
  label,
  value,
  note,
  period,
  tone = "default",
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  period?: string;
  tone?: keyof typeof tones;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {period ? (
        <dt className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-600">
          <span>{label}</span>
          <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-slate-600" data-testid="stat-period">
            <span className="sr-only">, </span>
            {period}
          </span>
        </dt>
      ) : (
        <dt className="text-sm font-medium text-slate-600">{label}</dt>
      )}
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${tones[tone]}`}>{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
