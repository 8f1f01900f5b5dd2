import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { NoReturns, ReturnCard, ReturnsPagination } from "~/components/returns/return-card";
import { RETURNS_PAGE_SIZE, returnsHref } from "~/domain/returns/return.schema";
import { customerReturnsPage } from "~/domain/returns/returns.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "My Returns & Refunds · INFY Wholesale" }];

/** /account/returns?page=: the customer's own returns, newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = new URL(request.url).searchParams.get("page");
  const asked = raw !== null && /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : 1;
  const result = customerReturnsPage(getDb(), user.id, asked);
  // a stale link past the end goes to the last page
  if (asked > result.pageCount) throw redirect(returnsHref(result.pageCount));
  return json({ ...result, pageSize: RETURNS_PAGE_SIZE });
}

export default function MyReturnsPage() {
  const { returns, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  const first = (page - 1) * pageSize + 1;
  const last = first + returns.length - 1;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <li>
            <Link to="/account/dashboard" className="hover:text-brand-700 hover:underline">
              Account
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <span aria-current="page" className="font-medium text-slate-900">
              Returns
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">My Returns &amp; Refunds</h1>
          <p className="mt-2 text-slate-600">Follow the returns you have requested and any refunds we have made.</p>
        </div>
        {total > 0 ? (
          <p className="text-sm text-slate-600">
            Showing {first}–{last} of {total} {total === 1 ? "return" : "returns"}
          </p>
        ) : null}
      </header>

      <div className="mt-6 space-y-4">
        {returns.length === 0 ? <NoReturns /> : returns.map((item) => <ReturnCard key={item.id} item={item} />)}
      </div>

      <ReturnsPagination page={page} pageCount={pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">We could not load your returns</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong while loading your returns. Please try again in a moment."}
      </p>
      <Link to="/account/returns" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Try again
      </Link>
    </div>
  );
}
