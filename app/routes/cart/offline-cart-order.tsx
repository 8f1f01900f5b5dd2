import { checkPackQuantity } from "~/domain/catalog/pack-rules";
import { packRuleOf, type PriceListProduct } from "~/domain/pricing/price-list";
import type { SelectedVariants } from "~/domain/cart/cart-rules";
import { Link } from "@remix-run/react";
import { OfflineOrderPanel, type OfflineOrderLine } from "~/components/offline/offline-order-panel";
import { isUnsent, WAITING_PAGE_PATH, type QueuedOrder } from "~/service-worker/order-queue-rules";
import { useOrderQueue } from "~/utils/order-queue-client";
import { offlineBarText } from "~/service-worker/offline-rules";
import { useOffline, usePriceList } from "~/utils/offline-price-list";

type CartLine = { productId: number; productName: string; quantity: number; selectedVariants: SelectedVariants };

/**
 * The cart's lines as an order kept offline: each matched to the buyer's price list on this device by product,
 * at the price it gives. What stops the order being kept (a product no longer in the list, a line with options,
 * a pack rule) is said per line; the server checks everything again when the order is sent.
 */
export function offlineCartOrder(cart: readonly CartLine[], products: readonly PriceListProduct[]) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: OfflineOrderLine[] = [];
  const problems: string[] = [];
  for (const line of cart) {
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

/** Whether an order kept on this device and not yet sent holds exactly this cart (so it is not kept twice). */
export function cartAlreadyQueued(cart: readonly CartLine[], orders: readonly QueuedOrder[]): QueuedOrder | null {
  const signature = (lines: readonly { productId: number; quantity: number }[]) =>
    lines
      .map((line) => `${line.productId}|${line.quantity}`)
      .sort()
      .join("\n");
  const wanted = signature(cart);
  return orders.find((order) => isUnsent(order) && signature(order.lines) === wanted) ?? null;
}

/**
 * Offline with JavaScript, the cart can be placed as an order kept on this device (docs/decisions/0078), at the
 * prices of the price list the device holds. Sent as this cart's lines, the order empties the saved cart when it
 * is placed, if the cart still holds exactly those lines (`clear-if-same`). Online and without JavaScript it is
 * not shown: checkout is the way.
 */
export function OfflineCartOrder({ lines, signedIn }: { lines: readonly CartLine[]; signedIn: boolean }) {
  const offline = useOffline();
  const list = usePriceList(offline && signedIn && lines.length > 0);
  if (!offline || !signedIn || list === null || lines.length === 0) return null;
  return (
    <section aria-label="Order offline" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      {list === "loading" ? <p className="text-sm text-slate-700">Reading your price list…</p> : null}
      {list === "missing" ? (
        <p className="text-sm text-amber-950">
          You are offline and this device has no copy of your price list yet: place this order at checkout once you are online.
        </p>
      ) : null}
      {typeof list === "object" ? <CartOrderPanel lines={lines} list={list} /> : null}
    </section>
  );
}

function CartOrderPanel({ lines, list }: { lines: readonly CartLine[]; list: Exclude<ReturnType<typeof usePriceList>, "loading" | "missing" | null> }) {
  const queue = useOrderQueue();
  const order = offlineCartOrder(lines, list.products);
  // queued once, the cart stays as it was until the order is placed: it must not be kept a second time
  const queued = queue.ready ? cartAlreadyQueued(lines, queue.orders) : null;
  if (!queue.ready) return null;
  if (queued) {
    return (
      <p role="status" data-testid="cart-queued" className="text-sm text-amber-950">
        This cart is kept on this device as an order, waiting to send. It is sent by itself when this device is back online and
        priced again then; once it is placed, the cart is emptied if it still holds just these lines.{" "}
        <Link to={WAITING_PAGE_PATH} reloadDocument className="font-medium text-brand-700 underline">
          See orders waiting to send
        </Link>
      </p>
    );
  }
  return (
    <>
      <p className="text-sm font-medium text-amber-950">
        {offlineBarText(list.asOf, new Date())}. Checkout needs a connection, but this cart can be kept on this device as an order
        and sent when you are back online.
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
        blocked={order.problems.length > 0 ? "The cart cannot be kept as an order while these lines are in it: place it at checkout once you are online." : null}
      />
    </>
  );
}
