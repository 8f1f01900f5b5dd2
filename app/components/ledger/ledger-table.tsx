/**
 * The ledger's tables: denser than the back office's lists (a ledger is read line by line against its
 * sums), money right-aligned in tabular figures, a nil side left blank as bookkeepers print it.
 */
import type { ReactNode } from "react";
import { formatDecimalMoney } from "~/components/orders/format";

export const ledgerTh = "border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600";
export const ledgerTd = "border-b border-slate-100 px-3 py-1.5 align-top text-slate-800";
export const moneyTd = `${ledgerTd} whitespace-nowrap text-right tabular-nums`;
export const moneyTh = `${ledgerTh} whitespace-nowrap text-right`;

/** "12.50" → "£12.50"; "0.00" → blank (or "£0.00" with `showZero`, for a balance). */
export function Money({ value, showZero = false }: { value: string; showZero?: boolean }) {
  if (!showZero && /^-?0\.00$/.test(value)) return null;
  return <>{formatDecimalMoney(value)}</>;
}

/** A table that scrolls sideways on a phone, at least `minWidth` wide. */
export function LedgerTable({ caption, minWidth = "40rem", children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
