import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { InvoiceTable } from "~/components/account/invoice-table";
import { PageLinks } from "~/components/ui/page-links";
import { INVOICE_PAGE_SIZE, invoicesHref, parseInvoicePageParam } from "~/domain/invoices/customer-invoices.schema";
import { listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { requireBuyer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your Invoices") }];

/** /account/invoices?page=: the customer's own sales invoices, newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBuyer(request);
  const query = parseInvoicePageParam(new URL(request.url).searchParams);
  const result = listCustomerInvoices(getDb(), user.id, query.page);
  // a page past the end (a stale link): the last page that has invoices
  if (query.pageGiven && query.page !== result.page) throw redirect(invoicesHref(result.page));
  return json({ ...result, pageSize: INVOICE_PAGE_SIZE }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function InvoicesPage() {
  const { invoices, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AccountBreadcrumb current="Invoices" />
      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your Invoices</h1>
          <p className="mt-2 text-slate-600">
            An invoice is issued for each order, due by your account's payment terms: each invoice shows its due date.
          </p>
        </div>
        <ShowingCount page={page} pageSize={pageSize} shown={invoices.length} total={total} noun={["invoice", "invoices"]} />
      </header>
      <InvoiceTable invoices={invoices} />
      <PageLinks page={page} pageCount={pageCount} hrefFor={invoicesHref} label="Invoice pages" className="mt-6" />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not load your invoices",
  failure: "Something went wrong while loading your invoices. Please try again in a moment.",
  href: "/account/invoices",
});

/** After a lost reply (Log Out in the header posts in the background) the page keeps its data. */
export { shouldRevalidate } from "~/utils/connection";
