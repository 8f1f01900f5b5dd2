import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { CategorySummary } from "~/domain/catalog/catalog.server";

/**
 * A native <details> menu opens without JavaScript. With JavaScript this also closes it on navigation,
 * on Escape and on a click outside.
 */
export function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
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

/** The categories as links, each with its optional description (left out where space is short). */
export function CollectionLinks({ categories, compact = false }: { categories: CategorySummary[]; compact?: boolean }) {
  if (categories.length === 0) return <p className="px-3 py-2 text-sm text-slate-500">No collections yet.</p>;
  return (
    <ul aria-label="Collections">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={`/category/${category.slug}`} className="block rounded px-3 py-2 hover:bg-slate-50" prefetch="intent">
            <span className="block text-sm font-medium text-slate-900">{category.name}</span>
            {category.description && !compact ? (
              <span className="block text-xs text-slate-500 line-clamp-2">{category.description}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The desktop header's Collections dropdown. */
export function CollectionsMenu({ categories }: { categories: CategorySummary[] }) {
  const ref = useClosingDetails();
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Collections
        <span aria-hidden className="text-xs transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute left-0 z-40 mt-1 w-72 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        <CollectionLinks categories={categories} />
      </div>
    </details>
  );
}
