import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { primaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader } from "~/components/admin/page-header";
import { JournalCard } from "~/components/ledger/journal-card";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { listLedgerAccounts } from "~/domain/ledger/balances.server";
import { journalJson, listJournals } from "~/domain/ledger/journal-list.server";
import { journalsHref, NEW_JOURNAL_PATH } from "~/domain/ledger/ledger-hrefs";
import { journalListQuerySchema } from "~/domain/ledger/ledger.schema";
import { firstIssue } from "~/utils/http.server";
import { screenRequest } from "~/utils/record-screen.server";
import { JournalFilters } from "./journal-filters";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Journals · Ledger") }];

/** /admin/ledger/journals?from=&to=&account=&type=&page=: journals newest first, 25 a page, each with its lines. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "ledger");
  const parsed = journalListQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : { page: 1 };
  // the screen counts a filter's matches only as far as it shows ("10,000+"); the API counts them all
  const page = listJournals(db, query, undefined, "capped");
  const typed = (name: string) => params.get(name) ?? "";
  return json(
    {
      journals: page.items.map(journalJson),
      page: { page: page.page, pageCount: page.pageCount, total: page.total, more: page.more ?? false },
      filters: parsed.success
        ? { from: query.from ?? "", to: query.to ?? "", account: query.account ?? "", type: query.type ?? "" }
        : { from: typed("from"), to: typed("to"), account: typed("account"), type: typed("type") },
      applied: { from: query.from, to: query.to, account: query.account, type: query.type },
      problem: parsed.success ? null : firstIssue(parsed.error),
      accounts: listLedgerAccounts(db).map(({ code, name }) => ({ code, name })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function Journals() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Journals"
        description="Every posting to the books, newest first. Documents post their own; opening balances, capital and corrections are posted by hand."
        actions={
          <Link to={NEW_JOURNAL_PATH} className={primaryLinkClass}>
            New journal
          </Link>
        }
      />
      <LedgerNav current="journals" />
      <JournalFilters values={data.filters} accounts={data.accounts} problem={data.problem} />
      {data.journals.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500">No journals match these filters.</p>
      ) : (
        <ol className="space-y-3">
          {data.journals.map((journal) => (
            <li key={journal.id}>
              <JournalCard journal={journal} />
            </li>
          ))}
        </ol>
      )}
      <AdminPagination
        page={data.page.page}
        pageCount={data.page.pageCount}
        total={data.page.total}
        more={data.page.more}
        noun={["journal", "journals"]}
        hrefFor={(page) => journalsHref({ ...data.applied, page })}
      />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
