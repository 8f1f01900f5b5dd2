import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CatalogueSetupNotice } from "~/components/catalog/catalogue-setup-notice";
import { FilterBar } from "~/components/catalog/filter-bar";
import { Pagination } from "~/components/catalog/pagination";
import { ListingViewToggle } from "~/components/catalog/listing-view-toggle";
import { ListingForm, ProductListing } from "~/components/catalog/product-listing";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { loadCategoryPage } from "~/domain/catalog/catalog-pages.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { priceBasisOf } from "~/utils/price-basis.server";
import { readAddSelectedResult } from "~/utils/add-selected-result.server";
import { listingViewOf } from "~/utils/listing-view.server";
import { useRootData } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? data.category.name : "Category Not Found") },
  ...(data?.category.description ? [{ name: "description", content: data.category.description }] : []),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [user, basis, view, result] = await Promise.all([
    getOptionalUser(request),
    priceBasisOf(request),
    listingViewOf(request),
    readAddSelectedResult(request),
  ]);
  const outcome = loadCategoryPage(getDb(), user, {
    slug: params.slug ?? "",
    path: url.pathname,
    params: url.searchParams,
    basis,
  });
  if (outcome.kind === "not-found") throw new Response("Category Not Found", { status: 404, statusText: "Not Found" });
  if (outcome.kind === "redirect") throw redirect(outcome.to);
  // one key per page view; each card's Add to Cart adds its product id to it (the list view's form uses it whole)
  return json({ ...outcome.page, addToCartKey: issueIdempotencyKey(), view, result });
}

export default function CategoryPage() {
  const { category, otherCategories, filters, facets, items, total, page, pageCount, categoryIsEmpty, addToCartKey, view, result } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const root = useRootData();
  const path = `/category/${category.slug}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === path;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <span aria-current="page" className="font-medium text-slate-900">
              {category.name}
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-4">
        <h1 className="text-3xl font-bold text-slate-900">{category.name}</h1>
        {category.description ? <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p> : null}
      </header>

      {otherCategories.length > 0 ? (
        <nav aria-label="Other categories" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {otherCategories.map((other) => (
              <li key={other.id}>
                <Link
                  to={`/category/${other.slug}`}
                  className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700"
                >
                  {other.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="mt-6">
        <FilterBar filters={filters} facets={facets} />
      </div>

      <div className={`mt-6 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        {root?.catalogueEmpty ? (
          <CatalogueSetupNotice />
        ) : total === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {categoryIsEmpty ? "No products available in this category yet." : "No products match your filters."}
          </p>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600" role="status">
                Showing {items.length} of {total} {total === 1 ? "product" : "products"}
              </p>
              <ListingViewToggle view={view} />
            </div>
            <ListingForm view={view} pageKey={addToCartKey} result={result}>
              <ProductListing view={view} items={items} label={`${category.name} products`} addToCartKey={addToCartKey} result={result} />
            </ListingForm>
            <Pagination path={path} filters={filters} page={page} pageCount={pageCount} />
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Something went wrong"
      message="The products could not be loaded. Please try again in a moment."
      notFound={{ title: "Category Not Found", message: "We could not find that category. It may have been renamed or removed." }}
      links={[{ to: "/", label: "Back to the homepage" }]}
      showStatus={false}
    />
  );
}

/** After a lost reply (Log Out in the header posts in the background) the page keeps its data. */
export { shouldRevalidate } from "~/utils/connection";
