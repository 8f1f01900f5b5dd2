import type { ReactNode } from "react";

/**
 * Small charts drawn on the server in HTML and CSS: no chart library, no JavaScript, and nothing to wait for.
 * Every label is real text at 12 px whatever the chart's width (an SVG scaled to a phone shrank its axis
 * labels to 5 px). A column chart's category labels lie flat when each column has room for them and turn
 * 45° when it has not (a container query on the chart's own width, so a half-width panel turns them too).
 * Each chart is an image with a text description; the same figures are in a "View data" table under it, so
 * screen readers and people who want exact numbers get them.
 */
export type ChartDatum = {
  label: string;
  value: number;
  /** how the value reads ("£1,234.50", "12 orders") */
  display: string;
};

/** Axis labels from pence: "£950", "£1.5k", "£2m". */
export function compactMoney(pence: number) {
  const pounds = pence / 100;
  if (pounds >= 1_000_000) return `£${Number((pounds / 1_000_000).toFixed(1))}m`;
  if (pounds >= 1_000) return `£${Number((pounds / 1_000).toFixed(1))}k`;
  return `£${Math.round(pounds)}`;
}

/** Rounds a maximum up to a tidy axis top (1, 2, 2.5 or 5 × a power of ten). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (value <= step * power) return step * power;
  }
  return 10 * power;
}

/** Gridlines at quarters of the axis top. */
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** How far up (or along) its axis a value reaches, in percent. */
function share(value: number, top: number) {
  return top > 0 ? Math.min(100, (Math.max(0, value) / top) * 100) : 0;
}

/** The frame of a column chart: the value axis, gridlines, the plot (`children`) and the category labels. */
function ColumnFrame({
  description,
  top,
  axisLabel,
  labels,
  children,
  legend,
}: {
  description: string;
  top: number;
  axisLabel: (value: number) => string;
  labels: string[];
  children: ReactNode;
  legend?: ReactNode;
}) {
  return (
    <div role="img" aria-label={description} className="@container pt-2" data-chart="columns">
      <div className="flex h-48 @3xl:h-60">
        <div className="relative w-14 shrink-0">
          {TICKS.map((tick) => (
            <span
              key={tick}
              className="absolute right-2 translate-y-1/2 text-xs leading-none tabular-nums text-slate-600"
              style={{ bottom: `${tick * 100}%` }}
              data-axis="value"
            >
              {axisLabel(top * tick)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          {TICKS.map((tick) => (
            <div
              key={tick}
              className={`absolute inset-x-0 border-t ${tick === 0 ? "border-slate-300" : "border-slate-200"}`}
              style={{ bottom: `${tick * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end">{children}</div>
        </div>
      </div>
      <div className="ml-14 flex h-14 @3xl:h-7">
        {labels.map((label, index) => (
          <div key={`${label}-${index}`} className="relative min-w-0 flex-1">
            <span
              className="absolute right-1/2 top-1.5 origin-top-right -rotate-45 whitespace-nowrap text-xs leading-none text-slate-700 @3xl:static @3xl:block @3xl:rotate-0 @3xl:pt-2 @3xl:text-center"
              data-axis="category"
            >
              {label}
            </span>
          </div>
        ))}
      </div>
      {legend}
    </div>
  );
}

/** Vertical columns, e.g. revenue by month. `axisLabel` formats the gridline values. */
export function ColumnChart({
  data,
  description,
  axisLabel,
  color = "#1d5fd1",
}: {
  data: ChartDatum[];
  description: string;
  axisLabel: (value: number) => string;
  color?: string;
}) {
  const top = niceCeiling(Math.max(0, ...data.map((d) => d.value)));
  return (
    <ColumnFrame description={description} top={top} axisLabel={axisLabel} labels={data.map((d) => d.label)}>
      {data.map((datum, index) => (
        <div key={`${datum.label}-${index}`} className="flex h-full min-w-0 flex-1 items-end justify-center">
          <div
            className="w-[62%] rounded-t-sm"
            style={{ height: `${share(datum.value, top)}%`, minHeight: datum.value > 0 ? 1 : 0, backgroundColor: color }}
            title={`${datum.label}: ${datum.display}`}
          />
        </div>
      ))}
    </ColumnFrame>
  );
}

/**
 * Horizontal bars, in the order given, e.g. top products or orders by status. `compact` is for a half-width
 * panel: a narrower column for the names (a long name is cut short, whole on hover and in the table).
 */
export function BarChart({
  data,
  description,
  color = "#1d5fd1",
  compact = false,
}: {
  data: ChartDatum[];
  description: string;
  color?: string;
  compact?: boolean;
}) {
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <div
      role="img"
      aria-label={description}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 text-xs sm:text-sm"
      data-chart="bars"
    >
      {data.map((datum, index) => (
        <div key={`${datum.label}-${index}`} className="contents">
          <span className={`truncate text-right text-slate-700 ${compact ? "max-w-32 sm:max-w-40" : "max-w-32 sm:max-w-64"}`} title={datum.label}>
            {datum.label}
          </span>
          <div className="h-5 rounded bg-slate-100">
            <div
              className="h-full rounded"
              style={{ width: `${share(datum.value, max)}%`, minWidth: datum.value > 0 ? 2 : 0, backgroundColor: color }}
              title={`${datum.label}: ${datum.display}`}
            />
          </div>
          <span className="text-right font-semibold tabular-nums text-slate-900">{datum.display}</span>
        </div>
      ))}
    </div>
  );
}

/** The chart's figures as a table, folded away under "View data" (and always there for screen readers). */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">View data</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`border-b border-slate-200 px-2 py-1.5 text-xs font-semibold uppercase text-slate-600 ${index > 0 ? "text-right" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="border-b border-slate-100 px-2 py-1.5 font-normal text-slate-800">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="border-b border-slate-100 px-2 py-1.5 text-right tabular-nums text-slate-800">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export type ChartSeries = { name: string; color: string; values: ChartDatum[] };

/**
 * Columns of two or more series side by side for each label (e.g. new and returning customers by month),
 * with a legend. Every series gives one datum per label, in the same order.
 */
export function GroupedColumnChart({
  series,
  description,
  axisLabel,
}: {
  series: ChartSeries[];
  description: string;
  axisLabel: (value: number) => string;
}) {
  const labels = series[0]?.values.map((datum) => datum.label) ?? [];
  const top = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values.map((d) => d.value))));
  const legend = (
    <div className="ml-14 mt-1 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700">
      {series.map((s) => (
        <span key={s.name} className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: s.color }} />
          {s.name}
        </span>
      ))}
    </div>
  );
  return (
    <ColumnFrame description={description} top={top} axisLabel={axisLabel} labels={labels} legend={legend}>
      {labels.map((label, index) => (
        <div key={`${label}-${index}`} className="flex h-full min-w-0 flex-1 items-end justify-center">
          <div className="flex h-full w-[72%] items-end gap-px">
            {series.map((s) => {
              const datum = s.values[index]!;
              return (
                <div
                  key={s.name}
                  className="min-w-0 flex-1 rounded-t-sm"
                  style={{ height: `${share(datum.value, top)}%`, minHeight: datum.value > 0 ? 1 : 0, backgroundColor: s.color }}
                  title={`${label}, ${s.name}: ${datum.display}`}
                />
              );
            })}
          </div>
        </div>
      ))}
    </ColumnFrame>
  );
}
