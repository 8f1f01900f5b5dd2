import { Link, useFetcher, useLocation } from "@remix-run/react";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { useMayOrder } from "~/root";
import type { PackRule } from "~/domain/catalog/pack-rules";

/**
 * What a grid card offers below its link: quantity and Add to Cart (a plain POST to /cart/add that
 * redirects back here with a notice), "Choose options" for a product with variants, or a disabled
 * "Out of stock". With JavaScript the add posts in the background and the page stays where it is.
 *
 * The page issues one idempotency key; each card's key is that key plus the product id, so a double click
 * adds once while two products added from one page view stay two adds.
 */
export function CardAddToCart({
  product,
  hasVariants,
  pageKey,
}: {
  product: { id: number; slug: string; name: string; stockLevel: number; packRule: PackRule };
  hasVariants: boolean;
  pageKey: string;
}) {
  const fetcher = useFetcher({ key: `card-add:${product.id}` });
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const mayOrder = useMayOrder();

  // a company's viewer sees the price on the card and nothing to order with
  if (!mayOrder) return null;
  if (hasVariants) {
    return (
      <ChooseOptionsLink
        product={product}
        className="inline-flex w-full items-center justify-center rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      />
    );
  }
  if (product.stockLevel <= 0) {
    return (
      <button
        type="button"
        disabled
        className="w-full cursor-not-allowed rounded-md bg-slate-200 px-3 py-2 text-sm font-semibold text-slate-500"
      >
        Out of stock
      </button>
    );
  }
  const inputId = `card-quantity-${product.id}`;
  return (
    <fetcher.Form method="post" action="/cart/add" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={`${pageKey}:${product.id}`} />
      <label htmlFor={inputId} className="sr-only">
        Quantity of {product.name}
      </label>
      <input
        id={inputId}
        type="number"
        name="quantity"
        inputMode="numeric"
        min={product.packRule.minimum}
        max={product.stockLevel}
        step={product.packRule.multiple}
        defaultValue={product.packRule.minimum}
        required
        className="h-9 w-16 rounded-md border border-slate-300 px-2 text-center text-sm"
      />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Add to Cart: ${product.name}`}
        className="h-9 flex-1 rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-400"
      >
        {busy ? "Adding..." : "Add to Cart"}
      </button>
    </fetcher.Form>
  );
}

/** A product with options is added from its own page, where they are chosen. */
export function ChooseOptionsLink({ product, className }: { product: { slug: string; name: string }; className: string }) {
  return (
    <Link to={`/products/${product.slug}`} className={className} aria-label={`Choose options: ${product.name}`}>
      Choose options
    </Link>
  );
}
