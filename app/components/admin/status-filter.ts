import type { AdminListSelectFilter } from "./admin-list-filters";

/** A list's Status filter for AdminListFilters: "All statuses", then each status by its label. */
export function statusFilter<Status extends string>(
  id: string,
  value: string | undefined,
  statuses: readonly Status[],
  labelOf: (status: Status) => string,
): AdminListSelectFilter {
  return {
    id,
    name: "status",
    label: "Status",
    value: value ?? "",
    allLabel: "All statuses",
    options: statuses.map((status) => ({ value: status, label: labelOf(status) })),
  };
}
