import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

const labelClass = "block text-sm font-medium text-slate-800";

export type AdminListSelectFilter = {
  id: string;
  name: string;
  label: string;
  /** the value in the URL now ("" when the filter is off) */
  value: string;
  /** the label of the first option, which turns the filter off (value "") */
  allLabel: string;
  options: { value: string; label: string }[];
};

/**
 * A list's filter bar as one GET form (a search is a bookmarkable address and works without JavaScript): a
 * search box, any select filters, Search, and Clear (back to `clearHref`) while the search or a filter is on.
 */
export function AdminListFilters({
  search,
  filters = [],
  clearHref,
  submitLabel = "Search",
}: {
  search: { id: string; name?: string; label: string; placeholder: string; value: string };
  filters?: AdminListSelectFilter[];
  clearHref: string;
  submitLabel?: string;
}) {
  const active = Boolean(search.value) || filters.some((filter) => Boolean(filter.value));
  return (
    <Form method="get" className="flex flex-col gap-2 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={search.id} className={labelClass}>
          {search.label}
        </label>
        <input
          id={search.id}
          type="search"
          name={search.name ?? "q"}
          defaultValue={search.value}
          placeholder={search.placeholder}
          className={inputClass}
        />
      </div>
      {filters.map((filter) => (
        <div key={filter.name}>
          <label htmlFor={filter.id} className={labelClass}>
            {filter.label}
          </label>
          <select id={filter.id} name={filter.name} defaultValue={filter.value} className={inputClass}>
            {[{ value: "", label: filter.allLabel }, ...filter.options].map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
        {active ? (
          <Link
            to={clearHref}
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A list's status filter as a row of links (one per status, "All" first), the current one marked with
 * aria-current; `suffix` adds a note after a label, e.g. a count.
 */
export function StatusFilterLinks<Status extends string>({
  label,
  filters,
  current,
  hrefFor,
  suffix,
  className,
}: {
  label: string;
  filters: { label: string; status?: Status }[];
  current: Status | undefined;
  hrefFor: (status: Status | undefined) => string;
  suffix?: (status: Status | undefined) => string;
  className: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      {filters.map((filter) => {
        const isCurrent = current === filter.status;
        return (
          <Link
            key={filter.label}
            to={hrefFor(filter.status)}
            aria-current={isCurrent ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${
              isCurrent ? "bg-brand-700 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            {filter.label}
            {suffix ? suffix(filter.status) : ""}
          </Link>
        );
      })}
    </nav>
  );
}
