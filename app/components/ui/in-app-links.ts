import { useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * For a block of many plain links (a page's section headings, the header's categories): one click handler on
 * the block that does what a router Link does for each, so each link is a plain <a> (a router Link costs about
 * 0.06 ms of server rendering; a page with 48 categories drew a hundred of them). A plain left click on an
 * `<a data-in-app>` navigates in the app; a modified or middle click, or a click a Link inside already handled,
 * keeps its own meaning. Without JavaScript the links are ordinary links.
 */
export function useInAppLinks() {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    const href = inAppHref(event);
    if (!href || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href, { replace: location.pathname + location.search === href });
  };
}

/** The href of the `<a data-in-app>` an event happened in, or null. */
export function inAppHref(event: { target: EventTarget | null }): string | null {
  const target = event.target as Element | null;
  return target?.closest?.("a[data-in-app]")?.getAttribute("href") ?? null;
}
