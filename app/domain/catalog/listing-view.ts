/**
 * How a product listing (home sections, category pages, their search results) is shown: cards in a grid, or
 * a dense list of rows with a quantity box each for trade buying. Pure and browser-safe. The choice is a
 * preference kept in a cookie per browser, set by plain links through LISTING_VIEW_PATH, so it works
 * without JavaScript and needs no session.
 */
import { sameSitePath } from "~/utils/safe-redirect";

export const LISTING_VIEWS = ["grid", "list"] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];
export const DEFAULT_LISTING_VIEW: ListingView = "grid";

export const LISTING_VIEW_COOKIE = "listing_view";
export const LISTING_VIEW_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** The tiny route the toggle's links go through: it sets the cookie and goes back. */
export const LISTING_VIEW_PATH = "/listing-view";

export const LISTING_VIEW_LABELS: Record<ListingView, string> = { grid: "Grid", list: "List" };

/** A view from a cookie or a link; anything else is the grid. */
export function parseListingView(value: unknown): ListingView {
  return value === "list" ? "list" : DEFAULT_LISTING_VIEW;
}

/**
 * The toggle's link for `view`, coming back to `back` (a same-site path). The result of an earlier "Add
 * selected" (`resultParam`) is left off: it belongs to the page it was made on.
 */
export function listingViewHref(view: ListingView, back: string, resultParam?: string): string {
  const url = new URL(sameSitePath(back), "http://localhost");
  if (resultParam) url.searchParams.delete(resultParam);
  const params = new URLSearchParams({ view, back: `${url.pathname}${url.search}` });
  return `${LISTING_VIEW_PATH}?${params}`;
}
