import { Link } from "@remix-run/react";

const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
const disabledClass = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";

/** "Page 2 of 7 · 160 users" with Previous / Next links that keep the list's filters. */
export function AdminPagination({
  page,
  pageCount,
  total,
  noun,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: [singular: string, plural: string];
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <p>
        Page {page} of {pageCount} · {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      {pageCount > 1 ? (
        <div className="flex gap-2">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
              Previous
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Previous
            </span>
          )}
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
              Next
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Next
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
