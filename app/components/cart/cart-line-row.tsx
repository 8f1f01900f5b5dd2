import { Link, useFetcher } from "@remix-run/react";
import { ProductImage } from "~/components/catalog/product-image";
import { useRef } from "react";
import { isConnectionLost } from "~/utils/connection";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { MAX_LINE_QUANTITY, variantFieldName } from "~/domain/cart/cart.schema";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { usePriceBasis } from "~/root";
import { formatMoney } from "~/utils/money";
import { SkuLabel } from "~/components/catalog/sku-label";
import { PackSummary } from "~/components/catalog/pack-summary";
import { stepQuantity, type PackRule } from "~/domain/catalog/pack-rules";

/** A cart line as the cart page shows it: money in pence, prices including VAT where the buyer sees them. */
export type CartPageLine = {
  productId: number;
  productName: string;
  sku: string | null;
  productSlug: string;
  imageUrl: string | null;
  selectedVariants: Record<string, string>;
  /** with productId, the line's identity */
  variantKey: string;
  quantity: number;
  stockLevel: number;
  /** the server's current unit price, including VAT */
  unitPriceIncVat: number;
  unitPriceExVat: number;
  priceChanged: boolean;
  /** the unit price (inc VAT) the buyer last saw, when it changed */
  previousUnitPriceIncVat: number | null;
  previousUnitPriceExVat: number | null;
  lineTotalExVat: number;
  lineTotalIncVat: number;
  /** the line's pack rule, and its message when the quantity breaks it (the rule changed since) */
  packRule: PackRule;
  packIssue: string | null;
};

/** Where a pending submission is taking this line: its new quantity, or 0 when it is being removed. */
export function optimisticQuantity(current: number, formData: FormData | undefined): number {
  if (!formData) return current;
  const intent = formData.get("intent");
  if (intent === "remove" || intent === "clear") return 0;
  if (intent !== "increment" && intent !== "decrement" && intent !== "set-quantity") return current;
  const value = formData.get("quantity");
  const quantity = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isInteger(quantity)) return current;
  return Math.max(0, Math.min(quantity, MAX_LINE_QUANTITY));
}

export function describeVariants(selected: Record<string, string>): string {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

/** The hidden fields that name a line: product plus its variants. */
function LineFields({ line, intent }: { line: CartPageLine; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={line.productId} />
      {Object.entries(line.selectedVariants).map(([name, option]) => (
        <input key={name} type="hidden" name={variantFieldName(name)} value={option} />
      ))}
    </>
  );
}

const stepButton =
  "grid h-9 w-9 place-items-center rounded-md border border-slate-300 bg-white text-lg font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300";

/**
 * One line with its controls. Every control is a small POST form (works without JavaScript: the server
 * redirects back to /cart); with JavaScript they post through one fetcher per line and the quantity (or
 * the line's removal) shows at once, then the server's answer replaces it.
 */
export function CartLineRow({ line }: { line: CartPageLine }) {
  const fetcher = useFetcher({ key: `cart-line:${line.productId}:${line.variantKey}` });
  const quantity = optimisticQuantity(line.quantity, fetcher.formData);
  // a typed quantity whose post was lost stays in the box, so pressing Update again sends it
  const typed = useRef<string | null>(null);
  if (fetcher.formData) {
    const value = fetcher.formData.get("quantity");
    typed.current = fetcher.formData.get("intent") === "set-quantity" && typeof value === "string" ? value : null;
  }
  const lost = fetcher.state === "idle" && isConnectionLost(fetcher.data) ? fetcher.data : null;
  if (quantity === 0) return null;

  const pending = fetcher.state !== "idle";
  const variants = describeVariants(line.selectedVariants);
  const inputId = `quantity-${line.productId}-${encodeURIComponent(line.variantKey)}`;
  const overStock = quantity > line.stockLevel;
  // the buyer's basis leads; the line also shows the other, since both are on the invoice
  const basis = usePriceBasis();
  const inc = basis === "inc";
  const unitPrice = inc ? line.unitPriceIncVat : line.unitPriceExVat;
  const previousUnitPrice = inc ? line.previousUnitPriceIncVat : line.previousUnitPriceExVat;

  return (
    <li data-testid="cart-line" className="flex flex-col gap-4 p-4 sm:flex-row" aria-busy={pending || undefined}>
      <ConnectionLostNotice data={fetcher.data} />
      <div className="h-24 w-24 flex-none overflow-hidden rounded-md border border-slate-200 bg-slate-100">
        {line.imageUrl ? (
          <ProductImage url={line.imageUrl} alt="" size={96} sizes="96px" className="h-full w-full object-cover" />
        ) : (
          <div className="grid h-full place-items-center text-xs text-slate-600">No image</div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <Link to={`/products/${line.productSlug}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
              {line.productName}
            </Link>
            <SkuLabel sku={line.sku} />
            {variants ? <p className="text-sm text-slate-600">{variants}</p> : null}
            <p className="mt-1 text-sm text-slate-700" data-testid="unit-price">
              {formatMoney(unitPrice)} each {BASIS_LABELS[basis]}
            </p>
            {line.priceChanged && previousUnitPrice !== null ? (
              <p className="text-sm font-medium text-amber-800" data-testid="price-changed">
                Price changed since you added it: was {formatMoney(previousUnitPrice)} {BASIS_LABELS[basis]}
              </p>
            ) : null}
            <PackSummary rule={line.packRule} price={unitPrice} className="text-sm text-slate-700" />
            {line.packIssue ? (
              <p className="text-sm font-medium text-red-700" data-testid="pack-issue">
                {line.packIssue} Change the quantity to order this line.
              </p>
            ) : null}
            {overStock ? (
              <p className="text-sm font-medium text-red-700">
                {line.stockLevel > 0 ? `Only ${line.stockLevel} left in stock` : "Out of stock"}: lower the quantity to
                order this line
              </p>
            ) : null}
          </div>
          <div className="text-right">
            <p className="font-semibold text-slate-900" data-testid="line-total">
              {formatMoney(inc ? line.lineTotalIncVat : line.lineTotalExVat)}
            </p>
            <p className="text-xs text-slate-500" data-testid="line-total-other">
              {inc
                ? `${BASIS_LABELS.inc}; ${formatMoney(line.lineTotalExVat)} ${BASIS_LABELS.ex}`
                : `${BASIS_LABELS.ex}; ${formatMoney(line.lineTotalIncVat)} ${BASIS_LABELS.inc}`}
            </p>
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-1">
            <fetcher.Form method="post" action="/cart" preventScrollReset>
              <LineFields line={line} intent="decrement" />
              <input type="hidden" name="quantity" value={stepQuantity(line.packRule, quantity, -1)} />
              <button type="submit" className={stepButton} aria-label="Decrease quantity">
                −
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action="/cart" preventScrollReset className="flex items-center gap-1">
              <LineFields line={line} intent="set-quantity" />
              <label htmlFor={inputId} className="sr-only">
                Quantity of {line.productName}
              </label>
              <input
                key={lost && typed.current !== null ? lost.attempt : quantity}
                id={inputId}
                type="number"
                name="quantity"
                inputMode="numeric"
                min={0}
                max={MAX_LINE_QUANTITY}
                step={line.packRule.multiple}
                defaultValue={lost && typed.current !== null ? typed.current : quantity}
                className="h-9 w-20 rounded-md border border-slate-300 px-2 text-center text-sm"
              />
              <button
                type="submit"
                className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Update
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action="/cart" preventScrollReset>
              <LineFields line={line} intent="increment" />
              <input type="hidden" name="quantity" value={stepQuantity(line.packRule, quantity, 1)} />
              <button type="submit" className={stepButton} aria-label="Increase quantity" disabled={quantity >= MAX_LINE_QUANTITY}>
                +
              </button>
            </fetcher.Form>
          </div>
          <fetcher.Form method="post" action="/cart" preventScrollReset>
            <LineFields line={line} intent="remove" />
            <button type="submit" className="text-sm font-medium text-red-700 hover:underline">
              Remove
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
