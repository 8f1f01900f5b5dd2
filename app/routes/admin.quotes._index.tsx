import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { dayText, pounds, QuoteStateBadge } from "~/components/quotes/quote-parts";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { quoteListQuery } from "~/domain/quotes/quote-api.server";
import { listStaffQuotes } from "~/domain/quotes/quote-admin.server";
import { ADMIN_QUOTES_PATH, adminQuotePath, QUOTE_FILTER_STATES, QUOTE_STATE_LABELS } from "~/domain/quotes/quote-states";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { formatUkDate } from "~/utils/uk-time";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Quotes") }];

/** /admin/quotes?status=&page=: every company's quotes, newest first, 20 a page; the status filter is a GET form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "quotes");
  const query = quoteListQuery(request.url);
  const filter = query.ok ? query.value : { state: undefined, page: 1 };
  return json({ ...listStaffQuotes(getDb(), filter), state: filter.state ?? "" }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function AdminQuotes() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = (page: number) => `${ADMIN_QUOTES_PATH}?${new URLSearchParams({ ...(data.state ? { status: data.state } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Quotes" description="Requests for prices from trade customers: price each line, set how long it holds, and send it." />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="quote-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="quote-status" name="status" defaultValue={data.state} className={`${inputClass} w-56`}>
            <option value="">All</option>
            {QUOTE_FILTER_STATES.map((state) => (
              <option key={state} value={state}>
                {QUOTE_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <Panel>
        <DataTable caption="Quotes, newest first" minWidth="52rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Quote</th>
              <th scope="col" className={thClass}>Company</th>
              <th scope="col" className={thClass}>Asked</th>
              <th scope="col" className={thClass}>Wanted by</th>
              <th scope="col" className={thClass}>Valid until</th>
              <th scope="col" className={`${thClass} text-right`}>Total inc VAT</th>
              <th scope="col" className={thClass}>Status</th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 ? (
              <EmptyRow colSpan={7}>{data.state ? "No quotes in this state." : "No quotes have been asked for yet."}</EmptyRow>
            ) : (
              data.items.map((quote) => (
                <tr key={quote.id} className="hover:bg-slate-50" data-testid="admin-quote-row">
                  <td className={tdClass}>
                    <Link to={adminQuotePath(quote.id)} className="font-medium text-brand-700 hover:underline">
                      {quote.label}
                    </Link>
                    <div className="text-xs text-slate-500">
                      {quote.lineCount} line{quote.lineCount === 1 ? "" : "s"}
                      {quote.order ? ` · order ${quote.order.orderNumber}` : ""}
                    </div>
                  </td>
                  <td className={tdClass}>
                    {quote.company.name}
                    <div className="text-xs text-slate-500">{quote.placedBy.name}</div>
                  </td>
                  <td className={tdClass}>{formatUkDate(quote.createdAt)}</td>
                  <td className={tdClass}>{dayText(quote.wantedBy)}</td>
                  <td className={tdClass}>{dayText(quote.validUntil)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{quote.total === null ? "Not priced" : pounds(quote.total)}</td>
                  <td className={tdClass}>
                    <QuoteStateBadge state={quote.status} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination page={data.page} pageCount={data.pageCount} total={data.total} noun={["quote", "quotes"]} hrefFor={hrefFor} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
