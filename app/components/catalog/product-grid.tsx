import type { CardPrice, ProductCardData } from "~/domain/catalog/catalog.schema";
import { ProductCard } from "./product-card";

export type ProductGridItem = { product: ProductCardData; price: CardPrice; hasVariants?: boolean };

/** The most cards in a row (four on wide screens): these load their pictures at once. */
const FIRST_ROW = 4;

/**
 * A responsive grid of product cards. With `addToCartKey` (the page's server-issued idempotency key) each
 * card offers quantity and Add to Cart.
 */
export function ProductGrid({
  items,
  label,
  addToCartKey,
  eagerFirstRow = true,
}: {
  items: readonly ProductGridItem[];
  label?: string;
  addToCartKey?: string;
  /** false for a grid further down the page: all its pictures load lazily */
  eagerFirstRow?: boolean;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={label}>
      {items.map(({ product, price, hasVariants }, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            price={price}
            eager={eagerFirstRow && index < FIRST_ROW}
            buying={addToCartKey ? { pageKey: addToCartKey, hasVariants: hasVariants ?? false } : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
