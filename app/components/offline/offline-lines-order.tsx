import { Link } from "@remix-run/react";
import { useState } from "react";
import { checkPackQuantity } from "~/domain/catalog/pack-rules";
import { packRuleOf, type PriceListProduct } from "~/domain/pricing/price-list";
import type { SelectedVariants } from "~/domain/cart/cart-rules";
import { OfflineOrderPanel, type OfflineOrderLine } from "~/components/offline/offline-order-panel";
import { offlineBarText } from "~/service-worker/offline-rules";
import { isUnsent, WAITING_PAGE_PATH, type QueuedOrder } from "~/service-worker/order-queue-rules";
import { useOffline, usePriceList, type LoadedPriceList } from "~/utils/offline-price-list";
import { useOrderQueue } from "~/utils/order-queue-client";

/** A line of a cart or a template, as its page has it. */
export type SavedLine = { productId: number; productName: string; quantity: number; selectedVariants: SelectedVariants };

/**
 * Saved lines (the cart's, a template's) as an order kept offline: each matched to the buyer's price list on this
 * device by product, at the price it gives. What stops the order being kept (a product no longer in the list, a
 * line with options, a pack rule) is said per line; the server checks everything again when the order is sent.
 */
export function offlineOrderOf(saved: readonly SavedLine[], products: readonly PriceListProduct[]) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: OfflineOrderLine[] = [];
  const problems: string[] = [];
  for (const line of saved) {
    const product = byId.get(line.productId);
    if (!product) {
      problems.push(`${line.productName} is not in your price list on this device.`);
      continue;
    }
    if (Object.keys(line.selectedVariants).length > 0) {
      problems.push(`${line.productName} (${Object.values(line.selectedVariants).join(", ")}): products with options are ordered online.`);
      continue;
    }
    const pack = checkPackQuantity(packRuleOf(product), line.quantity, product.name);
    if (!pack.ok) problems.push(pack.message);
    lines.push({ product, quantity: line.quantity });
  }
  return { lines, problems };
}

/** An order kept on this device and not yet sent that holds exactly these lines (so they are not kept twice). */
export function alreadyQueued(saved: readonly SavedLine[], orders: readonly QueuedOrder[]): QueuedOrder | null {
  const signature = (lines: readonly { productId: number; quantity: number }[]) =>
    lines
      .map((line) => `${line.productId}|${line.quantity}`)
      .sort()
      .join("\n");
  const wanted = signature(saved);
  return orders.find((order) => isUnsent(order) && signature(order.lines) === wanted) ?? null;
}

/**
 * Offline with JavaScript, a cart or a template can be placed as an order kept on this device
 * (docs/decisions/0078), at the prices of the price list the device holds, and sent when the connection returns.
 * Sent as the cart's own lines, the order empties the saved cart when placed if it still holds exactly those lines
 * (`clear-if-same`). Online and without JavaScript nothing shows: checkout (or Load into Cart) is the way.
 */
export function OfflineLinesOrder({
  lines,
  what,
  label,
  startClosed = false,
}: {
  lines: readonly SavedLine[];
  what: "cart" | "template";
  label: string;
  /** a list of several (templates) shows a button first, so the page is not a wall of panels */
  startClosed?: boolean;
}) {
  const offline = useOffline();
  const [open, setOpen] = useState(!startClosed);
  const list = usePriceList(offline && open && lines.length > 0);
  if (!offline || lines.length === 0) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-amber-400 bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-100"
      >
        {label}…
      </button>
    );
  }
  if (list === null) return null;
  return (
    <section aria-label={label} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      {list === "loading" ? <p className="text-sm text-slate-700">Reading your price list…</p> : null}
      {list === "missing" ? (
        <p className="text-sm text-amber-950">
          You are offline and this device has no copy of your price list yet: place this order once you are online.
        </p>
      ) : null}
      {typeof list === "object" ? <LinesOrderPanel lines={lines} list={list} what={what} /> : null}
    </section>
  );
}

function LinesOrderPanel({ lines, list, what }: { lines: readonly SavedLine[]; list: LoadedPriceList; what: "cart" | "template" }) {
  const queue = useOrderQueue();
  if (!queue.ready) return null;
  const order = offlineOrderOf(lines, list.products);
  // kept once, the lines stay where they are until the order is placed: they must not be kept a second time
  if (alreadyQueued(lines, queue.orders)) {
    return (
      <p role="status" data-testid="lines-queued" className="text-sm text-amber-950">
        {what === "cart" ? "This cart" : "This template"} is kept on this device as an order, waiting to send. It is sent by itself
        when this device is back online and priced again then
        {what === "cart" ? "; once it is placed, the cart is emptied if it still holds just these lines" : ""}.{" "}
        <Link to={WAITING_PAGE_PATH} reloadDocument className="font-medium text-brand-700 underline">
          See orders waiting to send
        </Link>
      </p>
    );
  }
  return (
    <>
      <p className="text-sm font-medium text-amber-950">
        {offlineBarText(list.asOf, new Date())}.{" "}
        {what === "cart"
          ? "Checkout needs a connection, but this cart can be kept on this device as an order and sent when you are back online."
          : "This template can be kept on this device as an order and sent when you are back online."}
      </p>
      {order.problems.length > 0 ? (
        <ul aria-label="Lines that cannot be ordered offline" className="list-disc space-y-1 pl-5 text-sm text-red-700">
          {order.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <OfflineOrderPanel
        lines={order.lines}
        delivery={list.delivery}
        blocked={order.problems.length > 0 ? "These lines cannot be kept as an order offline: place it once you are online." : null}
      />
    </>
  );
}
