import { Link } from "@remix-run/react";
import { selectedField } from "~/domain/cart/add-selected";
import { stockState } from "~/domain/catalog/stock";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { useMayOrder, usePriceBasis } from "~/root";
import { NoPicture } from "./no-picture";
import { ChooseOptionsLink } from "./card-add-to-cart";
import { ListingPrice, StockBadge } from "./product-card";
import type { ProductGridItem } from "./product-grid";
import { ProductImage } from "./product-image";
import { SkuLabel } from "./sku-label";

/** What the last "Add selected" left on the page: quantities to put back and why lines were refused. */
export type ListResult = { id: string; kept: Record<string, string>; reasons: Record<string, string> };

const THUMB = 48;
/** The columns beside the picture, from 640 px: product, price, stock, quantity. */
const COLUMNS = "sm:grid-cols-[minmax(0,1fr)_9rem_9rem_7rem]";

/**
 * A listing as dense rows for trade buying: picture, name and SKU, the buyer's price on their basis, stock,
 * and a quantity box. The boxes belong to the "Add selected to cart" form around the list (ListingForm):
 * rows are numbered from `startIndex` so that several lists on one page (the home page's sections) post as
 * one. A product with options links to its page to choose them; one out of stock has no box. Below 640 px
 * each row stacks: picture and name, then price, stock and the box.
 */
export function ProductList({
  items,
  label,
  startIndex = 0,
  result,
  eager = true,
}: {
  items: readonly ProductGridItem[];
  label: string;
  startIndex?: number;
  result?: ListResult | null;
  /** false for a list further down the page: all its pictures load lazily */
  eager?: boolean;
}) {
  const basis = usePriceBasis();
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="product-list">
      <div aria-hidden className="hidden gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600 sm:flex">
        <span style={{ width: THUMB }} />
        <div className={`grid flex-1 items-center gap-x-4 ${COLUMNS}`}>
          <span>Product</span>
          <span className="text-right">Price ({BASIS_LABELS[basis]})</span>
          <span>Stock</span>
          <span>Quantity</span>
        </div>
      </div>
      <ul aria-label={label} className="divide-y divide-slate-100">
        {items.map((item, index) => (
          <ProductRow
            key={`${item.product.id}:${result?.id ?? ""}`}
            item={item}
            index={startIndex + index}
            kept={result?.kept[item.product.id]}
            reason={result?.reasons[item.product.id]}
            eager={eager && index < 8}
          />
        ))}
      </ul>
    </div>
  );
}

function ProductRow({
  item: { product, price, hasVariants },
  index,
  kept,
  reason,
  eager,
}: {
  item: ProductGridItem;
  index: number;
  kept?: string;
  reason?: string;
  eager: boolean;
}) {
  const state = stockState(product.stockLevel, product.lowStockThreshold);
  const inputId = `list-quantity-${product.id}`;
  const reasonId = `list-reason-${product.id}`;
  // a refused row keeps its box and quantity even if the product has just run out
  const mayOrder = useMayOrder();
  const orderable = mayOrder && !hasVariants && (product.stockLevel > 0 || kept !== undefined);

  return (
    <li data-testid="listing-row" className="flex gap-3 px-3 py-2.5 sm:items-center">
      <Link to={`/products/${product.slug}`} prefetch="intent" tabIndex={-1} aria-hidden className="flex-none">
        {product.imageUrl ? (
          <ProductImage
            url={product.imageUrl}
            alt=""
            size={THUMB}
            sizes={`${THUMB}px`}
            eager={eager}
            className="h-12 w-12 rounded-md border border-slate-200 object-cover"
          />
        ) : (
          <NoPicture size={THUMB} />
        )}
      </Link>
      <div className={`grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 ${COLUMNS}`}>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <Link to={`/products/${product.slug}`} prefetch="intent" className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {product.name}
          </Link>
          <SkuLabel sku={product.sku} />
        </div>
        {/* below 640 px price and stock share the second line; from 640 px each is its own column */}
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 sm:contents">
          <ListingPrice product={product} price={price} variant="row" />
          <span data-testid="row-stock">
            <StockBadge state={state} stockLevel={product.stockLevel} />
          </span>
        </div>
        <div className="justify-self-end sm:justify-self-stretch">
          {hasVariants && mayOrder ? (
            <ChooseOptionsLink product={product} className="text-sm font-semibold text-brand-700 hover:underline" />
          ) : orderable ? (
            <>
              <input type="hidden" name={selectedField(index, "productId")} value={product.id} />
              <label htmlFor={inputId} className="sr-only">
                Quantity of {product.name}
              </label>
              <input
                id={inputId}
                type="number"
                name={selectedField(index, "quantity")}
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
                defaultValue={kept ?? ""}
                aria-invalid={reason ? true : undefined}
                aria-describedby={reason ? reasonId : undefined}
                className="h-9 w-20 rounded-md border border-slate-300 px-2 text-right text-sm aria-[invalid=true]:border-red-500"
              />
            </>
          ) : (
            <span className="text-sm text-slate-500" aria-hidden>
              —
            </span>
          )}
        </div>
        {reason ? (
          <p id={reasonId} className="col-span-full text-sm text-red-700" data-testid="row-refusal">
            Not added: {reason}
          </p>
        ) : null}
      </div>
    </li>
  );
}
