import { Link } from "@remix-run/react";
import type { CardPrice, ProductCardData } from "~/domain/catalog/catalog.schema";
import { stockState } from "~/domain/catalog/stock";
import { BASIS_LABELS, priceOnBasis, type PriceBasis } from "~/domain/pricing/price-basis";
import { usePriceBasis } from "~/root";
import { formatMoney, formatPercent } from "~/utils/money";
import { CardAddToCart } from "./card-add-to-cart";
import { NoPicture } from "./no-picture";
import { ProductImage } from "./product-image";
import { SkuLabel } from "./sku-label";
import { PackSummary } from "./pack-summary";
import { packUnitName, type PackRule } from "~/domain/catalog/pack-rules";

/**
 * A card is a quarter of the page on wide screens, a third or a half on smaller ones. On a phone it is a row: a
 * small picture beside the name and price, so a buyer scrolls past a section in a screen or two, not ten.
 */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 96px";

/**
 * What a listing shows of a product's price on the buyer's basis: the buyer's own price (`shownPrice`), the
 * list price, and whether the first is a discount on the second (then the list price is struck through).
 */
export function cardPrices(product: Pick<ProductCardData, "salesPrice" | "vatRate">, price: CardPrice | undefined, basis: PriceBasis) {
  const listPrice = priceOnBasis(product.salesPrice, product.vatRate, basis);
  const discounted = price ? price.customPrice !== null || price.tierDiscount > 0 || price.volumeDiscount > 0 : false;
  const shownPrice = price ? priceOnBasis(price.finalPrice, product.vatRate, basis) : listPrice;
  return { listPrice, shownPrice, discounted };
}

/** Grids that sell from the card pass the page's idempotency key and whether the product has options. */
export type CardBuying = { pageKey: string; hasVariants: boolean };

/**
 * A product in a grid: picture (or a small "no picture" box), name, description and the price on the buyer's basis (inc
 * VAT unless they chose ex VAT). When the buyer's price is discounted, badges say why and the list price is
 * struck through. The image and text are one link to the product; `buying` adds the add-to-cart form
 * below it (a form is never inside a link).
 */
export function ProductCard({
  product,
  price,
  buying,
  eager,
}: {
  product: ProductCardData;
  price?: CardPrice;
  buying?: CardBuying;
  /** the grid's first row: its picture loads at once */
  eager?: boolean;
}) {
  const basis = usePriceBasis();
  const { discounted, shownPrice } = cardPrices(product, price, basis);
  const state = stockState(product.stockLevel, product.lowStockThreshold);

  return (
    <div
      data-testid="product-card"
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white hover:border-brand-600 hover:shadow-sm"
    >
    <Link to={`/products/${product.slug}`} prefetch="intent" className="flex flex-1 flex-row sm:flex-col">
      {product.imageUrl ? (
        <div className="ml-3 mt-4 h-24 w-24 flex-none overflow-hidden rounded-md bg-slate-100 sm:m-0 sm:h-auto sm:w-auto sm:rounded-none sm:aspect-[4/3]">
          <ProductImage url={product.imageUrl} alt={product.name} size={320} sizes={CARD_IMAGE_SIZES} eager={eager} className="h-full w-full object-cover" />
        </div>
      ) : (
        <NoPicture size={56} className="ml-3 mt-4 sm:mx-4" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">{product.name}</h3>
        <SkuLabel sku={product.sku} />
        <PackSummary rule={product.packRule} price={shownPrice} className="text-xs font-medium text-slate-700" />
        {product.description ? <p className="hidden text-sm text-slate-600 sm:line-clamp-2">{product.description}</p> : null}
        {discounted && price ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Discounts">
            {price.customPrice !== null ? <Badge>Your price</Badge> : null}
            {price.tierDiscount > 0 ? <Badge>{formatPercent(price.tierDiscount)} tier discount</Badge> : null}
            {price.volumeDiscount > 0 ? <Badge>{formatPercent(price.volumeDiscount)} volume discount</Badge> : null}
          </ul>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <ListingPrice product={product} price={price} variant="card" />
          <StockBadge state={state} stockLevel={product.stockLevel} />
        </div>
      </div>
    </Link>
      {buying ? (
        <div className="border-t border-slate-100 p-4 pt-3">
          <CardAddToCart product={product} hasVariants={buying.hasVariants} pageKey={buying.pageKey} />
        </div>
      ) : null}
    </div>
  );
}

const PRICE_STYLES = {
  card: { wrapper: "", price: "text-lg font-bold", listPrice: "ml-2 text-sm", basis: "block" },
  row: { wrapper: "sm:text-right", price: "font-semibold", listPrice: "ml-1.5 text-xs", basis: "ml-1 sm:block" },
} as const;

/**
 * The buyer's unit price on their basis, the list price struck through when theirs is a discount, and the
 * basis in words ("inc VAT"): on a card (`card-price`, …) or a list row (`row-price`, …).
 */
export function ListingPrice({
  product,
  price,
  variant,
}: {
  product: Pick<ProductCardData, "salesPrice" | "vatRate"> & { packRule?: PackRule };
  price: CardPrice | undefined;
  variant: keyof typeof PRICE_STYLES;
}) {
  const basis = usePriceBasis();
  const { listPrice, shownPrice, discounted } = cardPrices(product, price, basis);
  const styles = PRICE_STYLES[variant];
  // a price of a case says so: "£16.79 per case", not a price a buyer could take for one can
  const unit = packUnitName(product.packRule?.packLabel ?? null);
  return (
    <p className={styles.wrapper}>
      <span className={`${styles.price} text-slate-900`} data-testid={`${variant}-price`}>
        {formatMoney(shownPrice)}
      </span>
      {discounted ? (
        <s className={`${styles.listPrice} text-slate-500`} data-testid={`${variant}-list-price`}>
          {formatMoney(listPrice)}
        </s>
      ) : null}
      {unit ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-600" data-testid={`${variant}-price-unit`}>
          per {unit}
        </span>
      ) : null}
      <span className={`${styles.basis} text-xs text-slate-500`} data-testid={`${variant}-price-basis`}>
        {BASIS_LABELS[basis]}
      </span>
    </p>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return (
    <li className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{children}</li>
  );
}

export function StockBadge({ state, stockLevel }: { state: ReturnType<typeof stockState>; stockLevel: number }) {
  if (state === "out-of-stock") {
    return <span className="text-xs font-medium text-red-700">Out of stock</span>;
  }
  if (state === "low-stock") {
    return <span className="text-xs font-medium text-amber-700">Only {stockLevel} left in stock</span>;
  }
  return <span className="text-xs font-medium text-emerald-700">In stock</span>;
}
