import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { StatusFilterLinks } from "~/components/account/status-filters";
import { dayText, pounds, QuoteStateBadge } from "~/components/quotes/quote-parts";
import { PageLinks } from "~/components/ui/page-links";
import { QUOTES_PAGE_SIZE } from "~/domain/quotes/quote.schema";
import { quoteListQuery } from "~/domain/quotes/quote-api.server";
import { listMyQuotes } from "~/domain/quotes/quotes.server";
import { BUYER_QUOTE_FILTER_STATES, QUOTE_STATE_LABELS_FOR_BUYER, QUOTES_PATH, quotePath, type QuoteState } from "~/domain/quotes/quote-states";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { formatUkDate } from "~/utils/uk-time";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Quotes") }];

function listHref(state: QuoteState | undefined, page = 1) {
  const params = new URLSearchParams();
  if (state) params.set("status", state);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${QUOTES_PATH}?${query}` : QUOTES_PATH;
}

/**
 * /account/quotes?status=&page=: the quotes asked for (a buyer's own; an approver's or company admin's the
 * company's), newest first, 20 a page. Filters are plain GET links.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const query = quoteListQuery(request.url);
  const filter = query.ok ? query.value : { state: undefined, page: 1 };
  const list = listMyQuotes(getDb(), user, filter);
  if (!list.ok) throw json({ message: list.message }, { status: list.status });
  return json({ ...list.value, state: filter.state ?? null, me: user.id }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function QuotesPage() {
  const { items, total, page, pageCount, state, me } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <AccountBreadcrumb current="Quotes" />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Quotes</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Ask for a quote from your cart or the quick-order pad. Once we have priced it, accept it here to order at the quoted prices, decline it, or ask
        for a revision.
      </p>
      <StatusFilterLinks
        statuses={BUYER_QUOTE_FILTER_STATES}
        current={state ?? undefined}
        labelOf={(value) => QUOTE_STATE_LABELS_FOR_BUYER[value]}
        hrefFor={(value) => listHref(value)}
      />
      <div className="mt-4">
        <ShowingCount page={page} pageSize={QUOTES_PAGE_SIZE} shown={items.length} total={total} noun={["quote", "quotes"]} />
      </div>
      {items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {state ? "No quotes in this state." : "You have not asked for a quote yet."}
        </p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" aria-label="Quotes">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">Quote</th>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">Asked</th>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">By</th>
              <th className="py-2 pr-3 font-medium">Valid until</th>
              <th className="py-2 pr-3 text-right font-medium">Total inc VAT</th>
              <th className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100 align-top" data-testid="quote-row">
                <td className="py-2.5 pr-3">
                  <Link to={quotePath(item.id)} className="whitespace-nowrap font-semibold text-brand-700 hover:underline">
                    {item.label}
                  </Link>
                  {item.order ? <div className="text-xs text-slate-500">Order {item.order.orderNumber}</div> : null}
                </td>
                <td className="hidden py-2.5 pr-3 text-slate-700 sm:table-cell">{formatUkDate(item.createdAt)}</td>
                <td className="hidden py-2.5 pr-3 text-slate-900 sm:table-cell">{item.placedBy.id === me ? "You" : item.placedBy.name}</td>
                <td className="whitespace-nowrap py-2.5 pr-3 text-slate-700">{dayText(item.validUntil)}</td>
                <td className="whitespace-nowrap py-2.5 pr-3 text-right font-medium tabular-nums text-slate-900">
                  {item.total === null ? <span aria-label="Not priced yet">—</span> : pounds(item.total)}
                </td>
                <td className="py-2.5">
                  <QuoteStateBadge state={item.status} forBuyer />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageLinks page={page} pageCount={pageCount} hrefFor={(next) => listHref(state ?? undefined, next)} label="Quote pages" className="mt-6" />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Quotes",
  failure: "Your quotes could not be shown. Please try again in a moment.",
  href: "/account",
});
