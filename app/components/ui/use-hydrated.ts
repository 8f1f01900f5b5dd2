import { useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and in the hydrating render; true once React has hydrated the page, and from the
 * first render of anything mounted after that (no banner-then-toast flash on client navigations).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The attribute `<html>` carries once the page is hydrated, and the performance mark made at that moment. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
export const HYDRATED_MARK = "hydrated";

/**
 * Called once by the document: after React has hydrated the whole page (the root's effect runs after every
 * route's), `<html data-hydrated="true">` says a click is now handled by the app rather than posting a plain
 * form, and a "hydrated" performance mark records when. Browser tests wait on the attribute; the page-weight
 * benchmark reads the mark.
 */
export function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "true");
    if (performance.getEntriesByName(HYDRATED_MARK, "mark").length === 0) performance.mark(HYDRATED_MARK);
  }, []);
}
