import { Link } from "@remix-run/react";
import { FilterBar, FilterInput, FilterSelect, type QueryProblem } from "~/components/ledger/filter-bar";
import { JOURNAL_SOURCE_LABELS } from "~/domain/ledger/journal-rules";
import { journalsHref } from "~/domain/ledger/ledger-hrefs";
import { JOURNAL_SOURCES } from "~db/schema";

const TYPE_OPTIONS = JOURNAL_SOURCES.map((source) => ({ value: source, label: JOURNAL_SOURCE_LABELS[source] }));

/** The journals' filters: dates, an account they touch and what posted them, as GET parameters. */
export function JournalFilters({
  values,
  accounts,
  problem,
}: {
  values: { from: string; to: string; account: string; type: string };
  accounts: { code: string; name: string }[];
  problem: QueryProblem;
}) {
  const filtered = Object.values(values).some(Boolean);
  return (
    <FilterBar label="Filter journals" problem={problem} fallback="Showing every journal instead." submitLabel="Filter">
      <FilterInput name="from" label="From" value={values.from} problem={problem} />
      <FilterInput name="to" label="To" value={values.to} problem={problem} />
      <FilterSelect
        name="account"
        label="Account"
        value={values.account}
        everyLabel="Every account"
        options={accounts.map((account) => ({ value: account.code, label: `${account.code} ${account.name}` }))}
      />
      <FilterSelect name="type" label="Type" value={values.type} everyLabel="Every type" options={TYPE_OPTIONS} />
      {filtered ? (
        <Link to={journalsHref()} className="px-2 py-2 text-sm font-medium text-brand-700 hover:underline">
          Clear
        </Link>
      ) : null}
    </FilterBar>
  );
}
