import { Link } from "@remix-run/react";
import type { CheckoutPage } from "~/domain/orders/checkout.server";
import { BASIS_LABELS, VAT_ROUNDING_NOTE } from "~/domain/pricing/price-basis";
import { usePriceBasis } from "~/root";
import { formatMoney, formatPercent } from "~/utils/money";
import { SkuLabel } from "~/components/catalog/sku-label";

function variantsLabel(selected: Record<string, string>) {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

type SummaryData = Pick<
  CheckoutPage,
  "lines" | "appliedVoucher" | "goodsSubtotal" | "discount" | "subtotal" | "vatAmount" | "total" | "deliveryCharge" | "minimumOrder"
>;

/**
 * The lines of the order (with price and stock warnings), a free voucher product, and the totals. Unit
 * prices and line totals are on the buyer's price basis, as in the cart and the catalogue; the totals say
 * which they are.
 */
export function OrderSummary({ data }: { data: SummaryData }) {
  const basis = usePriceBasis();
  const inc = basis === "inc";
  return (
    <>
    <ul className="mt-4 divide-y divide-slate-100" aria-label="Items in your order">
      {data.lines.map((line) => {
        const variants = variantsLabel(line.selectedVariants);
        return (
          <li key={line.key} className="py-3 text-sm" data-testid="checkout-line">
            <div className="flex justify-between gap-3">
              <div className="min-w-0">
                <Link to={`/products/${line.productSlug}`} className="font-medium text-slate-900 hover:underline">
                  {line.productName}
                </Link>
                <SkuLabel sku={line.sku} />
                {variants ? <p className="text-slate-600">{variants}</p> : null}
                <p className="text-slate-600" data-testid="checkout-unit-price">
                  {line.quantity} × {formatMoney(inc ? line.unitPriceIncVat : line.unitPrice)}{" "}
                  <span className="text-xs text-slate-500">
                    {BASIS_LABELS[basis]} · VAT {formatPercent(line.vatRate)}
                  </span>
                </p>
              </div>
              <p className="shrink-0 text-right font-medium text-slate-900" data-testid="checkout-line-total">
                {formatMoney(inc ? line.lineTotalIncVat : line.lineTotal)}
                <span className="block text-xs font-normal text-slate-500">{BASIS_LABELS[basis]}</span>
              </p>
            </div>
            {line.priceChanged && line.priceWhenAdded !== null ? (
              <p className="mt-1 text-xs font-medium text-amber-800" data-testid="price-changed">
                Price changed since you added it: was{" "}
                {formatMoney(inc ? (line.priceWhenAddedIncVat ?? line.priceWhenAdded) : line.priceWhenAdded)}, now{" "}
                {formatMoney(inc ? line.unitPriceIncVat : line.unitPrice)} {BASIS_LABELS[basis]}
              </p>
            ) : null}
            {line.packIssue ? (
              <p className="mt-1 text-xs font-medium text-red-700" data-testid="checkout-pack-issue">
                {line.packIssue} Change the quantity in your cart before ordering.
              </p>
            ) : null}
            {line.onlyLeft !== null ? (
              <p className="mt-1 text-xs font-medium text-red-700">
                {line.onlyLeft > 0 ? `Only ${line.onlyLeft} left in stock` : "Out of stock"}: reduce the quantity
                in your cart before ordering.
              </p>
            ) : null}
          </li>
        );
      })}
      {data.appliedVoucher?.freeProductName ? (
        <li className="py-3 text-sm" data-testid="checkout-free-line">
          <div className="flex justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{data.appliedVoucher.freeProductName}</p>
              <p className="text-slate-600">1 × free with voucher {data.appliedVoucher.code}</p>
            </div>
            <p className="shrink-0 font-medium text-slate-900">{formatMoney(0)}</p>
          </div>
        </li>
      ) : null}
    </ul>
    <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
      {data.discount > 0 ? (
        <>
          <div className="flex justify-between">
            <dt className="text-slate-600">Goods (ex VAT)</dt>
            <dd data-testid="checkout-goods">{formatMoney(data.goodsSubtotal)}</dd>
          </div>
          {/* the amount once, with the code: what the voucher is worth is in the panel below */}
          <div className="flex justify-between text-emerald-700">
            <dt>Voucher {data.appliedVoucher?.code} (ex VAT)</dt>
            <dd data-testid="checkout-discount">−{formatMoney(data.discount)}</dd>
          </div>
        </>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-slate-600">Subtotal (ex VAT)</dt>
        <dd data-testid="checkout-subtotal">{formatMoney(data.subtotal)}</dd>
      </div>
      <div className={`flex justify-between gap-3 ${data.deliveryCharge.basis === "reward" ? "text-emerald-700" : ""}`}>
        <dt className={data.deliveryCharge.basis === "reward" ? "" : "text-slate-600"}>Delivery (ex VAT)</dt>
        <dd className="text-right" data-testid="checkout-delivery">
          {data.deliveryCharge.text}
          {data.deliveryCharge.vat > 0 ? <span className="block text-xs text-slate-500">+ {formatMoney(data.deliveryCharge.vat)} VAT</span> : null}
        </dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">VAT</dt>
        <dd data-testid="checkout-vat">{formatMoney(data.vatAmount)}</dd>
      </div>
      <div className="flex justify-between text-base font-semibold text-slate-900">
        <dt>Total (inc VAT)</dt>
        <dd data-testid="checkout-total">{formatMoney(data.total)}</dd>
      </div>
    </dl>
    <p className="mt-2 text-xs text-slate-500" data-testid="vat-rounding-note">
      {VAT_ROUNDING_NOTE}
    </p>
    {data.minimumOrder ? (
      <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="minimum-order">
        {data.minimumOrder}
      </p>
    ) : null}
    </>
  );
}
