import { Form, Link, useNavigation } from "@remix-run/react";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields, primaryLinkClass } from "~/components/admin/form/form-bits";
import { SkuLabel } from "~/components/catalog/sku-label";
import { Button } from "~/components/ui/button";
import { formatMoney, formatPercent } from "~/utils/money";

export const secondaryLinkClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

type Line = { sku?: string | null; description: string; quantity: number; unitPrice: number; vatRate: number; vatAmount: number; total: number };

/** An invoice's lines: description (with its code), quantity, unit price, VAT rate and amount, net total. */
export function InvoiceLinesTable({ invoiceNumber, lines }: { invoiceNumber: string; lines: Line[] }) {
  const numeric = ["Qty", "Unit price (ex VAT)", "VAT %", "VAT", "Line total (ex VAT)"];
  return (
    <DataTable caption={`Lines of invoice ${invoiceNumber}`} minWidth="40rem">
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            Description
          </th>
          {numeric.map((heading) => (
            <th key={heading} scope="col" className={`${thClass} text-right`}>
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

type Amounts = { subtotal: number; vatAmount: number; total: number; amountPaid: number; outstanding: number };

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
      <dt className="font-semibold text-slate-900">Outstanding balance</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="outstanding">
        {formatMoney(invoice.outstanding)}
      </dd>
    </dl>
  );
}

/** Print (the PDF), Send Email (a post) when there is somewhere to send it, Record Payment while something is owed. */
export function InvoiceActions({
  invoiceId,
  printHref,
  printLabel,
  canEmail,
  payHref,
  outstanding,
  hidden,
}: {
  invoiceId: number;
  printHref: string;
  printLabel: string;
  canEmail: boolean;
  payHref: string;
  outstanding: number;
  hidden: Record<string, string>;
}) {
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
