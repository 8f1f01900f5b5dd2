import { Link } from "@remix-run/react";

const filterClass = "rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset";

/** A list's status filter as plain GET links ("All" first), the current one marked: works without JavaScript. */
export function StatusFilterLinks<Status extends string>({
  statuses,
  current,
  labelOf,
  hrefFor,
}: {
  statuses: readonly Status[];
  current: Status | undefined;
  labelOf: (status: Status) => string;
  hrefFor: (status: Status | undefined) => string;
}) {
  return (
    <nav aria-label="Filter by status" className="mt-5 flex flex-wrap gap-2">
      {[undefined, ...statuses].map((value) => {
        const selected = value === current;
        return (
          <Link
            key={value ?? "all"}
            to={hrefFor(value)}
            aria-current={selected ? "page" : undefined}
            className={`${filterClass} ${selected ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {value ? labelOf(value) : "All"}
          </Link>
        );
      })}
    </nav>
  );
}
