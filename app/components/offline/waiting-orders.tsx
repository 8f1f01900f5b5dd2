import { Link } from "@remix-run/react";
import { useState } from "react";
import { cancelQueued, confirmDraft, sendQueue } from "~/service-worker/order-queue";
import { isUnsent, waitingText, WAITING_PAGE_PATH, type QueuedOrder } from "~/service-worker/order-queue-rules";
import { formatMoney } from "~/utils/money";
import { useOffline } from "~/utils/offline-price-list";
import { useOrderQueue } from "~/utils/order-queue-client";

const UK_DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const STATUS_TEXT: Record<QueuedOrder["status"], string> = {
  waiting: "Waiting to send",
  sending: "Sending…",
  sent: "Sent",
  draft: "Not placed: prices or stock changed",
  refused: "Not placed",
};

/** Under the header: "2 orders waiting to send", linking to the list; nothing when none (or without JavaScript). */
export function QueueCountBar() {
  const { orders } = useOrderQueue();
  const count = orders.filter(isUnsent).length;
  if (count === 0) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50">
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm">
        <Link to={WAITING_PAGE_PATH} reloadDocument data-testid="queue-count" className="font-semibold text-amber-950 underline">
          {waitingText(count)}
        </Link>
      </p>
    </div>
  );
}

/** The orders kept on this device, with what can be done to each (docs/decisions/0078). */
export function WaitingOrdersList() {
  const { key, orders, ready, refresh } = useOrderQueue();
  const offline = useOffline();
  const [busy, setBusy] = useState(false);
  if (!ready) return <p className="text-sm text-slate-600">Reading the orders kept on this device…</p>;
  if (!key) {
    return <p className="text-sm text-slate-700">This device keeps no orders for you: orders placed offline appear here until they are sent.</p>;
  }
  if (orders.length === 0) {
    return <p className="text-sm text-slate-700">No orders are waiting on this device. Orders placed while offline appear here until they are sent.</p>;
  }
  const waiting = orders.some((order) => order.status === "waiting");
  async function act(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return (
    <div className="space-y-4">
      {waiting ? (
        <p className="text-sm text-slate-700">
          {offline
            ? "You are offline: these are sent by themselves when this device is back online."
            : "These are being sent now that this device is online."}{" "}
          {!offline ? (
            <button type="button" disabled={busy} onClick={() => act(() => sendQueue(key))} className="font-medium text-brand-700 underline">
              Send now
            </button>
          ) : null}
        </p>
      ) : null}
      <ul className="space-y-4" aria-label="Orders kept on this device">
        {orders.map((order) => (
          <li key={order.key} data-testid="queued-order" data-status={order.status} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-slate-900">
                {STATUS_TEXT[order.status]}
                {order.status === "sent" && order.orderNumber ? (
                  <>
                    {" "}as order{" "}
                    <Link to="/account/orders" className="text-brand-700 underline">
                      {order.orderNumber}
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">Made {UK_DATE_TIME.format(new Date(order.createdAt))}</p>
            </div>
            {order.problem ? <p className="mt-1 text-sm text-amber-900">{order.problem}</p> : null}
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Lines of this order</caption>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-3 font-medium">SKU</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Product</th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">Quantity</th>
                  <th scope="col" className="py-1 text-right font-medium">Unit price shown (ex VAT / inc VAT)</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={`${line.productId}-${line.sku}`} className="border-t border-slate-100">
                    <td className="py-1 pr-3 font-mono">{line.sku}</td>
                    <td className="py-1 pr-3">{line.name}</td>
                    <td className="py-1 pr-3 text-right">{line.quantity}</td>
                    <td className="py-1 text-right">
                      {formatMoney(line.unitPrice)} ex VAT / {formatMoney(line.unitPriceIncVat)} inc VAT
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-sm text-slate-700">
              Goods as shown: {formatMoney(order.goods.exVat)} ex VAT, {formatMoney(order.goods.incVat)} inc VAT (delivery added by the shop).
            </p>
            {order.status === "draft" ? <DraftChanges order={order} /> : null}
            <div className="mt-3 flex flex-wrap gap-3">
              {order.status === "draft" ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      await confirmDraft(key, order.key, crypto.randomUUID());
                      if (navigator.onLine) await sendQueue(key);
                    })
                  }
                  className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Place it with these changes
                </button>
              ) : null}
              {order.status !== "sending" ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act(() => cancelQueued(key, order.key))}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  {order.status === "waiting" ? "Cancel this order" : order.status === "sent" ? "Remove from this list" : "Discard"}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DraftChanges({ order }: { order: QueuedOrder }) {
  return (
    <div className="mt-3 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="draft-changes">
      {order.differences.length > 0 ? (
        <table className="w-full text-left">
          <caption className="text-left font-semibold text-amber-950">Prices that changed</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">Product</th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">Was</th>
              <th scope="col" className="py-1 text-right font-medium">Now</th>
            </tr>
          </thead>
          <tbody>
            {order.differences.map((difference) => (
              <tr key={difference.productId} className="border-t border-amber-200">
                <td className="py-1 pr-3">
                  {difference.name} {difference.sku ? <span className="font-mono">({difference.sku})</span> : null} × {difference.quantity}
                </td>
                <td className="py-1 pr-3 text-right">
                  {formatMoney(difference.shown.exVat)} ex VAT / {formatMoney(difference.shown.incVat)} inc VAT
                </td>
                <td className="py-1 text-right font-semibold">
                  {formatMoney(difference.now.exVat)} ex VAT / {formatMoney(difference.now.incVat)} inc VAT
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {order.stock.length > 0 ? (
        <ul className="space-y-1">
          {order.stock.map((short) => (
            <li key={short.productId}>
              {short.name}: {short.requested} asked for, {short.available} in stock
              {short.available > 0 ? ` (placed with ${short.available} if you confirm)` : " (left out if you confirm)"}
            </li>
          ))}
        </ul>
      ) : null}
      <p>Nothing was placed. Confirm to place it as shown under “Now”, or discard it.</p>
    </div>
  );
}
