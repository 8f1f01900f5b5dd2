import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a phone instead of squeezing its columns. Pass <thead>/<tbody> rows as
 * children; `caption` names the table for screen readers.
 */
export function DataTable({ caption, children, minWidth = "40rem" }: { caption: string; children: ReactNode; minWidth?: string }) {
  return (
    // relative: a screen-reader-only label in a cell is positioned inside the scroller, not past the page's edge
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const thClass = "border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600";
export const tdClass = "border-b border-slate-100 px-4 py-3 align-top text-slate-800";

/** The row shown when a list is empty. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}
