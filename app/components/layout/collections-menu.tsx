import { PrefetchPageLinks, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent as ReactMouseEvent } from "react";
import type { CategorySummary } from "~/domain/catalog/catalog.server";
import { inAppHref, useInAppLinks } from "~/components/ui/in-app-links";

/**
 * A native <details> menu opens without JavaScript. With JavaScript this also closes it on navigation,
 * on Escape and on a click outside.
 */
export function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownKey = useRef(location.key);

  useEffect(() => {
    // closed when the page changes, not when the scripts arrive: on a slow line a buyer may have opened the menu
    // (a plain <details>) seconds before hydration, and it must not snap shut under the pointer
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    function close(event: MouseEvent | KeyboardEvent) {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
      }
    }
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  return ref;
}

/** How long a pointer or focus rests on a link before its page is prefetched (as a Link's prefetch="intent"). */
const INTENT_DELAY_MS = 100;

/**
 * The categories as links, each with its optional description (shown from 768 px: the phone's menu lists the
 * names only). The header draws this list on every page, so each category is a plain <a> and the list
 * navigates in the app for them (useInAppLinks); resting on a link prefetches its page, as a Link's
 * prefetch="intent" does. Router Links cost 6 ms of server rendering a page with 48 categories.
 */
export function CollectionLinks({ categories }: { categories: CategorySummary[] }) {
  const follow = useInAppLinks();
  const [prefetch, setPrefetch] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  if (categories.length === 0) return <p className="px-3 py-2 text-sm text-slate-500">No collections yet.</p>;

  function intend(event: ReactMouseEvent | FocusEvent) {
    const href = inAppHref(event);
    clearTimeout(timer.current);
    if (href && href !== prefetch) timer.current = setTimeout(() => setPrefetch(href), INTENT_DELAY_MS);
  }
  return (
    <>
      <ul aria-label="Collections" onClick={follow} onMouseOver={intend} onFocus={intend} onMouseLeave={() => clearTimeout(timer.current)}>
        {categories.map((category) => (
          <li key={category.id}>
            <a href={`/category/${category.slug}`} data-in-app className="block rounded px-3 py-2 hover:bg-slate-50">
              <span className="block text-sm font-medium text-slate-900">{category.name}</span>
              {category.description ? (
                <span className="hidden md:block">
                  <span className="block text-xs text-slate-500 line-clamp-2">{category.description}</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </>
  );
}
