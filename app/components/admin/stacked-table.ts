/**
 * The rules behind DataTable's narrow layout. Where its box is narrower than the table's minimum width, a
 * table would scroll sideways and hide its right-hand columns (price, stock, actions) off the card. Instead
 * each body row becomes a card of "label: value" lines, the labels taken from the column headings. It is a
 * container query in a style sheet scoped to the one table, so it needs no JavaScript, follows the room the
 * table really has (beside the sidebar or on a phone) and leaves every table that fits as it was.
 */
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/** A CSS length the style sheet can hold as it is; anything else falls back to the default. */
const LENGTH = /^\d+(\.\d+)?(rem|px|em)$/;
export const DEFAULT_TABLE_MIN_WIDTH = "40rem";

/** The label column of a stacked row, and the gap after it. */
const LABEL_WIDTH = "6.5rem";
const LABEL_GAP = "0.75rem";
const CELL_PAD = "0.75rem";

function elementsOf(node: ReactNode): ReactElement<{ children?: ReactNode; colSpan?: number }>[] {
  const found: ReactElement<{ children?: ReactNode; colSpan?: number }>[] = [];
  Children.forEach(node, (child) => {
    if (!isValidElement<{ children?: ReactNode; colSpan?: number }>(child)) return;
    if (child.type === Fragment) found.push(...elementsOf(child.props.children));
    else found.push(child);
  });
  return found;
}

/** The words a heading shows or reads out (a control with no words, such as a checkbox, gives none). */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

/**
 * Each column's heading, read from the <thead> among a table's children (the first row of it). A heading
 * that spans columns labels the first of them. No <thead>, no labels: the cells still stack.
 */
export function columnLabels(children: ReactNode): string[] {
  const head = elementsOf(children).find((element) => element.type === "thead");
  const row = head ? elementsOf(head.props.children).find((element) => element.type === "tr") : undefined;
  if (!row) return [];
  const labels: string[] = [];
  for (const cell of elementsOf(row.props.children)) {
    if (cell.type !== "th" && cell.type !== "td") continue;
    labels.push(textOf(cell.props.children).replace(/\s+/g, " ").trim());
    for (let spanned = 1; spanned < (cell.props.colSpan ?? 1); spanned++) labels.push("");
  }
  return labels;
}

/** A CSS string literal: quotes and backslashes escaped, and no "<" that could end the <style> element. */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&").replace(/</g, "\\3c ").replace(/[\r\n]+/g, " ")}"`;
}

export function tableMinWidth(minWidth: string | undefined): string {
  return minWidth && LENGTH.test(minWidth) ? minWidth : DEFAULT_TABLE_MIN_WIDTH;
}

/**
 * The style sheet of one table: `scope` is the value of its wrapper's data-table-scope attribute, which holds
 * the table. The wrapper is the query container (and still scrolls sideways as a last resort, should a cell
 * refuse to shrink).
 */
export function stackedTableCss(scope: string, minWidth: string, labels: string[]): string {
  const box = `[data-table-scope=${cssString(scope)}]`;
  const table = `${box}>table`;
  // the foot's rows (a totals row) stack as the body's do, labelled by the same headings
  const row = `${table}>:is(tbody,tfoot)>tr`;
  const bodyCell = `${row}>:is(td,th)`;
  const width = tableMinWidth(minWidth);
  const labelRules = labels
    // `/ ""`: the label is for the eye; a screen reader already hears the cell's column heading
    .map((label, index) => (label ? `${bodyCell}:nth-child(${index + 1})::before{content:${cssString(label)}/""}` : ""))
    .join("");
  return [
    `${box}{container-type:inline-size;overflow-x:auto;position:relative}`,
    `${table}{min-width:${width}}`,
    `@container (width < ${width}){`,
    `${table}{min-width:0}`,
    `${table},${table}>thead{display:block}`,
    // the headings stay for screen readers; a heading holding a control (select all) stays on screen
    `${table}>thead>tr{display:flex;flex-wrap:wrap;gap:0.5rem;padding:0.5rem ${CELL_PAD} 0}`,
    `${table}>thead>tr>:is(th,td){border:0;background:none;padding:0}`,
    `${table}>thead>tr>:is(th,td):not(:has(input,select,button,a)){position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}`,
    `${table}>:is(tbody,tfoot){display:block;padding:0.5rem}`,
    `${table}>tfoot{padding-top:0}`,
    `${row}{display:block;border:1px solid #e2e8f0;border-radius:0.5rem;background:#fff;padding:0.375rem 0}`,
    `${row}+tr{margin-top:0.5rem}`,
    `${bodyCell}{display:flow-root;border:0;padding:0.25rem ${CELL_PAD} 0.25rem calc(${CELL_PAD} + ${LABEL_WIDTH} + ${LABEL_GAP});text-align:left;white-space:normal;overflow-wrap:break-word;min-width:0;max-width:none}`,
    `${bodyCell}::before{float:left;width:${LABEL_WIDTH};margin-left:calc(-1 * (${LABEL_WIDTH} + ${LABEL_GAP}));font-size:0.6875rem;line-height:1.25rem;font-weight:600;letter-spacing:0.025em;text-transform:uppercase;color:#475569}`,
    // an empty-list message or a row-spanning note: no label, the whole width
    `${bodyCell}[colspan]{padding-left:${CELL_PAD}}`,
    `${bodyCell}[colspan]::before{content:none}`,
    // actions and badges start under the label's line, not at the far right of the card
    `${bodyCell}>:is(.flex,.inline-flex){justify-content:flex-start;flex-wrap:wrap}`,
    `${bodyCell} [data-identifier]{max-width:100%}`,
    labelRules,
    // a row whose cells span columns (an opening balance) names its cells' labels itself: nth-child no longer matches the heading
    `${bodyCell}[data-label]::before{content:attr(data-label)/""}`,
    `}`,
  ].join("");
}
