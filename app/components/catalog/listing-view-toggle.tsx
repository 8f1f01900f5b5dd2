import { Link, useLocation } from "@remix-run/react";
import { ADD_SELECTED_RESULT_PARAM } from "~/domain/cart/add-selected";
import { LISTING_VIEW_LABELS, LISTING_VIEWS, listingViewHref, type ListingView } from "~/domain/catalog/listing-view";

const ICONS: Record<ListingView, string> = {
  grid: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z",
  list: "M4 5h3v3H4zM10 6.5h10M4 10.5h3v3H4zM10 12h10M4 16h3v3H4zM10 17.5h10",
};

/**
 * "View: Grid | List": two plain links through /listing-view, which remembers the choice in a cookie for
 * this browser and comes back to this page with its filters. The current view is marked as such.
 */
export function ListingViewToggle({ view, className = "" }: { view: ListingView; className?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <nav aria-label="Listing view" className={`flex items-center gap-2 text-sm ${className}`}>
      <span className="text-slate-600">View:</span>
      <span className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
        {LISTING_VIEWS.map((option) => {
          const current = option === view;
          return (
            <Link
              key={option}
              to={listingViewHref(option, here, ADD_SELECTED_RESULT_PARAM)}
              replace
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`inline-flex items-center gap-1.5 px-2.5 py-1 font-medium ${
                current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
                <path d={ICONS[option]} />
              </svg>
              {LISTING_VIEW_LABELS[option]}
            </Link>
          );
        })}
      </span>
    </nav>
  );
}
