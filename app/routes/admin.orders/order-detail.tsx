import { StaffLink } from "~/components/admin/staff-link";
import { SkuLabel } from "~/components/catalog/sku-label";
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { DataTable, tdClass, thClass } from "~/components/admin/data-table";
import { formatDecimalMoney, formatDecimalPercent } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { RecordHistory } from "~/components/admin/record-history";
import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import type { OrderDetail, ScreenHidden } from "./orders-screen";
import { StatusForm } from "./status-form";
import { ReleaseHoldForm } from "~/components/admin/release-hold-form";
import { TrackingForm } from "./tracking-form";
import { deliveryText, placedOrderDelivery } from "~/domain/ordering/delivery-charge";
import { invoiceStatusLabel } from "~/domain/invoices/invoice-status";
import { parseDecimalToHundredths } from "~/utils/money";

export function OrderDetailView({
  order,
  hidden,
  canDecide,
  canRelease,
  closeHref,
  trackingResult,
  history,
}: {
  order: OrderDetail;
  history: HistoryEntry[];
  hidden: ScreenHidden;
  /** may cancel and decide approvals (sales and full admins; not the warehouse) */
  canDecide: boolean;
  /** may release a credit hold (accounts and full admins) */
  canRelease: boolean;
  closeHref: string;
  trackingResult?: SubmissionResult<string[]>;
}) {
  const customerName = order.customer
    ? [order.customer.firstName, order.customer.lastName].filter(Boolean).join(" ")
    : "";
  const delivery = placedOrderDelivery({
    deliveryChargePence: parseDecimalToHundredths(order.deliveryCharge) ?? 0,
    freeShipping: order.freeShipping,
  });
  return (
    <div className="space-y-6 text-sm" data-testid="order-detail">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        {order.invoice ? (
          <StaffLink to={`/admin/sales-invoices?view=${order.invoice.id}`} className="text-brand-700 hover:underline">
            Invoice {order.invoice.invoiceNumber} ({invoiceStatusLabel(order.invoice.status).toLowerCase()})
          </StaffLink>
        ) : (
          <span className="text-slate-600">No invoice yet</span>
        )}
        {order.returns.map((item) => (
          <StaffLink
            key={item.id}
            to={`/admin/returns?order=${order.id}#return-${item.id}`}
            className="text-brand-700 hover:underline"
          >
            Return {item.returnNumber ?? `#${item.id}`} ({item.status})
          </StaffLink>
        ))}
        {order.status !== "cancelled" ? (
          // a document, not a screen: the browser opens the PDF (reloadDocument-style plain link)
          <a
            href={`/admin/orders/${order.id}/delivery-note.pdf`}
            target="_blank"
            rel="noopener"
            className="text-brand-700 hover:underline"
            data-testid="order-delivery-note"
          >
            Delivery note (PDF)
          </a>
        ) : null}
        {order.poReference ? (
          <span className="text-slate-600" data-testid="order-po-reference">
            Customer PO <span className="font-medium text-slate-900">{order.poReference}</span>
          </span>
        ) : null}
      </div>

      {order.status === "on_hold" ? (
        <section role="note" aria-labelledby="order-hold-heading" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900" data-testid="order-credit-hold">
          <h3 id="order-hold-heading" className="font-semibold">
            On credit hold
          </h3>
          <p className="mt-1">{order.holdReason ?? "No reason recorded."}</p>
          <p className="mt-1">
            The stock is kept for it. It is not picked, shipped or invoiced until accounts release it
            {canRelease ? " here or" : ""} on{" "}
            <StaffLink to="/admin/credit-control" className="font-medium underline">
              Credit control
            </StaffLink>
            {canDecide ? "; cancelling it gives its stock back." : "."}
          </p>
          {canRelease ? <ReleaseHoldForm orderId={order.id} orderNumber={order.orderNumber} hidden={hidden} /> : null}
        </section>
      ) : null}
      {order.awaitingPayment ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="order-awaiting-payment">
          Waiting for payment: {order.awaitingPayment}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="order-customer">
          <h3 id="order-customer" className="font-semibold text-slate-900">
            Customer
          </h3>
          {order.customer ? (
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {customerName ? <li>{customerName}</li> : null}
              {order.customer.businessName ? <li>{order.customer.businessName}</li> : null}
              <li className="break-all">{order.customer.email}</li>
              {order.customer.phone ? <li>{order.customer.phone}</li> : null}
              <li className="flex flex-wrap gap-x-3 pt-1">
                <StaffLink to={`/admin/users?edit=${order.customer.id}`} className="text-brand-700 hover:underline">
                  Customer account
                </StaffLink>
                <Link
                  to={`/admin/orders?q=${encodeURIComponent(order.customer.email)}`}
                  className="text-brand-700 hover:underline"
                >
                  All their orders
                </Link>
              </li>
            </ul>
          ) : (
            <p className="mt-1 text-slate-600">No account (walk-in sale)</p>
          )}
        </section>
        <section aria-labelledby="order-shipping">
          <h3 id="order-shipping" className="font-semibold text-slate-900">
            Shipping address
          </h3>
          <address className="mt-1 not-italic text-slate-700">
            {order.shippingName}
            <br />
            {order.shippingAddress}
            <br />
            {order.shippingCity}
            <br />
            {order.shippingPostcode}
            <br />
            <span className="break-all">{order.shippingEmail}</span>
          </address>
          {order.deliveryNotes ? (
            <>
              <h4 className="mt-3 font-semibold text-slate-900">Delivery notes</h4>
              <p className="mt-1 whitespace-pre-line break-words text-slate-700" data-testid="order-delivery-notes">
                {order.deliveryNotes}
              </p>
            </>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="order-items">
        <h3 id="order-items" className="font-semibold text-slate-900">
          Items
        </h3>
        <DataTable caption={`Items of ${order.orderNumber}`} minWidth="32rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Product
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Qty
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Unit price
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                VAT
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => {
              const options = Object.entries(item.selectedVariants ?? {});
              return (
                <tr key={item.id} data-testid="order-item">
                  <td className={tdClass}>
                    {item.productName}
                    <SkuLabel sku={item.sku} />
                    {options.length > 0 ? (
                      <div className="text-xs text-slate-500">
                        {options.map(([name, value]) => `${name}: ${value}`).join(", ")}
                      </div>
                    ) : null}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{item.quantity}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(item.unitPrice)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalPercent(item.vatRate)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatDecimalMoney(item.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
        <dl className="ml-auto mt-3 max-w-xs space-y-1" data-testid="order-totals">
          {order.discountAmount !== "0.00" ? (
            <div className="flex justify-between text-emerald-800">
              <dt>Voucher discount</dt>
              <dd className="tabular-nums">−{formatDecimalMoney(order.discountAmount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Subtotal{order.discountAmount !== "0.00" ? " (after discount)" : ""}</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.subtotal)}</dd>
          </div>
          {delivery ? (
            <div className={`flex justify-between ${delivery.basis === "reward" ? "text-emerald-800" : ""}`}>
              <dt>Delivery (ex VAT)</dt>
              <dd className="tabular-nums" data-testid="order-delivery">
                {deliveryText(delivery)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>VAT</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.vatAmount)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatDecimalMoney(order.total)}</dd>
          </div>
        </dl>
      </section>

      <StatusForm order={order} hidden={hidden} canDecide={canDecide} />
      <TrackingForm order={order} hidden={hidden} lastResult={trackingResult} />
      <RecordHistory entries={history} />

      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Close
        </Link>
      </div>
    </div>
  );
}
