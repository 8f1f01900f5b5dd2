import { paymentTermsText } from "~/domain/credit/payment-terms";
import { StaffLink } from "~/components/admin/staff-link";
import { Form, Link, useNavigation } from "@remix-run/react";
import { InvoiceBody, InvoiceHistories } from "./invoice-document";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import {
  INVOICES_PATH as PATH,
  InvoiceStatusBadge as StatusBadge,
  invoicesHref,
  type InvoicesLoaderData,
  type InvoiceView,
} from "./invoices-screen";
import { RecordHistory } from "~/components/admin/record-history";
import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import type { ComponentProps } from "react";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields, primaryLinkClass, secondaryLinkClass } from "~/components/admin/form/form-bits";
import { SkuLabel } from "~/components/catalog/sku-label";
import { Button } from "~/components/ui/button";
import { formatMoney, formatPercent } from "~/utils/money";

/** Print (the PDF), Send Email (a post) when there is somewhere to send it, Record Payment while something is owed. */
export function InvoiceActions({
  invoice,
  print,
  canEmail,
  payHref,
  hidden,
}: {
  invoice: { id: number; outstanding: number };
  /** the PDF's address and the link's words */
  print: [string, string];
  canEmail: boolean;
  payHref: string;
  hidden: Record<string, string>;
}) {
  const [printHref, printLabel] = print;
  const { id: invoiceId, outstanding } = invoice;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  return (
    <>
      <a href={printHref} target="_blank" rel="noreferrer" className={secondaryLinkClass}>
        {printLabel}
      </a>
      {canEmail ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="email" />
          <input type="hidden" name="id" value={invoiceId} />
          <HiddenFields values={hidden} />
          <Button type="submit" variant="secondary" disabled={sending}>
            {sending ? "Sending..." : "Send Email"}
          </Button>
        </Form>
      ) : null}
      {outstanding > 0 ? (
        <Link to={payHref} preventScrollReset className={primaryLinkClass}>
          Record Payment
        </Link>
      ) : null}
    </>
  );
}

/** One invoice as the customer gets it (company, bill-to, ship-to, lines, totals, terms), with its actions. */
export function InvoiceDetail({
  invoice,
  data,
  listPath,
  hidden,
}: {
  invoice: InvoiceView;
  data: InvoicesLoaderData;
  listPath: string;
  hidden: Record<string, string>;
}) {
  const company = data.company;
  const billTo = [
    invoice.billTo.businessName,
    invoice.billTo.name,
    invoice.billTo.address,
    invoice.billTo.email,
    invoice.billTo.vatNumber ? `VAT number: ${invoice.billTo.vatNumber}` : null,
  ].filter(Boolean);
  const shipTo = invoice.shipTo
    ? [invoice.shipTo.name, invoice.shipTo.address, invoice.shipTo.city, invoice.shipTo.postcode].filter(Boolean)
    : ["As billed"];

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={listPath} className="text-brand-700 hover:underline">
          ← All sales invoices
        </Link>
      </p>
      <PageHeader
        title={`Invoice ${invoice.invoiceNumber}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={invoice.status} />
            {invoice.orderId !== null ? (
              <StaffLink to={`/admin/orders?view=${invoice.orderId}`} className="text-brand-700 hover:underline">
                Order {invoice.orderNumber ?? `#${invoice.orderId}`}
              </StaffLink>
            ) : (
              <span>Created by hand</span>
            )}
            {invoice.customerId ? (
              <StaffLink to={`/admin/users?edit=${invoice.customerId}`} className="text-brand-700 hover:underline">
                Customer account
              </StaffLink>
            ) : null}
          </span>
        }
        actions={
          <InvoiceActions invoice={invoice} print={[`${PATH}/${invoice.id}.pdf`, "Print Invoice"]} hidden={hidden}
            canEmail={invoice.status !== "void" && Boolean(invoice.billTo.email)} payHref={invoicesHref(data.list, { pay: String(invoice.id) })} />
        }
      />

      <Panel className="p-4 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
          <div>
            <p className="text-lg font-bold text-slate-900">{company.name}</p>
            <p className="text-sm text-slate-600">{company.address}</p>
            {company.vatNumber ? <p className="text-sm text-slate-600">VAT number: {company.vatNumber}</p> : null}
            <p className="text-sm text-slate-600">
              {company.email}
              {company.phone ? ` · ${company.phone}` : ""}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:text-right">
            <dt className="text-slate-500">Invoice number</dt>
            <dd className="font-semibold text-slate-900">{invoice.invoiceNumber}</dd>
            <dt className="text-slate-500">Issue date</dt>
            <dd className="text-slate-900">{formatInvoiceDate(invoice.issueDate)}</dd>
            <dt className="text-slate-500">Due date</dt>
            <dd className="text-slate-900">{formatInvoiceDate(invoice.dueDate)}</dd>
            {invoice.orderNumber ? (
              <>
                <dt className="text-slate-500">Order</dt>
                <dd className="text-slate-900">
                  {invoice.orderId !== null ? (
                    <StaffLink to={`/admin/orders?view=${invoice.orderId}`} className="text-brand-700 hover:underline">
                      {invoice.orderNumber}
                    </StaffLink>
                  ) : (
                    invoice.orderNumber
                  )}
                </dd>
              </>
            ) : null}
            {invoice.poReference ? (
              <>
                <dt className="text-slate-500">Customer PO reference</dt>
                <dd className="text-slate-900" data-testid="invoice-po-reference">
                  {invoice.poReference}
                </dd>
              </>
            ) : null}
            {invoice.quote ? (
              <>
                <dt className="text-slate-500">Quote</dt>
                <dd className="text-slate-900" data-testid="invoice-quote">
                  Quote {invoice.quote}
                </dd>
              </>
            ) : null}
          </dl>
        </div>

        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="bill-to">
            <h2 id="bill-to" className="text-sm font-semibold text-slate-900">
              Bill to
            </h2>
            <address className="mt-1 text-sm not-italic text-slate-700">
              {billTo.length
                ? billTo.map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))
                : "—"}
            </address>
          </section>
          <section aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-sm font-semibold text-slate-900">
              Ship to
            </h2>
            <address className="mt-1 text-sm not-italic text-slate-700">
              {shipTo.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
            {invoice.deliveryNotes ? (
              <>
                <h3 className="mt-2 text-sm font-semibold text-slate-900">Delivery notes</h3>
                <p className="whitespace-pre-line break-words text-sm text-slate-700">{invoice.deliveryNotes}</p>
              </>
            ) : null}
          </section>
        </div>

        <InvoiceBody invoice={invoice} />

        <div className="mt-6 grid gap-4 border-t border-slate-200 pt-4 text-sm sm:grid-cols-2">
          <section aria-labelledby="payment-terms">
            <h2 id="payment-terms" className="font-semibold text-slate-900">
              Payment terms
            </h2>
            <p className="mt-1 text-slate-700">
              {invoice.status === "void"
                ? "This invoice has been voided because its order was cancelled. Nothing is owed."
                : `${paymentTermsText(invoice.paymentTerms ?? null)} (by ${formatInvoiceDate(invoice.dueDate)}).`}
            </p>
          </section>
          <section aria-labelledby="bank-details">
            <h2 id="bank-details" className="font-semibold text-slate-900">
              Bank details
            </h2>
            {company.bank ? (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
                <dt>Bank</dt>
                <dd>{company.bank.bankName}</dd>
                <dt>Account name</dt>
                <dd>{company.bank.accountName}</dd>
                <dt>Sort code</dt>
                <dd>{company.bank.sortCode}</dd>
                <dt>Account number</dt>
                <dd>{company.bank.accountNumber}</dd>
                <dt>Reference</dt>
                <dd>{invoice.invoiceNumber}</dd>
              </dl>
            ) : (
              <p className="mt-1 text-slate-700">
                No bank details are configured, so invoices ask customers to contact {company.email} for payment
                details.
              </p>
            )}
          </section>
        </div>
      </Panel>

      <InvoiceHistories invoice={invoice} history={data.history} />
    </>
  );
}
