import type { CustomerInvoiceRow } from "~/domain/invoices/customer-invoices.server";
import { invoicePdfHref } from "~/domain/invoices/customer-invoices.schema";
import { formatInvoiceDate, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { STATUS_TONE_CLASSES, type StatusTone } from "~/domain/orders/order-status";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";

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

const COLUMNS = ["Invoice", "Issue date", "Due date", "Status"];

/**
 * The customer's invoices: number and order, dates, status, total, what is outstanding, and the PDF; with
 * `showPlacedBy` (a company admin's or approver's view of the company's), who placed each order.
 */
export function InvoiceTable({ invoices, showPlacedBy = false }: { invoices: CustomerInvoiceRow[]; showPlacedBy?: boolean }) {
  const columns = showPlacedBy ? [...COLUMNS, "Placed by"] : COLUMNS;
  if (invoices.length === 0) {
    return (
      <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        No invoices yet.
      </p>
    );
  }
  return (
    <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
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
                {invoice.poReference ? (
                  <span className="block text-xs font-normal text-slate-500" data-testid="invoice-po-reference">
                    Your reference {invoice.poReference}
                  </span>
                ) : null}
                {invoice.quote ? (
                  <span className="block text-xs font-normal text-slate-500" data-testid="invoice-quote">
                    Quote {invoice.quote}
                  </span>
                ) : null}
              </th>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatInvoiceDate(invoice.issueDate)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatInvoiceDate(invoice.dueDate)}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <StatusBadge status={invoice.status} />
              </td>
              {showPlacedBy ? (
                <td className="whitespace-nowrap px-4 py-3 text-slate-700" data-testid="invoice-placed-by">
                  {invoice.placedBy ?? "—"}
                </td>
              ) : null}
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">{money(invoice.total)}</td>
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
  );
}
