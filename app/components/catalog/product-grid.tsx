import type { CardPrice, ProductCardData } from "~/domain/catalog/catalog.schema";
import { ProductCard } from "./product-card";

export type ProductGridItem = { product: ProductCardData; price: CardPrice };

/** A responsive grid of product cards. */
export function ProductGrid({ items, label }: { items: readonly ProductGridItem[]; label?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={label}>
      {items.map(({ product, price }) => (
        <li key={product.id}>
          <ProductCard product={product} price={price} />
        </li>
      ))}
    </ul>
  );
}
