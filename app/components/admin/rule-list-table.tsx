import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminListFilters } from "./admin-list-filters";
import { AdminPagination } from "./admin-pagination";
import { DataTable, EmptyRow, tdClass, thClass } from "./data-table";
import { CountLine, primaryLinkClass } from "./form/form-bits";
import { Panel } from "./page-header";

type Pagination = {
  page: number;
  pageCount: number;
  total: number;
  noun: [singular: string, plural: string];
  hrefFor: (page: number) => string;
};

/** What an empty list says: `noMatch` while a search is on, else `text` and a link to create the first record. */
type Empty = { text: string; noMatch?: ReactNode; create?: { label: string; href: string } };

/**
 * The list of a pricing-rule screen (price tiers, volume discounts, customer pricing, loyalty rewards) in its
 * panel: an optional search bar, the rows as a table (`columns` heads it) or, without columns, as a list of
 * cards; the empty state; the count line; and Previous / Next when there is more than one page.
 */
export function RuleListTable<Row extends { id: number }>({
  caption,
  minWidth,
  columns,
  search,
  rows,
  row,
  empty,
  countLine,
  pagination,
}: {
  caption: string;
  minWidth?: string;
  /** the table's column heads; none for a list of cards */
  columns?: { label: string; align?: "right" }[];
  search?: { id: string; label: string; placeholder: string; value: string; clearHref: string };
  rows: Row[];
  /** one row: a <tr> in a table, an <li> in a list */
  row: (row: Row) => ReactNode;
  empty: Empty;
  countLine?: ReactNode;
  pagination?: Pagination;
}) {
  const createLink = empty.create ? (
    <Link to={empty.create.href} preventScrollReset className={primaryLinkClass}>
      {empty.create.label}
    </Link>
  ) : null;
  return (
    <Panel>
      {search ? (
        <AdminListFilters
          search={{ id: search.id, label: search.label, placeholder: search.placeholder, value: search.value }}
          clearHref={search.clearHref}
        />
      ) : null}
      {columns ? (
        <DataTable caption={caption} minWidth={minWidth}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.align === "right" ? `${thClass} text-right` : thClass}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow colSpan={columns.length}>
                {empty.noMatch ??
                  (createLink ? (
                    <span className="flex flex-col items-center gap-3">
                      <span>{empty.text}</span>
                      {createLink}
                    </span>
                  ) : (
                    empty.text
                  ))}
              </EmptyRow>
            ) : (
              rows.map(row)
            )}
          </tbody>
        </DataTable>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-4 py-12 text-center text-sm text-slate-500">
          <p>{empty.text}</p>
          {createLink}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={caption}>
          {rows.map(row)}
        </ul>
      )}
      {countLine ? <CountLine>{countLine}</CountLine> : null}
      {pagination && pagination.pageCount > 1 ? <AdminPagination {...pagination} /> : null}
    </Panel>
  );
}

const textLink = { edit: "font-medium text-brand-700 hover:underline", remove: "font-medium text-red-700 hover:underline" };
const buttonLink = {
  edit: "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50",
  remove:
    "inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50",
};

/** A record's Edit and Delete links (they open the dialogs at ?edit= and ?delete=): a table cell, or buttons on a card. */
export function RecordActions({
  editHref,
  deleteHref,
  editLabel,
  deleteLabel,
  look = "cell",
}: {
  editHref: string;
  deleteHref: string;
  /** what the links say to a screen reader, e.g. "Edit Gold" */
  editLabel: string;
  deleteLabel: string;
  look?: "cell" | "buttons";
}) {
  const classes = look === "cell" ? textLink : buttonLink;
  const links = (
    <>
      <Link to={editHref} preventScrollReset className={classes.edit} aria-label={editLabel}>
        Edit
      </Link>
      <Link to={deleteHref} preventScrollReset className={classes.remove} aria-label={deleteLabel}>
        Delete
      </Link>
    </>
  );
  if (look === "buttons") return <div className="flex shrink-0 gap-2">{links}</div>;
  return (
    <td className={`${tdClass} text-right`}>
      <div className="flex justify-end gap-3 whitespace-nowrap">{links}</div>
    </td>
  );
}
