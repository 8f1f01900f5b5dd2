import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { InvoiceTable } from "~/components/account/invoice-table";
import { PageLinks } from "~/components/ui/page-links";
import { PlacedBySelect } from "~/components/account/placed-by-select";
import { placedByChoices, type CompanyPersonName } from "~/domain/companies/companies.server";
import {
  INVOICE_PAGE_SIZE,
  invoicesHref,
  parseInvoicePageParam,
  parseInvoicePlacedByParam,
} from "~/domain/invoices/customer-invoices.schema";
import { listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your Invoices") }];

/**
 * /account/invoices?page=&placedBy=: the customer's own sales invoices (the company's for a company admin or
 * approver, who also see who placed each order and may narrow the list to one person), newest first, 20 a page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = parseInvoicePageParam(params);
  const people = placedByChoices(db, user);
  const placedBy = people ? parseInvoicePlacedByParam(params) : null;
  const result = listCustomerInvoices(db, user.id, query.page, { placedBy });
  // a page past the end (a stale link): the last page that has invoices
  if (query.pageGiven && query.page !== result.page) throw redirect(invoicesHref(result.page, placedBy));
  return json({ ...result, pageSize: INVOICE_PAGE_SIZE, people, placedBy }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A GET form: one person's invoices, so the filtered list can be bookmarked and works without JavaScript. */
function PlacedByFilter({ people, placedBy }: { people: CompanyPersonName[]; placedBy: string | null }) {
  return (
    <Form method="get" action="/account/invoices" role="search" aria-label="Filter invoices" className="mt-6 flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <PlacedBySelect id="invoices-placedBy" people={people} value={placedBy} />
      </div>
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Apply
      </button>
      {placedBy ? (
        <Link to="/account/invoices" className="py-2 text-sm font-medium text-brand-700 hover:underline">
          Clear filter
        </Link>
      ) : null}
    </Form>
  );
}

export default function InvoicesPage() {
  const { invoices, total, page, pageCount, pageSize, people, placedBy } = useLoaderData<typeof loader>();
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
      {people ? <PlacedByFilter people={people} placedBy={placedBy} /> : null}
      <InvoiceTable invoices={invoices} showPlacedBy={people !== null} />
      <PageLinks page={page} pageCount={pageCount} hrefFor={(to) => invoicesHref(to, placedBy)} label="Invoice pages" className="mt-6" />
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
