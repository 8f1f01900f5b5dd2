/** The parts both quote screens show (the buyer's account and the back office): state, lines, totals, versions. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LineProduct } from "~/components/orders/line-product";
import { QUOTE_STATE_LABELS, QUOTE_STATE_LABELS_FOR_BUYER, type QuoteState } from "~/domain/quotes/quote-states";
import { formatMoney, formatPercent, parseDecimalToHundredths } from "~/utils/money";
import { formatUkDate } from "~/utils/uk-time";

export const pounds = (decimal: string | null) => (decimal === null ? "—" : formatMoney(parseDecimalToHundredths(decimal) ?? 0));

/** "24 Dec 2026" for an ISO day */
export const dayText = (isoDay: string | null) => (isoDay ? formatUkDate(`${isoDay}T12:00:00Z`) : "—");

const TONES: Record<QuoteState, string> = {
  requested: "bg-sky-50 text-sky-800 ring-sky-200",
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  sent: "bg-amber-50 text-amber-900 ring-amber-300",
  accepted: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  declined: "bg-red-50 text-red-800 ring-red-200",
  revision_requested: "bg-violet-50 text-violet-800 ring-violet-200",
  expired: "bg-slate-100 text-slate-600 ring-slate-300",
};

export function QuoteStateBadge({ state, forBuyer = false }: { state: QuoteState; forBuyer?: boolean }) {
  return (
    <span data-testid="quote-status" className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[state]}`}>
      {(forBuyer ? QUOTE_STATE_LABELS_FOR_BUYER : QUOTE_STATE_LABELS)[state]}
    </span>
  );
}

type Line = {
  id: number;
  productName: string;
  sku: string | null;
  selectedVariants: Record<string, string>;
  quantity: number;
  unitPrice: string | null;
  vatRate: string;
  lineTotal: string | null;
};

/** A field's errors from a form reply, under the field. */
export function FieldErrors({ errors }: { errors: string[] | null | undefined }) {
  return errors && errors.length > 0 ? (
    <p className="mt-1 text-sm text-red-700" role="alert">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** The lines, each at its quoted price ex VAT, and the totals ex VAT, VAT and inc VAT. */
export function QuoteLinesTable({ lines, totals }: { lines: Line[]; totals: { subtotal: string | null; vatAmount: string | null; total: string | null } }) {
  return (
    <table className="mt-6 w-full text-left text-sm" aria-label="Quote lines">
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th className="py-2 pr-3 font-medium">Product</th>
          <th className="py-2 pr-3 text-right font-medium">Qty</th>
          <th className="py-2 pr-3 text-right font-medium">Unit price ex VAT</th>
          <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">VAT rate</th>
          <th className="py-2 text-right font-medium">Line ex VAT</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          return (
            <tr key={line.id} className="border-b border-slate-100 align-top" data-testid="quote-line">
              <td className="py-2 pr-3">
                <LineProduct name={line.productName} sku={line.sku} selectedVariants={line.selectedVariants} />
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 pr-3 text-right tabular-nums" data-testid="quote-line-price">
                {line.unitPrice === null ? "To be priced" : pounds(line.unitPrice)}
              </td>
              <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{formatPercent(parseDecimalToHundredths(line.vatRate) ?? 0)}</td>
              <td className="py-2 text-right tabular-nums">{pounds(line.lineTotal)}</td>
            </tr>
          );
        })}
      </tbody>
      {totals.total !== null ? (
        <tfoot className="text-slate-900">
          <TotalRow label="Subtotal ex VAT">{pounds(totals.subtotal)}</TotalRow>
          <TotalRow label="VAT">{pounds(totals.vatAmount)}</TotalRow>
          <TotalRow label="Total inc VAT" strong>
            <span data-testid="quote-total">{pounds(totals.total)}</span>
          </TotalRow>
        </tfoot>
      ) : null}
    </table>
  );
}

function TotalRow({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={4} className={`hidden pt-2 pr-3 text-right sm:table-cell ${strong ? "font-semibold" : ""}`}>
        {label}
      </td>
      <td colSpan={3} className={`pt-2 pr-3 text-right sm:hidden ${strong ? "font-semibold" : ""}`}>
        {label}
      </td>
      <td className={`pt-2 text-right tabular-nums ${strong ? "font-bold" : ""}`}>{children}</td>
    </tr>
  );
}

/** Every version of the quote's number, this one marked; each links to its own page. */
export function QuoteVersions({
  versions,
  current,
  hrefFor,
  forBuyer = false,
}: {
  versions: { id: number; label: string; status: QuoteState }[];
  current: number;
  hrefFor: (id: number) => string;
  forBuyer?: boolean;
}) {
  if (versions.length <= 1) return null;
  return (
    <section aria-label="Versions" className="mt-4 text-sm">
      <h2 className="font-semibold text-slate-900">Versions</h2>
      <ul className="mt-1 flex flex-wrap gap-3">
        {versions.map((version) => (
          <li key={version.id} className="flex items-center gap-2">
            {version.id === current ? (
              <strong aria-current="page">{version.label}</strong>
            ) : (
              <Link to={hrefFor(version.id)} className="text-brand-700 hover:underline">
                {version.label}
              </Link>
            )}
            <QuoteStateBadge state={version.status} forBuyer={forBuyer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
