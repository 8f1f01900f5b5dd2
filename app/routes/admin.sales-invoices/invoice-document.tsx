/** The invoice as a document on screen, shared by the sales and purchase invoice views: lines, totals, payments and history. */
import type { ComponentProps } from "react";
import { RecordHistory } from "~/components/admin/record-history";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { SkuLabel } from "~/components/catalog/sku-label";
import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import { formatMoney, formatPercent } from "~/utils/money";
import { PaymentHistory } from "./payment-history";

type Line = { sku?: string | null; description: string; quantity: number; unitPrice: number; vatRate: number; vatAmount: number; total: number };

/** An invoice's lines: description (with its code), quantity, unit price, VAT rate and amount, net total. */
export function InvoiceLinesTable({ invoiceNumber, lines }: { invoiceNumber: string; lines: Line[] }) {
  const numeric = ["Qty", "Unit price (ex VAT)", "VAT %", "VAT", "Line total (ex VAT)"];
  return (
    <DataTable caption={`Lines of invoice ${invoiceNumber}`} minWidth="40rem">
      <thead>
        <tr>
          {["Description", ...numeric].map((heading, i) => (
            <th key={heading} scope="col" className={i === 0 ? thClass : `${thClass} text-right`}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <EmptyRow colSpan={6}>No items.</EmptyRow>
        ) : (
          lines.map((line, i) => (
            <tr key={i}>
              <td className={tdClass}>
                {line.description}
                <SkuLabel sku={line.sku ?? null} />
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{line.quantity.toLocaleString("en-GB")}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.unitPrice)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatPercent(line.vatRate)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.vatAmount)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.total)}</td>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}

/** Under an invoice: the payments recorded against it, then its history (who created, emailed or paid it). */
export function InvoiceHistories({ invoice, history }: { invoice: ComponentProps<typeof PaymentHistory>; history: HistoryEntry[] }) {
  return (
    <>
      <PaymentHistory invoiceNumber={invoice.invoiceNumber} payments={invoice.payments} />
      <div className="mt-6">
        <RecordHistory entries={history} />
      </div>
    </>
  );
}

/** An invoice's lines and, under them, its totals with what is paid and still owed. */
export function InvoiceBody({ invoice }: { invoice: Amounts & { invoiceNumber: string; lines: Line[] } }) {
  return (
    <>
      <div className="mt-6">
        <InvoiceLinesTable invoiceNumber={invoice.invoiceNumber} lines={invoice.lines} />
      </div>
      <InvoiceTotals invoice={invoice} />
    </>
  );
}

type Amounts = { subtotal: number; vatAmount: number; total: number; amountPaid: number; creditedAmount?: number; outstanding: number };

/** Subtotal, VAT, total, amount paid and the outstanding balance. */
export function InvoiceTotals({ invoice }: { invoice: Amounts }) {
  return (
    <dl className="ml-auto mt-4 grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label="Invoice totals">
      <dt className="text-slate-600">Subtotal (ex VAT)</dt>
      <dd className="text-right tabular-nums">{formatMoney(invoice.subtotal)}</dd>
      <dt className="text-slate-600">VAT</dt>
      <dd className="text-right tabular-nums">{formatMoney(invoice.vatAmount)}</dd>
      <dt className="font-semibold text-slate-900">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(invoice.total)}</dd>
      <dt className="text-slate-600">Amount paid</dt>
      <dd className="text-right tabular-nums" data-testid="amount-paid">
        {formatMoney(invoice.amountPaid)}
      </dd>
      {invoice.creditedAmount ? (
        <>
          <dt className="text-slate-600">Credit notes</dt>
          <dd className="text-right tabular-nums" data-testid="credited">
            {formatMoney(invoice.creditedAmount)}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold text-slate-900">Outstanding balance</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="outstanding">
        {formatMoney(invoice.outstanding)}
      </dd>
    </dl>
  );
}
