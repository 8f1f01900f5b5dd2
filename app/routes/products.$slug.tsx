import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { NoPicture } from "~/components/catalog/no-picture";
import { ProductImage } from "~/components/catalog/product-image";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductPurchasePanel } from "~/components/catalog/product-purchase-panel";
import { ProductSection } from "~/components/catalog/product-section";
import { SkuLabel } from "~/components/catalog/sku-label";
import { loadProductPage } from "~/domain/catalog/product-detail.server";
import { useRootData } from "~/root";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { RouteErrorPage } from "~/components/layout/route-error-page";

const PRODUCT_NOT_FOUND_TITLE = "Product Not Found";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, PRODUCT_NOT_FOUND_TITLE) }];
  const { product } = data;
  return [
    { title: pageTitle(matches, product.name) },
    ...(product.description ? [{ name: "description", content: product.description }] : []),
  ];
};

// prices are personal: never let a shared cache hand one buyer's page to another
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Public: everyone sees the product; an approved customer sees their own prices. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const page = loadProductPage(getDb(), user, params.slug ?? "");
  if (!page) throw json({ message: PRODUCT_NOT_FOUND_TITLE }, { status: 404 });
  // a fresh key per page view makes the add-to-cart form's post repeat-safe
  return json({ ...page, addToCartKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

/** A lost add-to-cart reply keeps the page (and its key) as it is. */
export { shouldRevalidate } from "~/utils/connection";

export default function ProductPage() {
  const { product, pricing, frequentlyBoughtTogether, moreFromCategory, addToCartKey } = useLoaderData<typeof loader>();
  const categories = useRootData()?.categories ?? [];
  const path = `/products/${product.slug}`;
  const loginHref = `/login?${new URLSearchParams({ redirectTo: path })}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          {product.category ? (
            <>
              <li aria-hidden>/</li>
              <li>
                <Link to={`/category/${product.category.slug}`} className="hover:text-brand-700 hover:underline">
                  {product.category.name}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden>/</li>
          <li aria-current="page" className="font-medium text-slate-900">
            {product.name}
          </li>
        </ol>
      </nav>

      {/* without a picture the details take the page, with a small "no picture" box by the name */}
      <div className={`mt-6 grid gap-8 ${product.imageUrl ? "md:grid-cols-2" : ""}`}>
        {product.imageUrl ? (
          <div className="aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
            <ProductImage
              url={product.imageUrl}
              alt={product.name}
              size={640}
              sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
              eager
              className="h-full w-full object-cover"
            />
          </div>
        ) : null}
        <div className={product.imageUrl ? "" : "max-w-3xl"}>
          <div className="flex items-start gap-4">
            {product.imageUrl ? null : <NoPicture size={72} />}
            <div className="min-w-0">
              <h1 className="text-3xl font-bold text-slate-900">{product.name}</h1>
              <SkuLabel sku={product.sku} className="mt-1" />
            </div>
          </div>
          {product.description ? <p className="mt-3 text-slate-700">{product.description}</p> : null}
          <div className="mt-6">
            <ProductPurchasePanel product={product} pricing={pricing} loginHref={loginHref} idempotencyKey={addToCartKey} />
          </div>
        </div>
      </div>

      <ProductSection id="frequently-bought-heading" title="Frequently Bought Together" items={frequentlyBoughtTogether} />
      {product.category ? (
        <ProductSection
          id="more-from-category-heading"
          title={`More from ${product.category.name}`}
          items={moreFromCategory}
        />
      ) : null}

      {categories.length > 0 ? (
        <nav aria-labelledby="categories-heading" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
            Categories
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/category/${category.slug}`}
                  aria-current={category.id === product.categoryId ? "page" : undefined}
                  className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Something went wrong"
      message="This product could not be shown. Please try again in a moment."
      notFound={{ title: PRODUCT_NOT_FOUND_TITLE, message: "This product does not exist or is no longer available." }}
      links={[{ to: "/", label: "Back to the homepage" }]}
      showStatus={false}
    />
  );
}
