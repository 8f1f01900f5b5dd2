import { StaffLink } from "~/components/admin/staff-link";
import { Link } from "@remix-run/react";
import { InvoiceStatusBadge } from "~/routes/admin.sales-invoices/invoices-screen";
import { InvoiceActions } from "~/routes/admin.sales-invoices/invoice-detail";
import { InvoiceBody, InvoiceHistories } from "~/routes/admin.sales-invoices/invoice-document";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import {
  PURCHASE_INVOICES_PATH as PATH,
  purchaseInvoicesHref,
  type PurchaseInvoicesLoaderData,
  type PurchaseInvoiceView,
} from "./purchase-invoices-screen";

/** One supplier's invoice as recorded: the supplier, its facts and purchase order, lines, totals, payments, history. */
export function PurchaseInvoiceDetail({ invoice, data, hidden }: { invoice: PurchaseInvoiceView; data: PurchaseInvoicesLoaderData; hidden: { returnTo: string } & Record<string, string> }) {
  const supplier = invoice.supplier;
  const supplierLines = supplier
    ? [supplier.businessName, supplier.name, supplier.address, supplier.email, supplier.phone, supplier.vatNumber ? `VAT number: ${supplier.vatNumber}` : null].filter(
        Boolean,
      )
    : ["The supplier's account has been removed."];
  const order = invoice.purchaseOrder;
  const print: [string, string] = [`${PATH}/${invoice.id}.pdf`, "Print"];
  const payHref = purchaseInvoicesHref(data.list, { pay: String(invoice.id) });
  const actions = <InvoiceActions invoice={invoice} print={print} hidden={hidden} canEmail={Boolean(supplier?.email)} payHref={payHref} />;
  return (
    <>
      <nav aria-label="Back" className="mb-3 text-sm">
        <Link to={hidden.returnTo} className="text-brand-700 hover:underline">← All purchase invoices</Link>
      </nav>
      <PageHeader title={`Purchase invoice ${invoice.invoiceNumber}`} description={<InvoiceStatusBadge status={invoice.status} />} actions={actions} />

      <Panel className="p-4 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
          <section aria-labelledby="supplier-heading">
            <h2 id="supplier-heading" className="text-sm font-semibold text-slate-900">Supplier</h2>
            <address className="mt-1 text-sm not-italic text-slate-700" data-testid="supplier-block">
              {supplierLines.map((line, i) => <span key={i} className="block">{line}</span>)}
            </address>
            {invoice.supplierId ? (
              <StaffLink to={`/admin/users?edit=${invoice.supplierId}`} className="text-sm text-brand-700 hover:underline">
                Supplier account
              </StaffLink>
            ) : null}
          </section>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:text-right">
            <dt className="text-slate-500">Supplier&apos;s invoice number</dt>
            <dd className="font-semibold text-slate-900">{invoice.invoiceNumber}</dd>
            <dt className="text-slate-500">Invoice date</dt>
            <dd className="text-slate-900">{formatInvoiceDate(invoice.invoiceDate)}</dd>
            <dt className="text-slate-500">Due date</dt>
            <dd className="text-slate-900">{invoice.dueDate ? formatInvoiceDate(invoice.dueDate) : "—"}</dd>
            {order ? (
              <>
                <dt className="text-slate-500">Purchase order</dt>
                <dd>
                  <Link to={`/admin/purchase-orders?view=${order.id}`} className="text-brand-700 hover:underline" data-testid="invoice-purchase-order">
                    {order.orderNumber}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <InvoiceBody invoice={invoice} />
      </Panel>

      <InvoiceHistories invoice={invoice} history={data.history} />
    </>
  );
}
