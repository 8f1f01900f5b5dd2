import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { pageWindow } from "~/domain/catalog/catalog.schema";
import {
  INVOICE_PAGE_SIZE,
  invoicePdfHref,
  invoicesHref,
  parseInvoicePageParam,
} from "~/domain/invoices/customer-invoices.schema";
import { listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { formatInvoiceDate, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { STATUS_TONE_CLASSES, type StatusTone } from "~/domain/orders/order-status";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Your Invoices · INFY Wholesale" }];

/** /account/invoices?page=: the customer's own sales invoices, newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseInvoicePageParam(new URL(request.url).searchParams);
  const result = listCustomerInvoices(getDb(), user.id, query.page);
  // a page past the end (a stale link): the last page that has invoices
  if (query.pageGiven && query.page !== result.page) throw redirect(invoicesHref(result.page));
  return json({ ...result, pageSize: INVOICE_PAGE_SIZE }, { headers: { "Cache-Control": "private, no-store" } });
}

const TONES: Record<InvoiceStatus, StatusTone> = {
  paid: "success",
  partially_paid: "info",
  overdue: "danger",
  unpaid: "warning",
  void: "neutral",
};

function StatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_TONE_CLASSES[TONES[status]]}`}
    >
      {invoiceStatusLabel(status)}
    </span>
  );
}

/** "12.50" (the JSON form) → "£12.50". */
function money(decimal: string) {
  return formatMoney(parseDecimalToHundredths(decimal) ?? 0);
}

export default function InvoicesPage() {
  const { invoices, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  const first = (page - 1) * pageSize + 1;
  const last = first + invoices.length - 1;

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
              Invoices
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your Invoices</h1>
          <p className="mt-2 text-slate-600">
            An invoice is issued for each order. Payment is due within 30 days of the invoice date.
          </p>
        </div>
        {total > 0 ? (
          <p className="text-sm text-slate-600">
            Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}{" "}
            {total === 1 ? "invoice" : "invoices"}
          </p>
        ) : null}
      </header>

      {invoices.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          No invoices yet.
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Invoice
                </th>
                <th scope="col" className="px-4 py-3">
                  Issue date
                </th>
                <th scope="col" className="px-4 py-3">
                  Due date
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Outstanding
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-medium text-slate-900">
                    {invoice.invoiceNumber}
                    {invoice.orderNumber ? (
                      <span className="block text-xs font-normal text-slate-500">Order {invoice.orderNumber}</span>
                    ) : null}
                  </th>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatInvoiceDate(invoice.issueDate)}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatInvoiceDate(invoice.dueDate)}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <StatusBadge status={invoice.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">
                    {money(invoice.total)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">
                    {money(invoice.outstanding)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    <a
                      href={invoicePdfHref(invoice.id)}
                      download={`${invoice.invoiceNumber}.pdf`}
                      className="font-medium text-brand-700 hover:underline"
                      aria-label={`Download PDF of invoice ${invoice.invoiceNumber}`}
                    >
                      Download PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <InvoicePagination page={page} pageCount={pageCount} />
    </div>
  );
}

const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
const currentClass = "rounded-md border border-brand-700 bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white";
const disabledClass = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";

function InvoicePagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Invoice pages" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={invoicesHref(page - 1)} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === page ? (
                <span className={currentClass} aria-current="page" aria-label={`Page ${entry}, current page`}>
                  {entry}
                </span>
              ) : (
                <Link to={invoicesHref(entry)} className={linkClass} aria-label={`Page ${entry}`}>
                  {entry}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={invoicesHref(page + 1)} rel="next" className={linkClass}>
          Next
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">We could not load your invoices</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong while loading your invoices. Please try again in a moment."}
      </p>
      <Link to="/account/invoices" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Try again
      </Link>
    </div>
  );
}
