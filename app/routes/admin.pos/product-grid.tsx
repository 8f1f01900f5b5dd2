import { Form, Link } from "@remix-run/react";
import { ProductImage } from "~/components/catalog/product-image";
import { PageLinks } from "~/components/ui/page-links";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { NO_PRODUCTS_IN_CATEGORY } from "~/domain/pos/pos.schema";
import { formatMoney } from "~/utils/money";
import { posHref, usePendingQuantity, usePosFetcher, type PosData } from "./pos-screen";

type Product = PosData["catalog"]["products"][number];

/** The search box (a GET form: it keeps the category) and the category tabs with their counts. */
export function CatalogFilters({ data }: { data: PosData }) {
  const { query, catalog } = data;
  return (
    <div className="space-y-3">
      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="pos-search" className="sr-only">
          Search products
        </label>
        <input
          id="pos-search"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Search products by name"
          className={inputClass}
        />
        {catalog.category ? <input type="hidden" name="category" value={catalog.category} /> : null}
        {query.customerSearch ? <input type="hidden" name="customerSearch" value={query.customerSearch} /> : null}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          {catalog.tabs.map((tab) => {
            const current = tab.slug === catalog.category;
            return (
              <li key={tab.slug ?? "all"}>
                <Link
                  to={posHref({ q: query.q, category: tab.slug, customerSearch: query.customerSearch })}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
                    current
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                  }`}
                >
                  {tab.name}
                  <span className={`rounded-full px-1.5 text-xs ${current ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}>
                    {tab.count}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

/** One page of products as cards; paging links when the catalogue is larger. */
export function ProductGrid({ data }: { data: PosData }) {
  const { catalog, query } = data;
  if (catalog.products.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{NO_PRODUCTS_IN_CATEGORY}</p>;
  }
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        Showing {catalog.products.length} of {catalog.total} product{catalog.total === 1 ? "" : "s"}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {catalog.products.map((product, index) => (
          <ProductCard key={product.id} product={product} inBasket={data.inBasket[product.id] ?? 0} eager={index < 4} />
        ))}
      </ul>
      <PageLinks
        page={catalog.page}
        pageCount={catalog.pageCount}
        hrefFor={(page) => posHref({ q: query.q, category: catalog.category, page, customerSearch: query.customerSearch })}
        label="Product pages"
        className="mt-4"
      />
    </div>
  );
}

function ProductCard({ product, inBasket, eager }: { product: Product; inBasket: number; eager: boolean }) {
  const fetcher = usePosFetcher();
  const quantity = usePendingQuantity(product.id, inBasket);
  const outOfStock = product.stockLevel <= 0;
  const allTaken = quantity >= product.stockLevel;
  return (
    <li data-testid="pos-product" className="flex flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      {product.imageUrl ? (
        <ProductImage
          url={product.imageUrl}
          alt=""
          size={160}
          sizes="(min-width: 1280px) 200px, (min-width: 640px) 30vw, 45vw"
          eager={eager}
          className="aspect-square w-full rounded-md bg-slate-100 object-cover"
        />
      ) : (
        <div className="flex aspect-square w-full items-center justify-center rounded-md bg-slate-100 text-sm text-slate-600">
          No image
        </div>
      )}
      <h3 className="mt-2 line-clamp-2 text-sm font-semibold text-slate-900">{product.name}</h3>
      <p className="mt-1 text-base font-bold text-slate-900">{formatMoney(product.priceIncVat)}</p>
      <p className="text-xs text-slate-500">inc. VAT</p>
      <p className={`mt-1 text-xs ${outOfStock ? "font-semibold text-red-700" : "text-slate-600"}`}>
        {outOfStock ? "Out of stock" : `Stock: ${product.stockLevel}`}
        {quantity > 0 ? ` · ${quantity} in sale` : ""}
      </p>
      <fetcher.Form method="post" preventScrollReset className="mt-auto pt-2">
        <input type="hidden" name="intent" value="quantity" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="quantity" value={quantity + 1} />
        <Button
          type="submit"
          className="w-full"
          disabled={outOfStock || allTaken || fetcher.state !== "idle"}
          aria-label={outOfStock ? `${product.name}: out of stock` : `Add ${product.name}`}
        >
          {outOfStock ? "Out of stock" : "Add"}
        </Button>
      </fetcher.Form>
    </li>
  );
}
