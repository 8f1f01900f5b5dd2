import { Link } from "@remix-run/react";

const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
const disabledClass = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";

/** A count, or "10,000+" for one that was counted only so far (there are more). */
export function atLeast(count: number, more = false) {
  return more ? `${count.toLocaleString("en-GB")}+` : String(count);
}

/**
 * "Page 2 of 7 · 160 users" with Previous / Next links that keep the list's filters; for a list counted only
 * so far, "Page 2 of 400+ · 10,000+ orders", and Next on every page.
 */
export function AdminPagination({
  page,
  pageCount,
  total,
  noun,
  hrefFor,
  more = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: [singular: string, plural: string];
  hrefFor: (page: number) => string;
  /** the list counted its matches only so far (Page.more): there are more than `total` and further pages */
  more?: boolean;
}) {
  const hasNext = page < pageCount || more;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <p>
        Page {page} of {atLeast(pageCount, more)} · {atLeast(total, more)} {total === 1 && !more ? noun[0] : noun[1]}
      </p>
      {pageCount > 1 || more ? (
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
          {hasNext ? (
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
