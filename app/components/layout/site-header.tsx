import { Link } from "@remix-run/react";
import { LogoutForm } from "./logout-form";
import type { CategorySummary } from "~/domain/catalog/catalog.server";
import type { PriceBasis } from "~/domain/pricing/price-basis";
import { CollectionLinks, useClosingDetails } from "./collections-menu";
import { CompanyMark } from "./company-mark";
import { PriceBasisSwitch } from "./price-basis-switch";

/** `mayOrder` false: a company's viewer, offered no cart, quick order or checkout (a supplier neither). */
export type HeaderUser = { email: string; role: "customer" | "admin" | "supplier"; mayOrder?: boolean } | null;

/** Whether the header offers Quick Order and the cart: to guests and everyone who may order. */
const offersOrdering = (user: HeaderUser) => user?.role !== "supplier" && user?.mayOrder !== false;

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100";
const menuLinkClass = "block rounded px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50";

/**
 * The storefront's header. From 768 px: logo, Collections, Quick Order, the price basis, cart and account
 * links in a row. Narrower: logo, cart and a Menu (a <details>, so it opens without JavaScript) that holds
 * the rest, so the header stays one row on a phone. The desktop's Collections and the phone's Menu are one
 * <details> (HeaderMenu), so the categories are drawn once a page, not twice.
 */
export function SiteHeader({
  user,
  categories,
  cartCount,
  priceBasis,
}: {
  user: HeaderUser;
  categories: CategorySummary[];
  cartCount: number;
  priceBasis: PriceBasis;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 md:flex-wrap">
        <Link to="/" className="mr-2 flex min-w-0 items-center gap-2 text-lg font-bold text-brand-800" data-testid="header-logo">
          <CompanyMark />
        </Link>
        <HeaderMenu user={user} categories={categories} priceBasis={priceBasis} />
        <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center gap-1 md:flex">
          {!offersOrdering(user) ? null : (
            <Link to="/quick-order" className={linkClass}>
              Quick Order
            </Link>
          )}
        </nav>
        <PriceBasisSwitch basis={priceBasis} className="hidden md:flex" />
        <div className="ml-auto flex flex-none items-center gap-1 md:ml-0">
          {!offersOrdering(user) ? null : (
          <Link
            to="/cart"
            data-testid="header-cart"
            className="relative whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            aria-label={cartCount > 0 ? `Cart, ${cartCount} item${cartCount === 1 ? "" : "s"}` : "Cart"}
          >
            Cart
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="ml-1 inline-grid min-w-5 place-items-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          )}
          <div className="hidden items-center gap-1 md:flex">
            <AccountLinks user={user} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** Account and, for an admin, the Back office; or Log In. Log Out is a POST. */
function AccountLinks({ user, inMenu = false }: { user: HeaderUser; inMenu?: boolean }) {
  const itemClass = inMenu ? menuLinkClass : linkClass;
  if (!user) {
    return (
      <Link
        to="/api/login"
        reloadDocument
        className={inMenu ? menuLinkClass : "rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"}
      >
        Log In
      </Link>
    );
  }
  return (
    <>
      {user.role === "supplier" ? (
        <Link to="/supplier" className={itemClass}>
          Supplier area
        </Link>
      ) : (
        <Link to="/account/dashboard" className={itemClass}>
          Account
        </Link>
      )}
      {user.role === "admin" ? (
        <Link to="/admin" className={itemClass}>
          Back office
        </Link>
      ) : null}
      <LogoutForm className={inMenu ? `${menuLinkClass} w-full text-left` : linkClass} />
    </>
  );
}

/**
 * One <details> that is two menus. From 768 px it is the Collections dropdown beside the logo: the categories
 * with their descriptions. Below, it comes last in the row (after the cart) as Menu: the categories by name,
 * then Quick Order, the account links and the price basis, which the wide header shows in its row instead.
 */
function HeaderMenu({
  user,
  categories,
  priceBasis,
}: {
  user: HeaderUser;
  categories: CategorySummary[];
  priceBasis: PriceBasis;
}) {
  const ref = useClosingDetails();
  return (
    // -ml-1 (phone) and -mr-1 (desktop) keep the 4 px it had beside the cart, or beside Quick Order (the row's gap is 8 px)
    <details ref={ref} className="group order-last -ml-1 md:relative md:order-none md:-mr-1 md:ml-0" data-testid="mobile-menu">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 md:border-0 [&::-webkit-details-marker]:hidden">
        <span className="md:hidden">Menu</span>
        <span className="hidden md:inline">Collections</span>
        <span aria-hidden className="text-xs transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg md:inset-x-auto md:left-0 md:top-auto md:mt-1 md:max-h-none md:w-72 md:overflow-visible md:rounded-md md:border md:p-2">
        <nav aria-label="Menu" className="space-y-3">
          <div>
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:hidden">Collections</p>
            <CollectionLinks categories={categories} />
          </div>
          <div className="border-t border-slate-100 pt-2 md:hidden">
            {!offersOrdering(user) ? null : (
              <Link to="/quick-order" className={menuLinkClass}>
                Quick Order
              </Link>
            )}
            <AccountLinks user={user} inMenu />
          </div>
          <PriceBasisSwitch basis={priceBasis} className="border-t border-slate-100 px-3 pt-3 md:hidden" />
        </nav>
      </div>
    </details>
  );
}
