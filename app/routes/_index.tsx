import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { homePageTitle } from "~/utils/company-brand";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CatalogueSetupNotice } from "~/components/catalog/catalogue-setup-notice";
import { useInAppLinks } from "~/components/ui/in-app-links";
import { FilterBar } from "~/components/catalog/filter-bar";
import { ListingViewToggle } from "~/components/catalog/listing-view-toggle";
import { ListingForm, ProductListing } from "~/components/catalog/product-listing";
import { Pagination } from "~/components/catalog/pagination";
import { HOME_SECTIONS_PER_PAGE } from "~/domain/catalog/catalog-pages";
import { loadHomePage } from "~/domain/catalog/catalog-pages.server";
import { catalogHref, filterMatchText, hasActiveFilters, productCount } from "~/domain/catalog/catalog.schema";
import { useRootData } from "~/root";
import { getOptionalUser, SUPPLIER_HOME } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { priceBasisOf } from "~/utils/price-basis.server";
import { readAddSelectedResult } from "~/utils/add-selected-result.server";
import { listingViewOf } from "~/utils/listing-view.server";

export const meta: MetaFunction = ({ matches }) => [{ title: homePageTitle(matches) }];

/**
 * Public: the categories with their first products; an approved customer sees their own prices. One
 * idempotency key per page view serves every card's Add to Cart (each card adds its product id).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, basis, view, result] = await Promise.all([
    getOptionalUser(request),
    priceBasisOf(request),
    listingViewOf(request),
    readAddSelectedResult(request),
  ]);
  // a supplier's home is the supplier area (their purchase orders and invoices)
  if (user?.role === "supplier") throw redirect(SUPPLIER_HOME);
  const page = loadHomePage(getDb(), user, new URL(request.url).searchParams, basis);
  return json({ ...page, addToCartKey: issueIdempotencyKey(), view, result });
}

export default function Home() {
  const { filters, facets, sections, hasCategories, page, pageCount, sectionCount, matchCount, addToCartKey, view, result } =
    useLoaderData<typeof loader>();
  const root = useRootData();
  const categories = root?.categories ?? [];
  const navigation = useNavigation();
  const followLink = useInAppLinks();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const active = hasActiveFilters(filters);
  const inView = new Set(sections.map((section) => section.category.id));
  // in list view every section's rows belong to one "Add selected" form, numbered across the sections
  const startIndexes = sections.map((_, index) => sections.slice(0, index).reduce((sum, section) => sum + section.items.length, 0));

  return (
    <div>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">Trade only</p>
          <h1 className="mt-2 max-w-2xl text-4xl font-bold">Wholesale supplies for UK businesses</h1>
          <p className="mt-4 max-w-2xl text-brand-100">
            Protected trade pricing, bulk-order discounts and next-day dispatch for approved business accounts.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {root?.user && !root.user.mayOrder ? null : (
              <Link to="/quick-order" className="rounded-md bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50">
                Quick Order by SKU
              </Link>
            )}
            {root?.user ? null : (
              <Link
                to="/login?tab=signup"
                className="rounded-md border border-white/60 px-4 py-2 font-semibold text-white hover:bg-white/10"
              >
                Apply for a trade account
              </Link>
            )}
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10">
        {root?.catalogueEmpty ? (
          <CatalogueSetupNotice />
        ) : !hasCategories || categories.length === 0 ? (
          <p className="text-slate-600">No products available yet.</p>
        ) : (
          <>
            <nav aria-labelledby="collections-heading">
              <h2 id="collections-heading" className="text-2xl font-bold text-slate-900">
                Browse Collections
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {categories.map((category) => (
                  <li key={category.id}>
                    {/* a category the filters leave empty, or whose section is on another page, goes to its own page */}
                    <a
                      href={inView.has(category.id) ? `#${category.slug}` : catalogHref(`/category/${category.slug}`, filters)}
                      className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700"
                    >
                      {category.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>

            <div className="mt-8">
              <FilterBar filters={filters} facets={facets} />
            </div>
            <ListingViewToggle view={view} className="mt-4 justify-end" />

            {/* each section's heading and "View all" are plain links this block follows in the app (two router Links a
                section cost 6 ms of rendering with 48 categories) */}
            <div onClick={followLink} className={`mt-8 space-y-12 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
              {sections.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
                  No products match your filters.
                </p>
              ) : (
                <ListingForm view={view} pageKey={addToCartKey} result={result}>
                  <div className="space-y-12">
                    {sections.map(({ category, total, items }, sectionIndex, all) => {
                      const categoryHref = catalogHref(`/category/${category.slug}`, filters);
                      return (
                        <section key={category.id} id={category.slug} aria-labelledby={`section-${category.id}`} className="scroll-mt-24">
                          <div className="flex flex-wrap items-baseline justify-between gap-2">
                            <h2 id={`section-${category.id}`} className="text-xl font-bold text-slate-900">
                              <a href={categoryHref} data-in-app className="hover:text-brand-700">
                                {category.name}
                              </a>
                            </h2>
                            {total > items.length ? (
                              <a href={categoryHref} data-in-app className="text-sm font-semibold text-brand-700 hover:underline">
                                View all {productCount(total)}
                              </a>
                            ) : null}
                          </div>
                          {category.description ? (
                            <p className="mt-1 max-w-3xl text-sm text-slate-600">{category.description}</p>
                          ) : null}
                          <div className="mt-4">
                            {items.length === 0 ? (
                              <p className="text-sm text-slate-600">No products available in this category yet.</p>
                            ) : (
                              <ProductListing
                                view={view}
                                items={items}
                                label={`${category.name} products`}
                                addToCartKey={addToCartKey}
                                result={result}
                                startIndex={startIndexes[sectionIndex]}
                                // the first listing on the page, whichever section holds it, loads its pictures at once
                                eagerFirstRow={sectionIndex === all.findIndex((section) => section.items.length > 0)}
                              />
                            )}
                          </div>
                        </section>
                      );
                    })}
                  </div>
                </ListingForm>
              )}
              {pageCount > 1 ? (
                <div>
                  <p className="text-sm text-slate-600">
                    Categories {(page - 1) * HOME_SECTIONS_PER_PAGE + 1}–{(page - 1) * HOME_SECTIONS_PER_PAGE + sections.length} of {sectionCount}
                  </p>
                  <Pagination path="/" filters={filters} page={page} pageCount={pageCount} />
                </div>
              ) : null}
              {active && sections.length > 0 ? <p className="text-sm text-slate-600">{filterMatchText(matchCount)}</p> : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** After a lost reply (Log Out in the header posts in the background) the page keeps its data. */
export { shouldRevalidate } from "~/utils/connection";
