import { Link } from "@remix-run/react";
import type { CheckoutPage } from "~/domain/orders/checkout.server";
import { VAT_ROUNDING_NOTE } from "~/domain/pricing/price-basis";
import { formatMoney, formatPercent } from "~/utils/money";
import { SkuLabel } from "~/components/catalog/sku-label";

function variantsLabel(selected: Record<string, string>) {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

type SummaryData = Pick<
  CheckoutPage,
  "lines" | "appliedVoucher" | "goodsSubtotal" | "discount" | "subtotal" | "vatAmount" | "total"
>;

/** The lines of the order (with price and stock warnings), a free voucher product, and the totals. */
export function OrderSummary({ data }: { data: SummaryData }) {
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
                <p className="text-slate-600">
                  {line.quantity} × {formatMoney(line.unitPrice)}{" "}
                  <span className="text-xs text-slate-500">ex VAT · VAT {formatPercent(line.vatRate)}</span>
                </p>
              </div>
              <p className="shrink-0 font-medium text-slate-900">{formatMoney(line.lineTotal)}</p>
            </div>
            {line.priceChanged && line.priceWhenAdded !== null ? (
              <p className="mt-1 text-xs font-medium text-amber-800" data-testid="price-changed">
                Price changed since you added it: was {formatMoney(line.priceWhenAdded)}, now{" "}
                {formatMoney(line.unitPrice)} ex VAT
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
          <div className="flex justify-between text-emerald-700">
            <dt>Voucher {data.appliedVoucher?.code}</dt>
            <dd data-testid="checkout-discount">−{formatMoney(data.discount)}</dd>
          </div>
        </>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-slate-600">Subtotal (ex VAT)</dt>
        <dd data-testid="checkout-subtotal">{formatMoney(data.subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">VAT</dt>
        <dd data-testid="checkout-vat">{formatMoney(data.vatAmount)}</dd>
      </div>
      {data.appliedVoucher?.freeShipping ? (
        <div className="flex justify-between text-emerald-700">
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">Free (voucher {data.appliedVoucher.code})</dd>
        </div>
      ) : null}
      <div className="flex justify-between text-base font-semibold text-slate-900">
        <dt>Total</dt>
        <dd data-testid="checkout-total">{formatMoney(data.total)}</dd>
      </div>
    </dl>
    <p className="mt-2 text-xs text-slate-500" data-testid="vat-rounding-note">
      {VAT_ROUNDING_NOTE}
    </p>
    </>
  );
}
