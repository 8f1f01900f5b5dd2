import { Link } from "@remix-run/react";
import { useRootData } from "~/root";

/**
 * What the storefront says while the shop has no products yet (a new install): an honest word to buyers
 * instead of empty shelves, and to a signed-in admin the way to fill them. Null once there is a product.
 */
export function CatalogueSetupNotice() {
  const root = useRootData();
  if (!root?.catalogueEmpty) return null;
  const admin = root.user?.role === "admin";
  return (
    <section
      data-testid="catalogue-setup"
      aria-labelledby="catalogue-setup-heading"
      className="rounded-lg border border-slate-200 bg-white p-6 text-center sm:p-10"
    >
      <h2 id="catalogue-setup-heading" className="text-xl font-bold text-slate-900">
        The catalogue is being set up
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">
        {root.company.shortName} is adding its products. Please come back soon, or contact our sales team about what
        you need.
      </p>
      {admin ? (
        <p className="mt-4 flex flex-wrap justify-center gap-3 text-sm">
          <Link to="/admin/products?dialog=new" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Add products in the back office
          </Link>
          <Link
            to="/admin/products?dialog=import"
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Import a product CSV
          </Link>
        </p>
      ) : null}
    </section>
  );
}
