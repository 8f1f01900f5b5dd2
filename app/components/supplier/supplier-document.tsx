import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCalendarDate, formatDecimalMoney, formatDecimalPercent } from "~/components/orders/format";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/domain/invoices/sales-invoice.schema";

/** Money and rates as the supplier pages show them: from the JSON's decimal strings. */
export type DocumentLine = { description: string; quantity: number; unitPrice: string; vatRate: string; total: string };

/**
 * One purchase order or invoice of the supplier's: back link, title with its status, the PDF, facts, lines
 * (cards on a phone, a table from 640 px), totals and whatever else the page adds below.
 */
export function SupplierDocument({
  title,
  status,
  pdfHref,
  facts,
  lines,
  totals,
  children,
}: {
  title: string;
  status: ReactNode;
  pdfHref: string;
  facts: [string, ReactNode][];
  lines: DocumentLine[];
  totals: [string, string][];
  children?: ReactNode;
}) {
  return (
    <article>
      <p className="text-sm">
        <Link to="/supplier" className="text-brand-700 hover:underline">
          ← Your orders and invoices
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="break-all text-2xl font-bold text-slate-900">{title}</h1>
        {status}
        <a href={pdfHref} target="_blank" rel="noreferrer" className="ml-auto rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Download PDF
        </a>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-6 text-lg font-semibold text-slate-900">Lines</h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="document-lines">
        {lines.map((line, i) => (
          <li key={i} className="grid grid-cols-2 gap-1 p-3 text-sm sm:grid-cols-[1fr_auto_auto_auto_auto] sm:gap-4" data-testid="document-line">
            <span className="col-span-2 font-medium text-slate-900 sm:col-span-1">{line.description}</span>
            <span className="text-slate-600">Qty {line.quantity.toLocaleString("en-GB")}</span>
            <span className="text-right tabular-nums text-slate-600 sm:text-left">{formatDecimalMoney(line.unitPrice)} each</span>
            <span className="text-slate-600">VAT {formatDecimalPercent(line.vatRate)}</span>
            <span className="text-right font-medium tabular-nums text-slate-900">{formatDecimalMoney(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="ml-auto mt-4 grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label="Totals">
        {totals.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right tabular-nums text-slate-900" data-testid={`total-${label.toLowerCase().replace(/\W+/g, "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </article>
  );
}

type Payment = { id: number; paymentDate: string; amount: string; paymentMethod: PaymentMethod; reference: string | null };

/** The payments made against the supplier's invoice, oldest first. */
export function SupplierPayments({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="payments" className="mt-6">
      <h2 id="payments" className="text-lg font-semibold text-slate-900">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No payment has been made yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-2 p-3" data-testid="supplier-payment">
              <span>{formatCalendarDate(payment.paymentDate)}</span>
              <span className="text-slate-600">
                {PAYMENT_METHOD_LABELS[payment.paymentMethod]}
                {payment.reference ? ` · ${payment.reference}` : ""}
              </span>
              <span className="font-medium tabular-nums">{formatDecimalMoney(payment.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
