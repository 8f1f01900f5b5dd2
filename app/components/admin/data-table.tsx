import { useId, type ReactNode } from "react";
import { columnLabels, stackedTableCss, tableMinWidth } from "./stacked-table";

/**
 * The back office's list table. Pass <thead>/<tbody> rows as children; `caption` names the table for screen
 * readers. Where there is room for `minWidth` it is a table; narrower (a phone, or a tablet beside the
 * sidebar) each row becomes a card of "label: value" lines labelled by the column headings, so price, stock
 * and actions stay on screen rather than behind a sideways scroll. See stacked-table.ts.
 */
export function DataTable({
  caption,
  children,
  minWidth,
  testId,
}: {
  caption: string;
  children: ReactNode;
  minWidth?: string;
  testId?: string;
}) {
  const scope = useId();
  const css = stackedTableCss(scope, tableMinWidth(minWidth), columnLabels(children));
  return (
    // the box is positioned (in the sheet): a screen-reader-only label in a cell stays inside it, not past the page's edge
    <div data-table-scope={scope}>
      {/* React would escape the ">" of the selectors in a text child; the sheet escapes "<" itself */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

// compact: a trade back office reads many rows at once
export const thClass = "border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600";
export const tdClass = "border-b border-slate-100 px-3 py-2.5 align-top text-slate-800";

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

/**
 * An SKU, an email or another code in a table cell: kept on one line (a code broken mid-word misreads), a
 * long one cut with an ellipsis, the whole value on hover and in the record's own screen. `maxWidth` bounds
 * the column in the wide table; on a narrow screen the row's card bounds it.
 */
export function Identifier({
  value,
  prefix,
  className = "",
  maxWidth = "max-w-[16rem]",
}: {
  value: string;
  /** words before the code on the same line ("SKU"), inside the cut */
  prefix?: string;
  className?: string;
  maxWidth?: string;
}) {
  const text = prefix ? `${prefix} ${value}` : value;
  return (
    <span data-identifier="" title={text} className={`block truncate ${maxWidth} ${className}`}>
      {text}
    </span>
  );
}
