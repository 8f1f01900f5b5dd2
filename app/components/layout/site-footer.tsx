import { Link, useRouteLoaderData } from "@remix-run/react";
import { parsePriceBasis, type PriceBasis } from "~/domain/pricing/price-basis";
import { useCompanyBrand } from "~/utils/company-brand";

/** What the footer says about the prices, on the basis the buyer chose. */
export const FOOTER_BASIS_NOTE: Record<PriceBasis, string> = {
  inc: "Prices shown include VAT at the applicable UK rate.",
  ex: "Prices shown exclude VAT; VAT at the applicable UK rate is added at checkout.",
};

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { name, shortName } = useCompanyBrand();
  // the header's "Prices: inc VAT | ex VAT" choice, which the root loader reads from its cookie
  const basis = parsePriceBasis(useRouteLoaderData<{ priceBasis?: PriceBasis }>("root")?.priceBasis);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section>
          <h2 className="text-sm font-semibold text-slate-900">About</h2>
          <p className="mt-2 text-sm text-slate-600">
            {shortName} supplies approved UK businesses at trade prices. Wholesale accounts only: contact our sales
            team to register your business.
          </p>
        </section>
        <section>
          <h2 className="text-sm font-semibold text-slate-900">Customer</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/account/orders" className="text-slate-600 hover:text-brand-700">
                Order History
              </Link>
            </li>
            <li>
              <Link to="/account/templates" className="text-slate-600 hover:text-brand-700">
                Order Templates
              </Link>
            </li>
            <li>
              <Link to="/request-product" className="text-slate-600 hover:text-brand-700">
                Request a Product
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="text-sm font-semibold text-slate-900">Legal</h2>
          <p className="mt-2 text-sm text-slate-600">
            © {year} {name}. All rights reserved.{" "}
            <span data-testid="footer-price-basis">{FOOTER_BASIS_NOTE[basis]}</span>
          </p>
        </section>
      </div>
    </footer>
  );
}
