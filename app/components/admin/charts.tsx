import { useId } from "react";

/**
 * Small charts drawn as inline SVG on the server: no chart library, no JavaScript, and nothing to wait for.
 * Each chart is an image with a text description; the same figures are in a table beside it, so screen
 * readers and people who want exact numbers get them.
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

const COLUMN_WIDTH = 720;
const COLUMN_HEIGHT = 260;
const PAD = { top: 16, right: 8, bottom: 34, left: 64 };

/** Rounds a maximum up to a tidy axis top (1, 2, 2.5 or 5 × a power of ten). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (value <= step * power) return step * power;
  }
  return 10 * power;
}

/** The value axis of a column chart: gridlines at quarters of `top`, each labelled. */
function ValueGrid({ top, axisLabel }: { top: number; axisLabel: (value: number) => string }) {
  const plotHeight = COLUMN_HEIGHT - PAD.top - PAD.bottom;
  return (
    <>
      {[0, 0.25, 0.5, 0.75, 1].map((tick) => {
        const y = PAD.top + plotHeight * (1 - tick);
        return (
          <g key={tick}>
            <line x1={PAD.left} x2={COLUMN_WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" strokeWidth={1} />
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" fontSize={11} fill="#64748b">
              {axisLabel(top * tick)}
            </text>
          </g>
        );
      })}
    </>
  );
}

/** Vertical columns, e.g. revenue by month. `axisLabel` formats the gridline values. */
export function ColumnChart({
  data,
  description,
  axisLabel,
}: {
  data: ChartDatum[];
  description: string;
  axisLabel: (value: number) => string;
}) {
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...data.map((d) => d.value)));
  const plotWidth = COLUMN_WIDTH - PAD.left - PAD.right;
  const plotHeight = COLUMN_HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(4, slot * 0.62);

  return (
    <svg
      viewBox={`0 0 ${COLUMN_WIDTH} ${COLUMN_HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>{description}</title>
      <ValueGrid top={top} axisLabel={axisLabel} />
      {data.map((datum, index) => {
        const height = top > 0 ? (datum.value / top) * plotHeight : 0;
        const x = PAD.left + slot * index + (slot - barWidth) / 2;
        const y = PAD.top + plotHeight - height;
        return (
          <g key={datum.label}>
            <rect x={x} y={y} width={barWidth} height={Math.max(height, datum.value > 0 ? 1 : 0)} rx={3} fill="#1d5fd1">
              <title>{`${datum.label}: ${datum.display}`}</title>
            </rect>
            <text x={x + barWidth / 2} y={COLUMN_HEIGHT - PAD.bottom + 18} textAnchor="middle" fontSize={11} fill="#475569">
              {datum.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const ROW = 30;

function shorten(label: string, max: number) {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/**
 * Horizontal bars, in the order given, e.g. top products or orders by status. `compact` draws for a
 * half-width panel (a narrower canvas, so the text stays readable when scaled down).
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
  const titleId = useId();
  const canvasWidth = compact ? 460 : 720;
  const labelWidth = compact ? 150 : 230;
  const valueWidth = compact ? 90 : 110;
  const maxChars = compact ? 21 : 32;
  const max = Math.max(0, ...data.map((d) => d.value));
  const barSpace = canvasWidth - labelWidth - valueWidth;
  const height = Math.max(ROW, data.length * ROW) + 4;
  return (
    <svg viewBox={`0 0 ${canvasWidth} ${height}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
      <title id={titleId}>{description}</title>
      {data.map((datum, index) => {
        const y = index * ROW + 2;
        const width = max > 0 ? (datum.value / max) * barSpace : 0;
        return (
          <g key={`${datum.label}-${index}`}>
            <text x={labelWidth - 10} y={y + ROW / 2 + 4} textAnchor="end" fontSize={12} fill="#334155">
              <title>{datum.label}</title>
              {shorten(datum.label, maxChars)}
            </text>
            <rect x={labelWidth} y={y + 5} width={barSpace} height={ROW - 10} rx={3} fill="#f1f5f9" />
            <rect x={labelWidth} y={y + 5} width={Math.max(width, datum.value > 0 ? 2 : 0)} height={ROW - 10} rx={3} fill={color}>
              <title>{`${datum.label}: ${datum.display}`}</title>
            </rect>
            <text x={canvasWidth - 4} y={y + ROW / 2 + 4} textAnchor="end" fontSize={12} fontWeight={600} fill="#0f172a">
              {datum.display}
            </text>
          </g>
        );
      })}
    </svg>
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
  const titleId = useId();
  const labels = series[0]?.values.map((datum) => datum.label) ?? [];
  const top = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values.map((d) => d.value))));
  const plotWidth = COLUMN_WIDTH - PAD.left - PAD.right;
  const plotHeight = COLUMN_HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, labels.length);
  const groupWidth = slot * 0.72;
  const barWidth = Math.max(2, groupWidth / Math.max(1, series.length));
  const legendY = COLUMN_HEIGHT + 8;

  return (
    <svg
      viewBox={`0 0 ${COLUMN_WIDTH} ${COLUMN_HEIGHT + 24}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>{description}</title>
      <ValueGrid top={top} axisLabel={axisLabel} />
      {labels.map((label, index) => {
        const groupX = PAD.left + slot * index + (slot - groupWidth) / 2;
        return (
          <g key={label}>
            {series.map((s, seriesIndex) => {
              const datum = s.values[index]!;
              const height = top > 0 ? (datum.value / top) * plotHeight : 0;
              return (
                <rect
                  key={s.name}
                  x={groupX + seriesIndex * barWidth}
                  y={PAD.top + plotHeight - height}
                  width={Math.max(1, barWidth - 1)}
                  height={Math.max(height, datum.value > 0 ? 1 : 0)}
                  fill={s.color}
                >
                  <title>{`${label}, ${s.name}: ${datum.display}`}</title>
                </rect>
              );
            })}
            <text x={groupX + groupWidth / 2} y={COLUMN_HEIGHT - PAD.bottom + 18} textAnchor="middle" fontSize={11} fill="#475569">
              {label}
            </text>
          </g>
        );
      })}
      {series.map((s, index) => (
        <g key={s.name} transform={`translate(${PAD.left + index * 160}, ${legendY})`}>
          <rect width={12} height={12} y={-10} rx={2} fill={s.color} />
          <text x={18} fontSize={12} fill="#334155">
            {s.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
