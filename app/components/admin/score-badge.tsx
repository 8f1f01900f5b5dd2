import { scoreTone, type ScoreTone } from "~/domain/requests/request-review.schema";

const toneClasses: Record<ScoreTone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  none: "bg-slate-50 text-slate-500 ring-slate-200",
};

/** One review score out of 10, coloured by spec §9 (8+ green, 5–7 orange, below 5 red). */
export function ScoreBadge({ label, score }: { label: string; score: number | null }) {
  const tone = scoreTone(score);
  return (
    <div
      data-testid="request-score"
      data-tone={tone}
      className={`flex flex-col items-center rounded-md px-3 py-2 ring-1 ring-inset ${toneClasses[tone]}`}
    >
      <span className="text-xs font-medium uppercase tracking-wide">{label}</span>
      <span className="text-lg font-bold tabular-nums">{score === null ? "–" : `${score}/10`}</span>
      {score === null ? <span className="text-xs">Not scored</span> : null}
    </div>
  );
}
