import { CreditNotice } from "./credit-notice";
import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { CheckoutNotice } from "./checkout-notice";
import { ExpectedDelivery } from "./expected-delivery";
import { loadCheckout, placeOrderFromCart, type CheckoutPage } from "~/domain/orders/checkout.server";
import { approvalPath } from "~/domain/companies/approvals.schema";
import { orderPlacedHref } from "~/domain/orders/order-placed";
import { checkoutFormSchema, EMPTY_CART_MESSAGE } from "~/domain/orders/order.schema";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { keepPageOnConnectionLoss } from "~/utils/connection";
import { OrderSummary } from "./order-summary";
import { ShippingForm, type ActionData } from "./shipping-form";
import { VoucherPanel } from "./voucher-panel";
import { RouteErrorPage } from "~/components/layout/route-error-page";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Checkout") }];

const FALLBACK_MESSAGE = "Something went wrong. Please try again.";
const CONNECTION_LOST_MESSAGE =
  "We could not reach the server, so we cannot tell whether your order went through. Press Place Order again: if it was placed, it will not be placed twice.";

/**
 * /checkout: the shipping form and the order summary of the signed-in buyer's cart, priced now by the
 * server. An empty cart goes home. Customers awaiting approval (and non-customer accounts) see why they
 * cannot order instead of the Place Order button.
 *
 * `?voucher=CODE` applies one of the buyer's loyalty vouchers to the summary (a plain link or GET form, so
 * it works without JavaScript); the Place Order form then carries the code and the server applies it again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "ordering");
  const params = new URL(request.url).searchParams;
  const page = loadCheckout(getDb(), user, { voucherCode: params.get("voucher"), addressId: params.get("address") });
  if (!page) throw redirect("/");
  return json({ ...page, idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

function orderFailed(result: SubmissionResult<string[]>, status: number, message: string) {
  return json<ActionData>(
    {
      result,
      notice: { title: "Order failed", description: message || FALLBACK_MESSAGE, variant: "destructive" },
      attempt: crypto.randomUUID(),
    },
    { status },
  );
}

/**
 * Place Order: the shipping details from the form, the lines from the buyer's saved cart. The form's
 * server-issued key makes a repeated post (double click, a retry after a lost reply) return the first order.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "ordering");
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: checkoutFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }

  const result = await placeOrderFromCart(getDb(), user, {
    ...submission.value,
    idempotencyKey: idempotencyKeyFrom(formData),
  });
  if (!result.ok) {
    if (result.message === EMPTY_CART_MESSAGE) {
      // Nothing to order (and no earlier order with this key): the page itself would send the buyer home.
      return redirectWithToast(request, "/", { title: "Order failed", description: EMPTY_CART_MESSAGE, variant: "destructive" });
    }
    return orderFailed(submission.reply({ formErrors: [result.message] }), result.status, result.message);
  }

  if (result.value.kind === "sent_for_approval") {
    // over the buyer's spending limit: the request's own page says where it stands and who was asked
    return redirectWithToast(request, approvalPath(result.value.approvalId), {
      title: "Sent for approval",
      description: `Your order ${result.value.reference} is over your spending limit, so it has been sent to your company's approvers. It is placed once approved.`,
    });
  }
  // the order-placed page is the confirmation: it says everything in place, so no notice floats over it
  const { orderId, addressBook } = result.value;
  return redirect(orderPlacedHref(orderId, addressBook));
}

/**
 * With JavaScript, a reply lost on the way back (the order may or may not have been placed) keeps the
 * buyer on the filled-in form with the same key, so pressing Place Order again is safe.
 */
export const clientAction = keepPageOnConnectionLoss({ title: "Order failed", description: CONNECTION_LOST_MESSAGE });

/** After a lost reply the page keeps its key: reloading it would issue a new one (or leave an emptied cart). */
export { shouldRevalidate } from "~/utils/connection";

/** The order is over the buyer's spending limit: Place Order sends it to their approvers instead, and says so first. */
function SpendingNotice({ spending }: { spending: NonNullable<CheckoutPage["spending"]> }) {
  return (
    <div role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="checkout-spending-limit">
      <p className="font-semibold">This order needs your company&apos;s approval</p>
      {spending.reasons.map((reason) => (
        <p key={reason} className="mt-1">
          {reason}
        </p>
      ))}
      <p className="mt-1">
        {spending.approvers.length === 0
          ? "Nobody else in your company can approve it: ask your company admin to raise your limit."
          : `Place Order sends it to ${spending.approvers.join(", ")}${
              spending.approvalsNeeded === 2 ? " (two of them must approve)" : ""
            }; it is placed once approved. Nothing is taken from stock until then.`}
      </p>
    </div>
  );
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const anyPriceChanged = data.lines.some((line) => line.priceChanged);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {/* in the page, not a floating toast, so it never covers the summary's totals */}
      {actionData?.notice ? <CheckoutNotice key={actionData.attempt} notice={actionData.notice} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold text-slate-900">Checkout</h1>
        <Link to="/cart" className="text-sm font-medium text-brand-700 hover:underline">
          Back to cart
        </Link>
      </div>

      {/*
        The summary comes first in the page, so on a phone the buyer reads the lines and totals before the
        form and its Place Order button; from lg up it sits in the right-hand column.
      */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-start-2 lg:row-start-1"
        >
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            Order summary
          </h2>
          {anyPriceChanged ? (
            <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Some prices have changed since you added them to your cart. The prices below are the ones you will pay.
            </p>
          ) : null}
          {data.lines.some((line) => line.packIssue) ? (
            <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="checkout-pack-alert">
              A line below is no longer in a quantity its product is sold in, so the order cannot be placed yet.{" "}
              <Link to="/cart" className="font-medium underline">
                Change it in your cart
              </Link>
              .
            </p>
          ) : null}
          <OrderSummary data={data} />
          <ExpectedDelivery delivery={data.expectedDelivery} requiresApproval={data.requiresApproval} />
          {data.spending && !data.refusal ? <SpendingNotice spending={data.spending} /> : null}
          {data.credit && !data.refusal ? <CreditNotice credit={data.credit} /> : null}
          {data.refusal ? null : (
            <VoucherPanel
              vouchers={data.vouchers}
              applied={data.appliedVoucher}
              problem={data.voucherProblem}
              askedCode={data.askedCode}
              addressId={data.chosenAddressId}
            />
          )}
        </aside>

        <section
          aria-labelledby="shipping-heading"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-start-1 lg:row-start-1"
        >
          <h2 id="shipping-heading" className="text-lg font-semibold text-slate-900">
            Delivery details
          </h2>
          {data.refusal ? (
            <div role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
              <p className="font-semibold">
                {data.refusal.pendingApproval ? "Your account is awaiting approval" : "Ordering is not available"}
              </p>
              <p className="mt-1 text-sm">{data.refusal.message}</p>
            </div>
          ) : (
            <ShippingForm
              defaults={data.defaults}
              idempotencyKey={data.idempotencyKey}
              voucherCode={data.appliedVoucher?.code ?? null}
              actionData={actionData}
              addresses={data.addresses}
              chosenAddressId={data.chosenAddressId}
              addressProblem={data.addressProblem}
              termsNote={data.termsNote}
            />
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Checkout is unavailable"
      message="Something went wrong. Please try again. If you placed an order, check Your Orders before ordering again."
      links={[
        { to: "/account/orders", label: "Your Orders", secondary: true },
        { to: "/cart", label: "Back to cart" },
      ]}
    />
  );
}
