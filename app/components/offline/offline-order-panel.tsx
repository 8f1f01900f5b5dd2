import { useState } from "react";
import { Link } from "@remix-run/react";
import { usePriceBasis } from "~/root";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { unitPriceAt, type PriceListDelivery, type PriceListProduct } from "~/domain/pricing/price-list";
import { inputClass } from "~/components/ui/field";
import { askBackgroundSync, queueOrder } from "~/service-worker/order-queue";
import { makeQueuedOrder, WAITING_PAGE_PATH, type QueuedLine } from "~/service-worker/order-queue-rules";
import { PO_REFERENCE_MAX_LENGTH } from "~/domain/orders/order.schema";
import { askAccountKey } from "~/utils/order-queue-client";
import { formatMoney, withVat } from "~/utils/money";

/** Options are priced and checked online only: the price list on the device has none. */
export const OPTIONS_ONLINE_MESSAGE = "Products with options are ordered online: remove those lines or wait for a connection.";

export type OfflineOrderLine = { product: PriceListProduct; quantity: number };

/** The lines as queued: each at the price the server will charge for the product's units in this order. */
export function queuedLines(lines: readonly OfflineOrderLine[]): QueuedLine[] {
  const units = new Map<number, number>();
  for (const { product, quantity } of lines) units.set(product.id, (units.get(product.id) ?? 0) + quantity);
  return lines.map(({ product, quantity }) => {
    const unitPrice = unitPriceAt(product, units.get(product.id)!);
    return {
      productId: product.id,
      sku: product.sku,
      name: product.name,
      quantity,
      unitPrice,
      unitPriceIncVat: withVat(unitPrice, product.vatRate),
      vatRate: product.vatRate,
    };
  });
}

/**
 * Offline, Place Order keeps the order on this device (docs/decisions/0078): with a key made here, its body
 * frozen and the prices shown, to be sent when the connection returns. Shown only with JavaScript and offline.
 */
export function OfflineOrderPanel({
  lines,
  delivery,
  blocked,
  onQueued,
}: {
  lines: readonly OfflineOrderLine[];
  delivery: PriceListDelivery | null;
  /** why the order cannot be kept yet (a line not found, a pack rule), or null */
  blocked: string | null;
  onQueued?: () => void;
}) {
  const basis = usePriceBasis();
  const [poReference, setPoReference] = useState("");
  const [state, setState] = useState<"idle" | "saving" | "queued" | "failed">("idle");
  const priced = queuedLines(lines);
  const goodsEx = priced.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const goodsInc = priced.reduce((sum, line) => sum + withVat(line.quantity * line.unitPrice, line.vatRate), 0);

  async function place() {
    if (!delivery || blocked || priced.length === 0) return;
    setState("saving");
    try {
      const key = await askAccountKey();
      if (!key) throw new Error("no account");
      const order = makeQueuedOrder({ key: crypto.randomUUID(), now: new Date(), lines: priced, delivery, poReference: poReference.trim() || null });
      await queueOrder(key, order);
      await askBackgroundSync(await navigator.serviceWorker?.getRegistration());
      setState("queued");
      onQueued?.();
    } catch {
      setState("failed");
    }
  }

  if (state === "queued") {
    return (
      <div role="status" data-testid="order-queued" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950">
        <p className="font-semibold">Order kept on this device: waiting to send.</p>
        <p className="mt-1">
          It is sent by itself when this device is back online, and priced again then: if a price or the stock has changed, it
          waits for you to confirm.{" "}
          <Link to={WAITING_PAGE_PATH} reloadDocument className="font-medium text-brand-700 underline">
            See orders waiting to send
          </Link>
        </p>
      </div>
    );
  }

  return (
    <section aria-label="Place this order offline" className="space-y-2 border-t border-amber-200 pt-3">
      <h3 className="text-sm font-semibold text-amber-950">Place this order offline</h3>
      {lines.length > 0 ? (
        <p className="text-sm text-slate-800">
          Goods {formatMoney(basis === "inc" ? goodsInc : goodsEx)} {BASIS_LABELS[basis]} ({formatMoney(goodsEx)} ex VAT,{" "}
          {formatMoney(goodsInc)} inc VAT); delivery is added when the order is sent.
        </p>
      ) : null}
      {delivery ? (
        <p className="text-sm text-slate-700">
          Deliver to {delivery.shippingName}, {delivery.shippingAddress}, {delivery.shippingCity} {delivery.shippingPostcode} (as at your
          last order). To deliver elsewhere, place it at checkout once you are online.
        </p>
      ) : (
        <p className="text-sm text-amber-950">This device has no delivery details for you yet: place this order at checkout once you are online.</p>
      )}
      <div className="space-y-1">
        <label htmlFor="offline-po-reference" className="block text-sm font-medium text-slate-800">
          Your PO reference (optional)
        </label>
        <input
          id="offline-po-reference"
          value={poReference}
          maxLength={PO_REFERENCE_MAX_LENGTH}
          onChange={(event) => setPoReference(event.target.value)}
          className={inputClass}
          autoComplete="off"
        />
      </div>
      {blocked ? <p className="text-sm text-red-700">{blocked}</p> : null}
      {state === "failed" ? <p className="text-sm text-red-700">This device could not keep the order. Nothing was placed.</p> : null}
      <button
        type="button"
        onClick={place}
        disabled={!delivery || blocked !== null || lines.length === 0 || state === "saving"}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        Place order (sent when back online)
      </button>
    </section>
  );
}
