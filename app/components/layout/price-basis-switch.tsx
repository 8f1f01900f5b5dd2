import { useFetcher, useLocation } from "@remix-run/react";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { BASIS_LABELS, PRICE_BASES, PRICE_BASIS_PATH, type PriceBasis } from "~/domain/pricing/price-basis";

/**
 * "Prices: inc VAT | ex VAT": a small POST form that remembers the choice in a cookie and comes back to
 * this page. The current basis is the pressed button. With JavaScript it posts in the background (the
 * redirect back reloads the prices), so a lost reply never leaves the browser on an empty page.
 */
export function PriceBasisSwitch({ basis, className = "" }: { basis: PriceBasis; className?: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  return (
    <fetcher.Form
      method="post"
      action={PRICE_BASIS_PATH}
      preventScrollReset
      className={`flex items-center gap-1 text-sm ${className}`}
      aria-label="Price basis"
    >
      <ConnectionLostNotice data={fetcher.data} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <span className="text-slate-600">Prices:</span>
      <span className="inline-flex overflow-hidden rounded-md border border-slate-300">
        {PRICE_BASES.map((option) => (
          <button
            key={option}
            type="submit"
            name="basis"
            value={option}
            aria-pressed={option === basis}
            className="px-2 py-1 font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {BASIS_LABELS[option]}
          </button>
        ))}
      </span>
    </fetcher.Form>
  );
}
