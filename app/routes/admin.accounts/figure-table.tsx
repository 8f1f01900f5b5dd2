import type { ReactNode } from "react";
import { formatDecimalMoney } from "~/components/orders/format";

/** A statement as a two-column table (what, how much), so each line can be checked against the sum. */
export function FigureTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * One line: a label with an optional note, and the amount ("12.50") in pounds; `strong` for a subtotal,
 * `subtract` for an amount taken off the lines above it (shown with a minus sign).
 */
export function FigureRow({
  label,
  note,
  amount,
  strong = false,
  total = false,
  indent = false,
  subtract = false,
}: {
  label: ReactNode;
  note?: ReactNode;
  amount: string;
  strong?: boolean;
  total?: boolean;
  indent?: boolean;
  subtract?: boolean;
}) {
  const border = total ? "border-t-2 border-slate-300" : "border-b border-slate-100";
  return (
    <tr className={border}>
      <th scope="row" className={`px-4 py-2.5 text-left align-top ${strong ? "font-semibold text-slate-900" : "font-normal text-slate-700"} ${indent ? "pl-8" : ""}`}>
        {label}
        {note ? <span className="block text-xs font-normal text-slate-500">{note}</span> : null}
      </th>
      <td className={`px-4 py-2.5 text-right align-top tabular-nums ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>
        {subtract && amount !== "0.00" ? `−${formatDecimalMoney(amount)}` : formatDecimalMoney(amount)}
      </td>
    </tr>
  );
}
