import { Link } from "@remix-run/react";
import type { UnitPrice } from "~/domain/pricing/pricing";
import { activeVolumeStep, type VolumeStep } from "~/domain/catalog/product-detail";
import { BASIS_LABELS, priceOnBasis, type PriceBasis } from "~/domain/pricing/price-basis";
import { formatMoney, formatPercent } from "~/utils/money";

export type BreakdownAudience = "customer" | "guest" | "pending" | "staff";

/**
 * How the shown price is made up: the list price, the buyer's own price or discounts, and the volume
 * steps. Visitors without trade prices see the steps as list-price percentages and how to get trade prices.
 */
export function PriceBreakdown({
  audience,
  salesPrice,
  vatRate,
  basis,
  price,
  tierDiscount,
  steps,
  quantity,
  loginHref,
}: {
  audience: BreakdownAudience;
  /** list price, ex VAT, pence */
  salesPrice: number;
  vatRate: number;
  /** inc or ex VAT: the buyer's choice in the header */
  basis: PriceBasis;
  /** the buyer's current unit price; null when list prices apply (or pricing failed) */
  price: UnitPrice | null;
  tierDiscount: number;
  steps: readonly VolumeStep[];
  quantity: number;
  loginHref: string;
}) {
  const customPrice = price?.customPrice ?? null;
  const trade = price !== null && customPrice === null && (price.tierDiscount > 0 || price.volumeDiscount > 0);
  const shown = (net: number) => `${formatMoney(priceOnBasis(net, vatRate, basis))} ${BASIS_LABELS[basis]}`;
  const active = audience === "customer" && price !== null && price.volumeDiscount > 0 ? activeVolumeStep(steps, quantity) : null;

  return (
    <section aria-labelledby="pricing-breakdown-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="pricing-breakdown-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Pricing breakdown
      </h2>
      <dl className="mt-3 space-y-1 text-sm" data-testid="pricing-breakdown">
        <Row label="List price" value={shown(salesPrice)} />
        {customPrice !== null ? (
          <Row label="Your price" value={shown(customPrice)} strong />
        ) : null}
        {audience === "customer" && customPrice === null && tierDiscount > 0 ? (
          <Row label="Tier discount" value={`${formatPercent(tierDiscount)} off`} />
        ) : null}
        {price !== null && price.volumeDiscount > 0 ? (
          <Row label="Volume discount" value={`${formatPercent(price.volumeDiscount)} off`} />
        ) : null}
        {trade && price ? (
          <Row label="Your trade price" value={shown(price.finalPrice)} strong />
        ) : null}
        {basis === "inc" ? (
          <Row
            label="Ex VAT"
            value={`${formatMoney(price ? price.finalPrice : salesPrice)} + VAT at ${formatPercent(vatRate)}`}
          />
        ) : (
          <Row
            label="Inc VAT"
            value={`${formatMoney(priceOnBasis(price ? price.finalPrice : salesPrice, vatRate, "inc"))} with VAT at ${formatPercent(vatRate)}`}
          />
        )}
      </dl>

      {customPrice !== null ? (
        <p className="mt-3 text-xs text-slate-500">Your agreed price applies at any quantity.</p>
      ) : null}

      {steps.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">Volume discounts</h3>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Volume discounts">
            {steps.map((step) => {
              const reached = active !== null && active.minQuantity === step.minQuantity;
              return (
                <li
                  key={step.minQuantity}
                  data-testid="volume-step"
                  aria-current={reached ? "true" : undefined}
                  className={`flex justify-between gap-3 rounded px-2 py-1 ${
                    reached ? "bg-emerald-50 font-semibold text-emerald-900" : "text-slate-700"
                  }`}
                >
                  <span>
                    {step.minQuantity}+ units: {formatPercent(step.discountPercentage)} off
                  </span>
                  <span>
                    {formatMoney(priceOnBasis(step.unitPrice, vatRate, basis))} each {BASIS_LABELS[basis]}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {audience === "guest" ? (
        <p className="mt-3 text-sm text-slate-600">
          <Link to={loginHref} className="font-medium text-brand-700 underline hover:text-brand-800">
            Log in
          </Link>{" "}
          with your trade account to see your trade prices.
          {/* only a product with volume steps has any "above" to speak of */}
          {steps.length > 0 ? " Volume discounts above are on the list price." : null}
        </p>
      ) : null}
      {audience === "pending" ? (
        <p className="mt-3 text-sm text-slate-600">
          Your account is awaiting approval: trade prices and volume discounts apply once it has been approved.
        </p>
      ) : null}
      {audience === "staff" ? (
        <p className="mt-3 text-sm text-slate-600">Trade prices and volume discounts apply to approved customer accounts.</p>
      ) : null}
    </section>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? "font-semibold text-slate-900" : "text-slate-800"}>{value}</dd>
    </div>
  );
}
