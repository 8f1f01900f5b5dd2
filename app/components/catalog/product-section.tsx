import type { CardPrice, ProductCardData } from "~/domain/catalog/catalog.schema";
import { ProductCard } from "./product-card";

/** A titled row of product cards (related products); nothing at all when there are none. */
export function ProductSection({
  title,
  items,
  id,
}: {
  title: string;
  items: readonly { product: ProductCardData; price: CardPrice }[];
  id: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.product.id}>
            <ProductCard product={item.product} price={item.price} />
          </li>
        ))}
      </ul>
    </section>
  );
}
