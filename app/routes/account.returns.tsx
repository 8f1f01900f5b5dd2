import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { NoReturns, ReturnCard, ReturnsPagination } from "~/components/returns/return-card";
import { parseReturnsPageParam, RETURNS_PAGE_SIZE, returnsHref } from "~/domain/returns/return.schema";
import { customerReturnsPage } from "~/domain/returns/returns.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My Returns & Refunds") }];

/** /account/returns?page=: the customer's own returns, newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const asked = parseReturnsPageParam(new URL(request.url).searchParams);
  const result = customerReturnsPage(getDb(), user.id, asked);
  // a stale link past the end goes to the last page
  if (asked > result.pageCount) throw redirect(returnsHref(result.pageCount));
  return json({ ...result, pageSize: RETURNS_PAGE_SIZE });
}

export default function MyReturnsPage() {
  const { returns, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AccountBreadcrumb current="Returns" />
      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">My Returns &amp; Refunds</h1>
          <p className="mt-2 text-slate-600">Follow the returns you have requested and any refunds we have made.</p>
        </div>
        <ShowingCount page={page} pageSize={pageSize} shown={returns.length} total={total} noun={["return", "returns"]} />
      </header>
      <div className="mt-6 space-y-4">
        {returns.length === 0 ? <NoReturns /> : returns.map((item) => <ReturnCard key={item.id} item={item} />)}
      </div>
      <ReturnsPagination page={page} pageCount={pageCount} />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not load your returns",
  failure: "Something went wrong while loading your returns. Please try again in a moment.",
  href: "/account/returns",
});

/** After a lost reply (Log Out in the header posts in the background) the page keeps its data. */
export { shouldRevalidate } from "~/utils/connection";
