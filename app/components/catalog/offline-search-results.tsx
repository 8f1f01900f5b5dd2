import { Link } from "@remix-run/react";
import { searchPriceList } from "~/domain/pricing/price-list";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { usePriceBasis } from "~/root";
import { offlineBarText } from "~/service-worker/offline-rules";
import { formatMoney } from "~/utils/money";
import { usePriceList } from "~/utils/offline-price-list";

/**
 * Offline, the catalogue's search box answers from the buyer's price list on the device (docs/decisions/0077):
 * matches by name, SKU or category, each a link to its product (a page opened before opens from its copy).
 * Only with JavaScript and only offline; online the search is the server's, as before.
 */
export function OfflineSearchResults({ query, offline }: { query: string; offline: boolean }) {
  const list = usePriceList(offline && query.trim() !== "");
  const basis = usePriceBasis();
  if (!offline || !query.trim() || list === null || list === "loading") return null;
  if (list === "missing") {
    return <p className="mt-3 text-sm text-amber-950">You are offline and this device has no copy of your price list to search.</p>;
  }
  const found = searchPriceList(list.products, query, 20);
  return (
    <section aria-label="Search results offline" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-950">
        {offlineBarText(list.asOf, new Date())} — {found.length === 0 ? `no product in your price list matches “${query.trim()}”.` : `searched your price list on this device (prices ${BASIS_LABELS[basis]}).`}
      </p>
      {found.length > 0 ? (
        <ul className="mt-2 divide-y divide-amber-200 text-sm">
          {found.map((product) => (
            <li key={product.id} className="flex items-baseline justify-between gap-4 py-1">
              <Link to={`/products/${product.slug}`} className="font-medium text-brand-700 hover:underline">
                {product.name}
              </Link>
              <span className="whitespace-nowrap text-slate-700">
                {product.sku ? <span className="mr-3 font-mono">{product.sku}</span> : null}
                {formatMoney(basis === "inc" ? product.incVat : product.exVat)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
