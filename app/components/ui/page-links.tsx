import { Link } from "@remix-run/react";
import { pageWindow } from "~/domain/catalog/catalog.schema";

const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
const currentClass = "rounded-md border border-brand-700 bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white";
const disabledClass = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";

type PagerProps = {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
  className: string;
};

/** Previous / page numbers / Next as plain GET links, so paging works without JavaScript. */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
  label,
  className,
}: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-center gap-2 ${className}`}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === page ? (
                <span className={currentClass} aria-current="page" aria-label={`Page ${entry}, current page`}>
                  {entry}
                </span>
              ) : (
                <Link to={hrefFor(entry)} className={linkClass} aria-label={`Page ${entry}`}>
                  {entry}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

/**
 * "← Newer · Page 2 of 5 · Older →" for a short list of the user's own records, newest first, as plain GET
 * links (no JavaScript needed).
 */
export function NewerOlderLinks({
  page,
  pageCount,
  hrefFor,
  label,
  className,
}: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center justify-between text-sm ${className}`}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="font-medium text-brand-700 hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="font-medium text-brand-700 hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
