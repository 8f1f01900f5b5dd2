import { useState } from "react";
import { usePriceBasis } from "~/root";
import { parseQuickEntry } from "~/domain/cart/quick-order";
import { checkPackQuantity, packSummary } from "~/domain/catalog/pack-rules";
import { findProduct, packRuleOf, searchPriceList, unitPriceAt, type PriceListProduct } from "~/domain/pricing/price-list";
import { OfflineOrderPanel, OPTIONS_ONLINE_MESSAGE, type OfflineOrderLine } from "~/components/offline/offline-order-panel";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { inputClass } from "~/components/ui/field";
import { offlineBarText } from "~/service-worker/offline-rules";
import { formatMoney, withVat } from "~/utils/money";
import { usePriceList, type LoadedPriceList } from "~/utils/offline-price-list";

/**
 * Offline, on the quick-order pad (docs/decisions/0077): each line typed is checked against the buyer's price list
 * kept on the device, and the list can be searched. Shown only with JavaScript and only offline; online (and
 * without JavaScript) the pad is exactly as before and the server checks every line.
 */
export function OfflinePriceCheck({ text, offline }: { text: string; offline: boolean }) {
  const list = usePriceList(offline);
  if (!offline || list === null) return null;
  return (
    <section aria-label="Your price list offline" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      {list === "loading" ? <p className="text-sm text-slate-700">Reading your price list…</p> : null}
      {list === "missing" ? (
        <p className="text-sm text-amber-950">
          You are offline and this device has no copy of your price list yet: it is kept once you have opened a page
          while signed in and online.
        </p>
      ) : null}
      {typeof list === "object" ? <PriceListTools list={list} text={text} /> : null}
    </section>
  );
}

function PriceListTools({ list, text }: { list: LoadedPriceList; text: string }) {
  const basis = usePriceBasis();
  const [query, setQuery] = useState("");
  const parsed = parseQuickEntry(text);
  const found = searchPriceList(list.products, query, 10);
  const price = (product: PriceListProduct) => formatMoney(basis === "inc" ? product.incVat : product.exVat);
  // each line as the server will see it: its product, the price for the product's units in this order, its pack rule
  const units = new Map<number, number>();
  const checked = parsed.lines.map((line) => {
    const product = findProduct(list.products, line.sku);
    if (product) units.set(product.id, (units.get(product.id) ?? 0) + line.quantity);
    return { line, product };
  });
  const rows = checked.map(({ line, product }) => {
    if (!product) return { line, product, text: `Line ${line.lineNumber}: "${line.sku}" is not in your price list`, problem: true };
    const unit = unitPriceAt(product, units.get(product.id)!);
    const shown = formatMoney(basis === "inc" ? withVat(unit, product.vatRate) : unit);
    const pack = checkPackQuantity(packRuleOf(product), line.quantity, product.name);
    const summary = packSummary(packRuleOf(product), unit);
    const text =
      `Line ${line.lineNumber}: ${product.sku || line.sku} — ${product.name}, ${line.quantity} × ${shown} ${BASIS_LABELS[basis]}` +
      (summary ? ` (${summary})` : "") +
      (product.stock < line.quantity ? ` (${product.stock} in stock when last seen)` : "") +
      (pack.ok ? "" : `. ${pack.message}`);
    return { line, product, text, problem: !pack.ok };
  });
  const orderLines: OfflineOrderLine[] = rows.flatMap(({ line, product }) => (product ? [{ product, quantity: line.quantity }] : []));
  const blocked =
    parsed.errors.length > 0 || rows.some((row) => row.problem)
      ? "Correct the lines above to place this order."
      : parsed.lines.some((line) => (line.options?.length ?? 0) > 0 || (line.columns?.length ?? 0) > 0)
        ? OPTIONS_ONLINE_MESSAGE
        : null;
  return (
    <>
      <p className="text-sm font-medium text-amber-950">
        {offlineBarText(list.asOf, new Date())} — checked against your price list on this device ({list.products.length.toLocaleString("en-GB")}{" "}
        products). Prices are {BASIS_LABELS[basis]}; the server checks them again when the order is sent.
      </p>
      {parsed.lines.length > 0 || parsed.errors.length > 0 ? (
        <ul aria-label="Lines checked offline" className="space-y-1 text-sm">
          {rows.map(({ line, text, problem }) => (
            <li key={line.lineNumber} className={problem ? "text-red-700" : "text-slate-800"}>
              {text}
            </li>
          ))}
          {parsed.errors.map((error) => (
            <li key={error.lineNumber} className="text-red-700">
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {orderLines.length > 0 ? <OfflineOrderPanel lines={orderLines} delivery={list.delivery} blocked={blocked} /> : null}
      <div className="space-y-1">
        <label htmlFor="offline-price-search" className="block text-sm font-medium text-slate-800">
          Search your price list
        </label>
        <input
          id="offline-price-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name, SKU or category"
          className={inputClass}
          autoComplete="off"
        />
      </div>
      {query.trim() ? (
        found.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products in your price list matching “{query}”</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">SKU</th>
                <th scope="col" className="py-1 pr-3 font-medium">Product</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Price ({BASIS_LABELS[basis]})</th>
                <th scope="col" className="py-1 text-right font-medium">Stock when last seen</th>
              </tr>
            </thead>
            <tbody>
              {found.map((product) => (
                <tr key={product.id} className="border-t border-amber-200">
                  <td className="py-1 pr-3 font-mono">{product.sku}</td>
                  <td className="py-1 pr-3">{product.name}</td>
                  <td className="py-1 pr-3 text-right">{price(product)}</td>
                  <td className="py-1 text-right">{product.stock.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-700">No product in your price list matches “{query}”.</p>
        )
      ) : null}
    </>
  );
}
