import { Link } from "@remix-run/react";
import { useState } from "react";
import { sendQueue } from "~/service-worker/order-queue";
import { isUnsent, waitingText, WAITING_PAGE_PATH } from "~/service-worker/order-queue-rules";
import { formatMoney } from "~/utils/money";
import { useOffline } from "~/utils/offline-price-list";
import { useOrderQueue } from "~/utils/order-queue-client";

/**
 * On the Log Out confirm, with JavaScript: the orders made offline that this device still holds unsent
 * (docs/decisions/0078). Logging out deletes them with everything else of this account on the device, so the
 * buyer is asked to send them first or to discard them. Renders nothing when there are none.
 */
export function LogoutQueueNotice() {
  const { key, orders, refresh } = useOrderQueue();
  const offline = useOffline();
  const [sending, setSending] = useState(false);
  const unsent = orders.filter(isUnsent);
  if (!key || unsent.length === 0) return null;
  return (
    <section aria-label="Orders not sent yet" data-testid="logout-queue" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm">
      <h2 className="font-semibold text-amber-950">{waitingText(unsent.length)} on this device</h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        {unsent.map((order) => (
          <li key={order.key}>
            {order.lines.length} {order.lines.length === 1 ? "line" : "lines"}, {formatMoney(order.goods.exVat)} ex VAT (
            {formatMoney(order.goods.incVat)} inc VAT){order.status === "draft" ? ": prices or stock changed, waiting for you to confirm" : ""}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-amber-950">
        Logging out deletes them from this device: they are not placed. Send them first, or log out to discard them.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={offline || sending}
          onClick={async () => {
            setSending(true);
            await sendQueue(key).catch(() => undefined);
            setSending(false);
            refresh();
          }}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {offline ? "Send them (needs a connection)" : "Send them now"}
        </button>
        <Link to={WAITING_PAGE_PATH} reloadDocument className="self-center font-medium text-brand-700 underline">
          See them
        </Link>
      </div>
    </section>
  );
}
