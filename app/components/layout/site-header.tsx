import { Link } from "@remix-run/react";
import { LogoutForm } from "./logout-form";
import type { CategorySummary } from "~/domain/catalog/catalog.server";
import { CollectionsMenu } from "./collections-menu";

export type HeaderUser = { email: string; role: "customer" | "admin" | "supplier" } | null;

export const BRAND_NAME = "INFY Wholesale";

export function SiteHeader({
  user,
  categories,
  cartCount,
}: {
  user: HeaderUser;
  categories: CategorySummary[];
  cartCount: number;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3">
        <Link to="/" className="mr-2 flex items-center gap-2 text-lg font-bold text-brand-800">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded bg-brand-700 text-sm text-white">
            IW
          </span>
          {BRAND_NAME}
        </Link>
        <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-1">
          <CollectionsMenu categories={categories} />
          <Link to="/quick-order" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
            Quick Order
          </Link>
        </nav>
        <div className="flex items-center gap-1">
          <Link
            to="/cart"
            className="relative rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
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
          {user ? (
            <>
              <Link
                to="/account/dashboard"
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                Account
              </Link>
              {user.role === "admin" ? (
                <Link to="/admin" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
                  Admin
                </Link>
              ) : null}
              <LogoutForm className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100" />
            </>
          ) : (
            <Link
              to="/api/login"
              reloadDocument
              className="rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
            >
              Log In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
