import { SkuLabel } from "~/components/catalog/sku-label";
import { Form, Link, useNavigation } from "@remix-run/react";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { returnRequestHref } from "~/domain/returns/return.schema";
import { Button } from "~/components/ui/button";
import { itemCount, REORDER_INTENT } from "~/domain/orders/order-history.schema";
import type { OrderHistoryEntry, OrderItemJson } from "~/domain/orders/order-history.server";
import { formatDecimalMoney, formatDecimalPercent, formatOrderDate, safeTrackingUrl } from "./format";
import { StatusBadge } from "./status-badge";
import { formatDeliveryDate } from "~/domain/ordering/delivery-date";
import { deliveryText, placedOrderDelivery } from "~/domain/ordering/delivery-charge";
import { parseDecimalToHundredths } from "~/utils/money";

/** The hidden field idempotencyKeyFrom(formData) reads on the server. */

/**
 * The order history as an accordion of native <details>: it opens and closes without JavaScript, and
 * `openOrderId` (from ?order=) starts one order open.
 */
export function OrderAccordion({
  orders,
  openOrderId,
  idempotencyKey,
  action,
  showPlacedBy = false,
}: {
  orders: OrderHistoryEntry[];
  openOrderId: number | null;
  idempotencyKey: string;
  /** where the Reorder form posts */
  action: string;
  /** name who placed each order (a company admin's or approver's view of the company's orders) */
  showPlacedBy?: boolean;
}) {
  return (
    <ul aria-label="Orders" className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderDetails
            order={order}
            open={order.id === openOrderId}
            idempotencyKey={idempotencyKey}
            action={action}
            showPlacedBy={showPlacedBy}
          />
        </li>
      ))}
    </ul>
  );
}

function OrderDetails({
  order,
  open,
  idempotencyKey,
  action,
  showPlacedBy,
}: {
  order: OrderHistoryEntry;
  open: boolean;
  idempotencyKey: string;
  action: string;
  showPlacedBy: boolean;
}) {
  const headingId = `order-${order.id}-heading`;
  return (
    <details id={`order-${order.id}`} open={open} className="group" data-order-number={order.orderNumber}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden
          className="inline-block w-3 text-slate-500 transition-transform group-open:rotate-90"
        >
          ▸
        </span>
        <span id={headingId} className="min-w-32 font-semibold text-slate-900">
          {order.orderNumber}
        </span>
        <time dateTime={order.createdAt} className="min-w-28 text-sm text-slate-600">
          {formatOrderDate(order.createdAt)}
        </time>
        <StatusBadge status={order.status} />
        <span className="text-sm text-slate-600">{itemCount(order.items.length)}</span>
        {showPlacedBy ? (
          <span className="text-sm text-slate-600" data-testid="order-placed-by">
            Placed by <span className="font-medium text-slate-900">{order.placedBy ?? "—"}</span>
          </span>
        ) : null}
        {order.poReference ? (
          <span className="text-sm text-slate-600" data-testid="order-po-reference">
            Your PO: <span className="font-medium text-slate-900">{order.poReference}</span>
          </span>
        ) : null}
        {order.quote ? (
          <span className="text-sm text-slate-600" data-testid="order-quote">
            From quote <span className="font-medium text-slate-900">{order.quote}</span>
          </span>
        ) : null}
        <span className="ml-auto text-right font-semibold text-slate-900">
          {formatDecimalMoney(order.total)}
          <span className="ml-1 text-xs font-normal text-slate-500">inc VAT</span>
        </span>
      </summary>

      <div className="space-y-6 border-t border-slate-100 bg-slate-50/60 px-4 py-5 sm:px-6">
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-label={`Tracking for ${order.orderNumber}`}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Tracking</h3>
            <TrackingInfo order={order} />
          </section>
          <section aria-label={`Delivery address for ${order.orderNumber}`}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Delivery address</h3>
            <address className="mt-2 text-sm not-italic leading-6 text-slate-800">
              {order.shippingName}
              <br />
              {order.shippingAddress}
              <br />
              {order.shippingCity}
              <br />
              {order.shippingPostcode}
              <br />
              <span className="text-slate-600">{order.shippingEmail}</span>
            </address>
            {order.deliveryNotes ? (
              <>
                <h4 className="mt-3 text-sm font-semibold text-slate-700">Delivery notes</h4>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{order.deliveryNotes}</p>
              </>
            ) : null}
          </section>
        </div>

        <OrderItemsTable orderNumber={order.orderNumber} items={order.items} />

        <div className="flex flex-col-reverse gap-6 md:flex-row md:items-end md:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            <ReorderForm order={order} idempotencyKey={idempotencyKey} action={action} />
            {order.status === "delivered" ? (
              <Link
                to={returnRequestHref(order.id)}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                Request a return
              </Link>
            ) : null}
          </div>
          <OrderSummary order={order} />
        </div>
      </div>
    </details>
  );
}

function TrackingInfo({ order }: { order: OrderHistoryEntry }) {
  const url = safeTrackingUrl(order.trackingUrl);
  // set when the order is placed (or approved) from the cut-off and working days; a cancelled order has none
  const expected = order.status === "cancelled" ? null : order.estimatedDelivery;
  const hasDetails = Boolean(order.carrier || order.trackingNumber || expected);
  if (!hasDetails) {
    const text =
      order.status === "cancelled"
        ? "This order was cancelled."
        : order.status === "shipped" || order.status === "delivered"
          ? "Sent without a tracking number."
          : "Not shipped yet";
    return <p className="mt-2 text-sm text-slate-700">{text}</p>;
  }
  return (
    <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {order.carrier ? (
        <>
          <dt className="text-slate-600">Carrier</dt>
          <dd className="text-slate-900">{order.carrier}</dd>
        </>
      ) : null}
      {order.trackingNumber ? (
        <>
          <dt className="text-slate-600">Tracking number</dt>
          <dd className="break-all text-slate-900">
            {url ? (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline hover:text-brand-800"
              >
                {order.trackingNumber}
                <span className="sr-only"> (opens the carrier&apos;s tracking page in a new tab)</span>
              </a>
            ) : (
              order.trackingNumber
            )}
          </dd>
        </>
      ) : null}
      {expected ? (
        <>
          <dt className="text-slate-600">Expected delivery</dt>
          <dd className="text-slate-900" data-testid="order-expected-delivery">
            {formatDeliveryDate(expected)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function variantText(selected: OrderItemJson["selectedVariants"]) {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

export function OrderItemsTable({ orderNumber, items }: { orderNumber: string; items: OrderItemJson[] }) {
  if (items.length === 0) {
    return <p className="text-sm text-slate-600">This order has no items.</p>;
  }
  return (
    <>
      {/* on a phone a line a row: five columns would not fit without a sideways scroll */}
      <ul
        aria-label={`Items in ${orderNumber}`}
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm sm:hidden"
      >
        {items.map((item) => {
          const variants = variantText(item.selectedVariants);
          return (
            <li key={item.id} className="flex justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.productName}</p>
                <SkuLabel sku={item.sku} />
                {variants ? <p className="text-xs text-slate-600">{variants}</p> : null}
                <p className="text-slate-600">
                  {item.quantity.toLocaleString("en-GB")} × {formatDecimalMoney(item.unitPrice)}{" "}
                  <span className="text-xs text-slate-500">ex VAT · VAT {formatDecimalPercent(item.vatRate)}</span>
                </p>
              </div>
              <p className="shrink-0 text-right font-medium tabular-nums text-slate-900">
                {formatDecimalMoney(item.total)}
                <span className="block text-xs font-normal text-slate-500">ex VAT</span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Items in {orderNumber}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Product
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Quantity
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Unit price <span className="normal-case">(ex VAT)</span>
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                VAT
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Line total <span className="normal-case">(ex VAT)</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => {
              const variants = variantText(item.selectedVariants);
              return (
                <tr key={item.id}>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                    {item.productName}
                    <SkuLabel sku={item.sku} className="font-normal" />
                    {variants ? <span className="block text-xs font-normal text-slate-600">{variants}</span> : null}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{item.quantity.toLocaleString("en-GB")}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatDecimalMoney(item.unitPrice)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatDecimalPercent(item.vatRate)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatDecimalMoney(item.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function OrderSummary({ order }: { order: OrderHistoryEntry }) {
  const discounted = order.discountAmount !== "0.00";
  const delivery = placedOrderDelivery({
    deliveryChargePence: parseDecimalToHundredths(order.deliveryCharge) ?? 0,
    freeShipping: order.freeShipping,
  });
  return (
    <dl
      aria-label={`Summary of ${order.orderNumber}`}
      className="grid w-full grid-cols-[1fr_max-content] gap-x-6 gap-y-1 text-sm md:w-72"
    >
      <dt className="text-slate-600">Subtotal (ex VAT)</dt>
      <dd className="text-right tabular-nums text-slate-900">{formatDecimalMoney(order.subtotal)}</dd>
      {discounted ? (
        <>
          <dt className="text-slate-600">Voucher discount (included)</dt>
          <dd className="text-right tabular-nums text-slate-900">−{formatDecimalMoney(order.discountAmount)}</dd>
        </>
      ) : null}
      {delivery ? (
        <>
          <dt className="text-slate-600">Delivery (ex VAT)</dt>
          <dd className="text-right tabular-nums text-slate-900" data-testid="order-delivery">
            {deliveryText(delivery)}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600">VAT</dt>
      <dd className="text-right tabular-nums text-slate-900">{formatDecimalMoney(order.vatAmount)}</dd>
      <dt className="border-t border-slate-200 pt-1 font-semibold text-slate-900">Total (inc VAT)</dt>
      <dd className="border-t border-slate-200 pt-1 text-right font-semibold tabular-nums text-slate-900">
        {formatDecimalMoney(order.total)}
      </dd>
    </dl>
  );
}

export function ReorderForm({
  order,
  idempotencyKey,
  action,
  label = "Reorder",
}: {
  order: OrderHistoryEntry;
  idempotencyKey: string;
  action: string;
  /** the button's words ("Order again" on the order-placed page) */
  label?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === REORDER_INTENT &&
    navigation.formData?.get("orderId") === String(order.id);
  return (
    <Form method="post" action={action} className="space-y-2">
      <input type="hidden" name="intent" value={REORDER_INTENT} />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <Button type="submit" disabled={busy} aria-describedby={`order-${order.id}-reorder-hint`}>
        {busy ? "Adding to cart..." : label}
      </Button>
      <p id={`order-${order.id}-reorder-hint`} className="max-w-sm text-xs text-slate-600">
        Adds these items to your cart at today&apos;s prices. An item short of stock goes in with what there is;
        anything no longer sold is left out.
      </p>
    </Form>
  );
}

/** Shown when the customer has no orders. */
export function NoOrders() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-medium text-slate-900">You have not placed any orders yet.</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Start Shopping
      </Link>
    </div>
  );
}
