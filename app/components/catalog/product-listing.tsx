import { Link, useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { ADD_SELECTED_PATH, ADD_SELECTED_RESULT_PARAM } from "~/domain/cart/add-selected";
import type { ListingView } from "~/domain/catalog/listing-view";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { useMayOrder } from "~/root";
import { ProductGrid, type ProductGridItem } from "./product-grid";
import { ProductList, type ListResult } from "./product-list";

/** The last "Add selected" as the listing shows it: its lines in words, and what the rows get back. */
export type ListingResult = ListResult & { added: string[]; refused: string[] };

/** The listing's URL without the last result's id: where the next post comes back to. */
function pathWithoutResult(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete(ADD_SELECTED_RESULT_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Around a page's listings: in list view, the one "Add selected to cart" form that every row's quantity
 * box belongs to, with what the last post added and refused at its top and the button at the bottom of the
 * screen while the list scrolls. A plain form post without JavaScript (the server answers with a redirect
 * back here); with JavaScript it posts in the background and the page takes the answer without a reload,
 * and a lost reply leaves every quantity as typed. In grid view the listings are shown as they are.
 */
export function ListingForm({
  view,
  pageKey,
  result,
  children,
}: {
  view: ListingView;
  pageKey: string;
  result: ListingResult | null;
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: "add-selected" });
  const location = useLocation();
  const mayOrder = useMayOrder();
  // a company's viewer gets the rows (prices, stock) without the form that adds them
  if (view !== "list" || !mayOrder) return <>{children}</>;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={ADD_SELECTED_PATH} noValidate preventScrollReset aria-label="Add selected to cart">
      <ConnectionLostNotice data={fetcher.data} />
      <input type="hidden" name="redirectTo" value={pathWithoutResult(location.pathname, location.search)} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={pageKey} />
      {result && (result.added.length > 0 || result.refused.length > 0) ? <ResultPanel result={result} /> : null}
      {children}
      <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-1 py-3 backdrop-blur">
        <p className="hidden text-sm text-slate-600 sm:block">Type quantities, then add every line at once.</p>
        <Button type="submit" disabled={busy} aria-live="polite">
          {busy ? "Adding..." : "Add selected to cart"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function ResultPanel({ result }: { result: ListingResult }) {
  return (
    <section aria-label="Last added" role="status" className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="add-selected-result">
      {result.added.length > 0 ? (
        <div>
          <p className="font-semibold text-emerald-800">
            Added to your cart:{" "}
            <Link to="/cart" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              View cart
            </Link>
          </p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {result.added.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.refused.length > 0 ? (
        <div>
          <p className="font-semibold text-red-700">Not added (your quantities are kept below):</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700" data-testid="add-selected-refused">
            {result.refused.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** One listing, as cards or as rows: the rows are numbered from `startIndex` within the page's form. */
export function ProductListing({
  view,
  items,
  label,
  addToCartKey,
  result,
  startIndex = 0,
  eagerFirstRow = true,
}: {
  view: ListingView;
  items: readonly ProductGridItem[];
  label: string;
  addToCartKey: string;
  result: ListingResult | null;
  startIndex?: number;
  eagerFirstRow?: boolean;
}) {
  if (view === "list") {
    return <ProductList items={items} label={label} startIndex={startIndex} result={result} eager={eagerFirstRow} />;
  }
  return <ProductGrid items={items} label={label} addToCartKey={addToCartKey} eagerFirstRow={eagerFirstRow} />;
}
