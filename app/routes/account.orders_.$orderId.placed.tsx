import { HOLD_WHAT_TO_DO } from "~/domain/credit/credit-hold";
import type { ReactNode } from "react";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { OrderItemsTable, OrderSummary, ReorderForm } from "~/components/orders/order-accordion";
import { formatCalendarDate, formatOrderDate } from "~/components/orders/format";
import { StatusBadge } from "~/components/orders/status-badge";
import { formatDeliveryDate } from "~/domain/ordering/delivery-date";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import { ADDRESS_BOOK_PARAM, addressBookResultOf } from "~/domain/orders/order-placed";
import { loadPlacedOrder, type PlacedOrderPage } from "~/domain/orders/order-placed.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";

const ORDERS_PATH = "/account/orders";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: pageTitle(matches, data ? `Order ${data.order.orderNumber} placed` : "Order placed") },
];

/**
 * /account/orders/{id}/placed: where Place Order lands (a plain redirect, so it works without JavaScript):
 * the order's number, PO reference, lines, totals, expected delivery and what happens next, with the
 * invoice PDF and Reorder. Any order of the customer's own can be shown again; another customer's is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const id = /^\d{1,15}$/.test(params.orderId ?? "") ? Number(params.orderId) : 0;
  const addressBook = addressBookResultOf(new URL(request.url).searchParams.get(ADDRESS_BOOK_PARAM));
  const page = id > 0 ? loadPlacedOrder(getDb(), user, id, addressBook) : null;
  if (!page?.ok) throw new Response("Order not found", { status: 404, statusText: "Order not found" });
  return json(
    { ...page.value, idempotencyKey: issueIdempotencyKey() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrderPlacedPage() {
  const { order, invoice, mail, addressBookNotice, cutOffTime, termsLabel, idempotencyKey } = useLoaderData<typeof loader>();
  const awaitingApproval = order.status === "pending_approval";
  const onHold = order.status === "on_hold";

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <AccountBreadcrumb current={`${order.orderNumber} placed`} parent={{ to: ORDERS_PATH, label: "Your Orders" }} />

      <header className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-4" data-testid="order-placed">
        <h1 className="text-2xl font-bold text-emerald-900">
          {onHold ? "Order placed: on credit hold" : awaitingApproval ? "Order placed: awaiting approval" : "Order placed"}
        </h1>
        <p className="mt-1 text-emerald-900">
          Thank you. Your order number is{" "}
          <strong className="font-semibold" data-testid="placed-order-number">
            {order.orderNumber}
          </strong>
          : quote it if you contact us about this order.
        </p>
      </header>

      {onHold ? (
        <section role="note" aria-labelledby="credit-hold-heading" className="mt-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900" data-testid="placed-credit-hold">
          <h2 id="credit-hold-heading" className="font-semibold">
            Your order is on credit hold
          </h2>
          <p className="mt-1">{order.holdReason}</p>
          <p className="mt-1">
            We have put the stock aside for it; it is not dispatched or invoiced until it is released. {HOLD_WHAT_TO_DO}
          </p>
        </section>
      ) : null}

      {addressBookNotice ? (
        <p role="status" className="mt-3 rounded-md border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700">
          {addressBookNotice}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="order-facts-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="order-facts-heading" className="sr-only">
            Order details
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Fact label="Order number">{order.orderNumber}</Fact>
            <Fact label="Your PO reference" testId="placed-po-reference">
              {order.poReference ?? <span className="text-slate-500">None given</span>}
            </Fact>
            {order.quote ? (
              <Fact label="From quote" testId="placed-quote">
                {order.quote}, at the quoted prices
              </Fact>
            ) : null}
            <Fact label="Placed">{formatOrderDate(order.createdAt)}</Fact>
            <Fact label="Status">
              <StatusBadge status={order.status} />
            </Fact>
            <Fact label="Expected delivery" testId="placed-expected-delivery">
              {order.estimatedDelivery ? (
                <span className="font-semibold">{formatDeliveryDate(order.estimatedDelivery)}</span>
              ) : awaitingApproval ? (
                `The working day after approval, when approved before ${cutOffTime}`
              ) : (
                <span className="text-slate-500">To be confirmed</span>
              )}
            </Fact>
            <Fact label="Delivering to">
              <address className="not-italic leading-6">
                {[order.shippingName, order.shippingAddress, order.shippingCity, order.shippingPostcode].map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </Fact>
          </dl>
          {order.deliveryNotes ? (
            <div className="mt-3 text-sm">
              <h3 className="font-medium text-slate-600">Delivery notes</h3>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">{order.deliveryNotes}</p>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="next-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="next-heading" className="text-base font-semibold text-slate-900">
            What happens next
          </h2>
          <WhatHappensNext page={{ order, invoice, mail, cutOffTime, termsLabel }} />
        </section>
      </div>

      <section aria-labelledby="placed-items-heading" className="mt-6 space-y-4">
        <h2 id="placed-items-heading" className="text-lg font-semibold text-slate-900">
          Items and totals
        </h2>
        <OrderItemsTable orderNumber={order.orderNumber} items={order.items} />
        <div className="flex flex-col-reverse gap-6 md:flex-row md:items-end md:justify-between">
          <div className="flex flex-wrap items-start gap-3">
            {invoice ? (
              <a
                href={`/account/invoices/${invoice.id}.pdf`}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
                data-testid="placed-invoice-pdf"
              >
                Download invoice {invoice.invoiceNumber} (PDF)
              </a>
            ) : null}
            <ReorderForm order={order} idempotencyKey={idempotencyKey} action={ORDERS_PATH} label="Order again" />
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:w-80" data-testid="placed-totals">
            <OrderSummary order={order} />
          </div>
        </div>
      </section>

      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={orderHistoryHref(1, order.id)} className="font-medium text-brand-700 hover:underline">
          See this order in Your Orders
        </Link>
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type NextSteps = Pick<PlacedOrderPage, "invoice" | "mail" | "cutOffTime"> & {
  order: Pick<PlacedOrderPage["order"], "status" | "estimatedDelivery">;
  termsLabel: string;
};

/** The steps from here, as they apply to this order: approval first when the buyer's orders need it. */
function WhatHappensNext({ page }: { page: NextSteps }) {
  const { order, invoice, mail, cutOffTime, termsLabel } = page;
  const mailedTo = mail.cc.length > 0 ? `${mail.to} (with a copy to ${mail.cc.join(", ")})` : mail.to;
  const steps =
    order.status === "on_hold"
      ? [
          `We have emailed ${mailedTo} to say the order is on credit hold, and why.`,
          "Pay your outstanding invoices (Invoices in your account shows them and how to pay), or call us: our accounts team releases the order.",
          "Once it is released we email you, issue your invoice and pick and pack it for delivery.",
        ]
      : order.status === "pending_approval"
      ? [
          `We have emailed ${mailedTo} to say the order is awaiting approval.`,
          "Your business's orders are approved before we dispatch them. We will email again as soon as it is approved, or if it is not.",
          `Once approved, your invoice is issued on your account's terms (${termsLabel}) and the order is delivered the next working day when approved before ${cutOffTime}.`,
        ]
      : [
          `We have emailed the order confirmation to ${mailedTo}.`,
          order.estimatedDelivery
            ? `We pick and pack it for delivery on ${formatDeliveryDate(order.estimatedDelivery)}, and email you the tracking details when it is dispatched.`
            : "We pick and pack it, and email you the tracking details when it is dispatched.",
          invoice
            ? `Invoice ${invoice.invoiceNumber} is payable by ${formatCalendarDate(invoice.dueDate)}: download it below or from Invoices in your account.`
            : "Your invoice will be in Invoices in your account.",
        ];
  return (
    <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700" data-testid="placed-next-steps">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not show this order",
  failure: "Something went wrong while loading your order. It may still have been placed: check Your Orders.",
  href: ORDERS_PATH,
});
