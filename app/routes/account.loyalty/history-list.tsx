import type { ReactNode } from "react";
import {
  formatHistoryDateTime,
  formatSignedPoints,
  NO_TRANSACTION_HISTORY,
  pointsTone,
  transactionTypeLabel,
  type LoyaltyTransactionType,
} from "~/domain/loyalty/loyalty-account.schema";
import type { LoyaltyTransactionJson } from "~/domain/loyalty/loyalty-account.server";
import { EmptyState } from "./empty-state";

/** One page of the points history: what happened, when, for which order, and the signed points. */
export function HistoryList({ items }: { items: LoyaltyTransactionJson[] }) {
  if (items.length === 0) {
    return <EmptyState>{NO_TRANSACTION_HISTORY}</EmptyState>;
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((entry) => {
        const gain = pointsTone(entry.points) === "gain";
        return (
          <li key={entry.id} data-testid="history-row" className="flex items-center gap-4 px-4 py-3">
            <TransactionIcon type={entry.transactionType} />
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-slate-900">
                {entry.description || transactionTypeLabel(entry.transactionType)}
              </p>
              <p className="text-sm text-slate-500">
                <time dateTime={entry.createdAt}>{formatHistoryDateTime(entry.createdAt)}</time>
                {entry.order ? <span> · Order {entry.order.orderNumber}</span> : null}
              </p>
            </div>
            <span
              data-testid="history-points"
              className={`shrink-0 text-lg font-semibold tabular-nums ${gain ? "text-emerald-700" : "text-red-700"}`}
            >
              {formatSignedPoints(entry.points)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const ICON_TONES: Record<LoyaltyTransactionType, string> = {
  earned: "bg-emerald-100 text-emerald-700",
  redeemed: "bg-brand-100 text-brand-800",
  expired: "bg-slate-100 text-slate-600",
  adjusted: "bg-amber-100 text-amber-800",
};

/** A distinct picture per entry type: a coin for earned, a gift for redeemed, a clock for expired, scales for adjusted. */
function TransactionIcon({ type }: { type: LoyaltyTransactionType }) {
  const paths: Record<LoyaltyTransactionType, ReactNode> = {
    earned: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v10M7 12h10" />
      </>
    ),
    redeemed: (
      <>
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
      </>
    ),
    expired: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>
    ),
    adjusted: <path d="M4 7h11M15 4l3 3-3 3M20 17H9M9 14l-3 3 3 3" />,
  };
  return (
    <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-full ${ICON_TONES[type] ?? ICON_TONES.adjusted}`}>
      <svg
        role="img"
        aria-label={transactionTypeLabel(type)}
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {paths[type] ?? paths.adjusted}
      </svg>
    </span>
  );
}
