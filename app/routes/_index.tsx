import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useRootData } from "~/root";

export const meta: MetaFunction = () => [{ title: "INFY Wholesale · Trade-only wholesale supplies" }];

export default function Home() {
  const data = useRootData();
  const categories = data?.categories ?? [];
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
            <Link to="/quick-order" className="rounded-md bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50">
              Quick Order by SKU
            </Link>
            {data?.user ? null : (
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

      <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="collections-heading">
        <h2 id="collections-heading" className="text-2xl font-bold text-slate-900">
          Browse Collections
        </h2>
        {categories.length === 0 ? (
          <p className="mt-4 text-slate-600">No products available yet.</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/category/${category.slug}`}
                  className="block h-full rounded-lg border border-slate-200 bg-white p-5 hover:border-brand-600 hover:shadow-sm"
                >
                  <h3 className="font-semibold text-slate-900">{category.name}</h3>
                  {category.description ? (
                    <p className="mt-1 text-sm text-slate-600">{category.description}</p>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
