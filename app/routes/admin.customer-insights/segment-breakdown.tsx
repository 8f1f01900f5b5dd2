import { SEGMENT_LABELS, SEGMENT_RULES, SEGMENTS, type Segment } from "~/domain/reports/customer-segments";

const BAR_COLOURS: Record<Segment, string> = {
  vip: "bg-violet-600",
  regular: "bg-emerald-600",
  occasional: "bg-amber-500",
  inactive: "bg-slate-400",
};

function share(count: number, total: number) {
  return total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
}

/** Each segment's customers and share of all customers, with a bar as wide as the share. */
export function SegmentBreakdown({ segments, total }: { segments: Record<Segment, number>; total: number }) {
  return (
    <ul className="space-y-4 p-4" aria-label="Customers by segment">
      {SEGMENTS.map((segment) => {
        const percent = share(segments[segment], total);
        return (
          <li key={segment} data-testid="segment">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span>
                <span className="font-semibold text-slate-900">{SEGMENT_LABELS[segment]}</span>
                <span className="ml-2 text-xs text-slate-500">{SEGMENT_RULES[segment]}</span>
              </span>
              <span className="tabular-nums text-slate-800">
                {segments[segment]} <span className="text-slate-500">({percent}%)</span>
              </span>
            </div>
            <div
              className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100"
              role="img"
              aria-label={`${SEGMENT_LABELS[segment]}: ${percent}% of customers`}
            >
              <div className={`h-full rounded-full ${BAR_COLOURS[segment]}`} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
