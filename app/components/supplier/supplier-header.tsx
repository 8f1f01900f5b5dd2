import { Link } from "@remix-run/react";
import { LogoutForm } from "~/components/layout/logout-form";
import { CompanyMark } from "~/components/layout/company-mark";

/**
 * The supplier area's header, in the storefront's style: the brand, whose area this is (their business
 * name) and Log Out. One row from 390 px up: the business name truncates before anything wraps.
 */
export function SupplierHeader({ businessName }: { businessName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
        <Link to="/supplier" className="flex min-w-0 flex-none items-center gap-2 text-lg font-bold text-brand-800">
          <CompanyMark nameClassName="sr-only sm:not-sr-only" />
        </Link>
        <p className="min-w-0 flex-1 truncate text-sm text-slate-700" data-testid="supplier-name">
          <span className="text-slate-500">Supplier: </span>
          <strong className="font-semibold text-slate-900">{businessName}</strong>
        </p>
        <LogoutForm className="flex-none rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100" />
      </div>
    </header>
  );
}

/** The supplier area's footer: who to contact about an order or a payment. */
export function SupplierFooter({ contactEmail }: { contactEmail: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <p className="mx-auto max-w-5xl px-4 py-6 text-sm text-slate-600">
        Questions about an order or a payment: <a href={`mailto:${contactEmail}`} className="font-medium text-brand-700 underline hover:text-brand-800">{contactEmail}</a>.
      </p>
    </footer>
  );
}
