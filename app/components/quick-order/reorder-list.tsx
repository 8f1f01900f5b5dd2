import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { REORDER_INTENT } from "~/domain/orders/order-history.schema";
import { statusBadgeClass, statusLabel } from "~/domain/orders/order-status";
import { QUICK_ORDER_PATH } from "~/domain/cart/quick-order.schema";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { formatUkDate } from "~/utils/uk-time";

export type ReorderRow = {
  id: number;
  orderNumber: string;
  /** ISO instant */
  createdAt: string;
  status: string;
  /** inc VAT, a 2-decimal string */
  total: string;
  itemCount: number;
};

/** The customer's last orders, each with a Reorder button that puts its items back in the cart. */
export function ReorderList({ orders, idempotencyKey }: { orders: ReorderRow[]; idempotencyKey: string }) {
  const navigation = useNavigation();
  const pendingOrderId =
    navigation.state !== "idle" && navigation.formData?.get("intent") === REORDER_INTENT
      ? String(navigation.formData.get("orderId"))
      : null;

  if (orders.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
        <p className="font-semibold text-slate-900">No orders yet</p>
        <p className="mt-1 text-sm text-slate-600">Orders you place will show here, ready to order again in one click.</p>
        <Link to="/" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Browse the catalogue
        </Link>
      </div>
    );
  }

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your last {orders.length} orders</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Order
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Total inc. VAT
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              <span className="sr-only">Reorder</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => {
            const pending = pendingOrderId === String(order.id);
            const total = parseDecimalToHundredths(order.total);
            return (
              <tr key={order.id} data-testid="reorder-row">
                <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                  {order.orderNumber}
                  <span className="block text-xs font-normal text-slate-500">
                    {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                  </span>
                </th>
                <td className="py-3 pr-4 text-slate-700">
                  <time dateTime={order.createdAt}>{formatUkDate(order.createdAt)}</time>
                </td>
                <td className="py-3 pr-4">
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusBadgeClass(order.status)}`}>
                    {statusLabel(order.status)}
                  </span>
                </td>
                <td className="py-3 pr-4 text-right font-medium tabular-nums text-slate-900">
                  {total === null ? order.total : formatMoney(total)}
                </td>
                <td className="py-3 text-right">
                  <Form method="post" action={`${QUICK_ORDER_PATH}?tab=reorder`}>
                    <input type="hidden" name="intent" value={REORDER_INTENT} />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                    <Button
                      type="submit"
                      variant="secondary"
                      disabled={pending}
                      aria-label={`Reorder ${order.orderNumber}`}
                    >
                      {pending ? "Reordering..." : "Reorder"}
                    </Button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
