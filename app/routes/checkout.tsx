import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { getCart } from "~/domain/cart/cart.server";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import { checkoutFormSchema, EMPTY_CART_MESSAGE } from "~/domain/orders/order.schema";
import { checkoutDefaults, checkoutRefusal, placeOrder } from "~/domain/orders/orders.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { rewardEffectText, totalsWithVoucher, VOUCHER_FIELD } from "~/domain/loyalty/vouchers";
import {
  findCustomerVoucher,
  listUnusedVouchers,
  VOUCHER_NOT_FOUND,
  voucherUsedMessage,
} from "~/domain/loyalty/vouchers.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, formatPercent } from "~/utils/money";
import { flashToast, type Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Checkout · INFY Wholesale" }];

const PATH = "/checkout";
/** The hidden field `idempotencyKeyFrom` reads (spelt out here: .server modules do not reach the browser). */
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
  const user = await requireUser(request);
  const db = getDb();
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  if (cart.lines.length === 0) throw redirect("/");

  const askedCode = new URL(request.url).searchParams.get("voucher")?.trim() ?? "";
  const asked = askedCode ? findCustomerVoucher(db, user.id, askedCode) : null;
  const voucherProblem = !askedCode
    ? null
    : !asked
      ? VOUCHER_NOT_FOUND
      : asked.usedAt
        ? voucherUsedMessage(asked.code)
        : null;
  const applied = asked && !asked.usedAt ? asked : null;
  const totals = totalsWithVoucher(cart.lines, applied);

  const unitsByProduct = new Map<number, number>();
  for (const line of cart.lines) {
    unitsByProduct.set(line.productId, (unitsByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const refusal = checkoutRefusal(user);
  return json(
    {
      lines: cart.lines.map((line) => ({
        key: `${line.productId}|${line.variantKey}`,
        productName: line.productName,
        productSlug: line.productSlug,
        selectedVariants: line.selectedVariants,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate: line.vatRate,
        lineTotal: line.lineTotal,
        priceChanged: line.priceChanged,
        priceWhenAdded: line.priceWhenAdded,
        /** set when the cart holds more of this product than is in stock now */
        onlyLeft: (unitsByProduct.get(line.productId) ?? 0) > line.stockLevel ? line.stockLevel : null,
      })),
      itemCount: cart.itemCount,
      goodsSubtotal: totals.goodsSubtotal,
      discount: totals.discount,
      subtotal: totals.subtotal,
      vatAmount: totals.vatAmount,
      total: totals.total,
      vouchers: listUnusedVouchers(db, user.id).map((voucher) => ({
        code: voucher.code,
        rewardName: voucher.rewardName,
        effect: rewardEffectText(voucher.rewardType, voucher.rewardValue),
      })),
      appliedVoucher: applied
        ? {
            code: applied.code,
            rewardName: applied.rewardName,
            effect: rewardEffectText(applied.rewardType, applied.rewardValue),
            freeShipping: applied.rewardType === "free_shipping",
            freeProductName: applied.rewardType === "free_product" ? (applied.productName ?? null) : null,
            // a fixed voucher worth more than the goods: the rest is not kept, so say so before the order
            unusedValue:
              applied.rewardType === "discount_fixed" ? Math.max(0, (applied.rewardValue ?? 0) - totals.discount) : 0,
          }
        : null,
      voucherProblem,
      askedCode,
      defaults: checkoutDefaults(db, user),
      idempotencyKey: issueIdempotencyKey(),
      refusal: refusal ? { pendingApproval: user.role === "customer" && !user.isApproved, message: refusal.message } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** changes on every failed attempt, so the same notice shows again */
  attempt?: string;
  /** set by the browser when the reply never arrived */
  connectionLost?: true;
};

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
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: checkoutFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }

  const db = getDb();
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  const result = await placeOrder(db, user, {
    ...submission.value,
    idempotencyKey: idempotencyKeyFrom(formData),
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
    })),
    channel: "storefront",
    cart: "clear",
  });

  if (!result.ok) {
    if (result.message === EMPTY_CART_MESSAGE) {
      // Nothing to order (and no earlier order with this key): the page itself would send the buyer home.
      const cookie = await flashToast(request, {
        title: "Order failed",
        description: EMPTY_CART_MESSAGE,
        variant: "destructive",
      });
      return redirect("/", { headers: { "Set-Cookie": cookie } });
    }
    return orderFailed(submission.reply({ formErrors: [result.message] }), result.status, result.message);
  }

  const { orderId, orderNumber, status } = result.value;
  const cookie = await flashToast(request, {
    title: "Order placed",
    description:
      status === "pending_approval"
        ? `Order ${orderNumber} has been placed and is awaiting approval`
        : `Order ${orderNumber} has been placed`,
  });
  return redirect(orderHistoryHref(1, orderId), { headers: { "Set-Cookie": cookie } });
}

/**
 * With JavaScript, a reply lost on the way back (the order may or may not have been placed) keeps the
 * buyer on the filled-in form with the same key, so pressing Place Order again is safe.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<ActionData> {
  try {
    return await serverAction<ActionData>();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error; // redirects, thrown responses and server errors
    return {
      connectionLost: true,
      notice: { title: "Order failed", description: CONNECTION_LOST_MESSAGE, variant: "destructive" },
      attempt: crypto.randomUUID(),
    };
  }
}

/** After a lost reply the page keeps its key: reloading it would issue a new one (or leave an emptied cart). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && "connectionLost" in actionResult) return false;
  return defaultShouldRevalidate;
};

function variantsLabel(selected: Record<string, string>) {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const anyPriceChanged = data.lines.some((line) => line.priceChanged);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {actionData?.notice ? <ToastNotice key={actionData.attempt} toast={actionData.notice} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold text-slate-900">Checkout</h1>
        <Link to="/cart" className="text-sm font-medium text-brand-700 hover:underline">
          Back to cart
        </Link>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="shipping-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="shipping-heading" className="text-lg font-semibold text-slate-900">
            Shipping details
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
            />
          )}
        </section>

        <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            Order summary
          </h2>
          {anyPriceChanged ? (
            <p role="note" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Some prices have changed since you added them to your cart. The prices below are the ones you will pay.
            </p>
          ) : null}
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Items in your order">
            {data.lines.map((line) => {
              const variants = variantsLabel(line.selectedVariants);
              return (
                <li key={line.key} className="py-3 text-sm" data-testid="checkout-line">
                  <div className="flex justify-between gap-3">
                    <div className="min-w-0">
                      <Link to={`/products/${line.productSlug}`} className="font-medium text-slate-900 hover:underline">
                        {line.productName}
                      </Link>
                      {variants ? <p className="text-slate-600">{variants}</p> : null}
                      <p className="text-slate-600">
                        {line.quantity} × {formatMoney(line.unitPrice)}{" "}
                        <span className="text-xs text-slate-500">ex VAT · VAT {formatPercent(line.vatRate)}</span>
                      </p>
                    </div>
                    <p className="shrink-0 font-medium text-slate-900">{formatMoney(line.lineTotal)}</p>
                  </div>
                  {line.priceChanged && line.priceWhenAdded !== null ? (
                    <p className="mt-1 text-xs font-medium text-amber-800" data-testid="price-changed">
                      Price changed since you added it: was {formatMoney(line.priceWhenAdded)}, now{" "}
                      {formatMoney(line.unitPrice)} ex VAT
                    </p>
                  ) : null}
                  {line.onlyLeft !== null ? (
                    <p className="mt-1 text-xs font-medium text-red-700">
                      {line.onlyLeft > 0 ? `Only ${line.onlyLeft} left in stock` : "Out of stock"}: reduce the quantity
                      in your cart before ordering.
                    </p>
                  ) : null}
                </li>
              );
            })}
            {data.appliedVoucher?.freeProductName ? (
              <li className="py-3 text-sm" data-testid="checkout-free-line">
                <div className="flex justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{data.appliedVoucher.freeProductName}</p>
                    <p className="text-slate-600">1 × free with voucher {data.appliedVoucher.code}</p>
                  </div>
                  <p className="shrink-0 font-medium text-slate-900">{formatMoney(0)}</p>
                </div>
              </li>
            ) : null}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
            {data.discount > 0 ? (
              <>
                <div className="flex justify-between">
                  <dt className="text-slate-600">Goods (ex VAT)</dt>
                  <dd data-testid="checkout-goods">{formatMoney(data.goodsSubtotal)}</dd>
                </div>
                <div className="flex justify-between text-emerald-700">
                  <dt>Voucher {data.appliedVoucher?.code}</dt>
                  <dd data-testid="checkout-discount">−{formatMoney(data.discount)}</dd>
                </div>
              </>
            ) : null}
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal (ex VAT)</dt>
              <dd data-testid="checkout-subtotal">{formatMoney(data.subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">VAT</dt>
              <dd data-testid="checkout-vat">{formatMoney(data.vatAmount)}</dd>
            </div>
            {data.appliedVoucher?.freeShipping ? (
              <div className="flex justify-between text-emerald-700">
                <dt>Shipping</dt>
                <dd data-testid="checkout-shipping">Free (voucher {data.appliedVoucher.code})</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-semibold text-slate-900">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatMoney(data.total)}</dd>
            </div>
          </dl>
          {data.refusal ? null : (
            <VoucherPanel
              vouchers={data.vouchers}
              applied={data.appliedVoucher}
              problem={data.voucherProblem}
              askedCode={data.askedCode}
            />
          )}
        </aside>
      </div>
    </div>
  );
}

type VoucherChoice = { code: string; rewardName: string; effect: string };
type AppliedVoucher = VoucherChoice & { unusedValue: number };

/**
 * The buyer's loyalty vouchers: each applies with a plain link (`?voucher=CODE`), a code can be typed into a
 * GET form, and the applied one can be removed. The summary above shows what it does.
 */
function VoucherPanel({
  vouchers,
  applied,
  problem,
  askedCode,
}: {
  vouchers: VoucherChoice[];
  applied: AppliedVoucher | null;
  problem: string | null;
  askedCode: string;
}) {
  const others = vouchers.filter((voucher) => voucher.code !== applied?.code);
  return (
    <section aria-labelledby="vouchers-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="checkout-vouchers">
      <h3 id="vouchers-heading" className="text-sm font-semibold text-slate-900">
        Loyalty vouchers
      </h3>
      {problem ? (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {applied ? (
        <div className="mt-2 flex items-start justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm">
          <p className="text-emerald-900">
            <span className="font-semibold">Applied: {applied.code}</span>
            <br />
            {applied.rewardName} · {applied.effect}
            {applied.unusedValue > 0 ? (
              <>
                <br />
                <span data-testid="voucher-unused">
                  Your goods come to less than the voucher: {formatMoney(applied.unusedValue)} of it will not be used.
                </span>
              </>
            ) : null}
          </p>
          <Link to={PATH} className="shrink-0 font-medium text-brand-700 hover:underline" preventScrollReset>
            Remove<span className="sr-only"> voucher {applied.code}</span>
          </Link>
        </div>
      ) : null}
      {others.length > 0 ? (
        <ul className="mt-2 space-y-2" aria-label="Your vouchers">
          {others.map((voucher) => (
            <li key={voucher.code} className="flex items-start justify-between gap-3 text-sm">
              <p className="text-slate-700">
                <span className="font-medium text-slate-900">{voucher.code}</span>
                <br />
                {voucher.rewardName} · {voucher.effect}
              </p>
              <Link
                to={`${PATH}?voucher=${encodeURIComponent(voucher.code)}`}
                className="shrink-0 font-medium text-brand-700 hover:underline"
                preventScrollReset
              >
                {applied ? "Use instead" : "Apply"}
                <span className="sr-only"> voucher {voucher.code}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!applied && vouchers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          You have no vouchers. Redeem your points for one on the{" "}
          <Link to="/account/loyalty" className="font-medium text-brand-700 hover:underline">
            loyalty page
          </Link>
          .
        </p>
      ) : null}
      <Form method="get" action={PATH} className="mt-3 flex gap-2" preventScrollReset>
        <label htmlFor="voucher-code" className="sr-only">
          Voucher code
        </label>
        <input
          id="voucher-code"
          name="voucher"
          defaultValue={applied ? "" : askedCode}
          placeholder="Voucher code"
          autoComplete="off"
          autoCapitalize="characters"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
        <Button type="submit" variant="secondary" className="py-1.5">
          Apply
        </Button>
      </Form>
    </section>
  );
}

type ShippingDefaults = {
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
};

function ShippingForm({
  defaults,
  idempotencyKey,
  voucherCode,
  actionData,
}: {
  defaults: ShippingDefaults;
  idempotencyKey: string;
  voucherCode: string | null;
  actionData?: ActionData;
}) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submitting = navigation.state === "submitting" && navigation.formData?.has("shippingName") === true;
  const [form, fields] = useForm({
    id: "checkout-form",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutFormSchema }),
  });

  return (
    <Form
      method="post"
      // the voucher stays in the URL so that a refused order shows the same summary again
      action={voucherCode ? `${PATH}?voucher=${encodeURIComponent(voucherCode)}` : PATH}
      {...getFormProps(form)}
      noValidate
      className="mt-4 space-y-4"
      data-hydrated={hydrated ? "true" : undefined}
    >
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      {voucherCode ? <input type="hidden" name={VOUCHER_FIELD} value={voucherCode} /> : null}
      <FormError errors={form.errors} />
      <Field
        label="Full name"
        errors={fields.shippingName.errors}
        inputProps={{ ...getInputProps(fields.shippingName, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        label="Email"
        errors={fields.shippingEmail.errors}
        hint="We send the order confirmation here."
        inputProps={{ ...getInputProps(fields.shippingEmail, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label="Address"
        errors={fields.shippingAddress.errors}
        inputProps={{ ...getInputProps(fields.shippingAddress, { type: "text" }), autoComplete: "street-address" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="City"
          errors={fields.shippingCity.errors}
          inputProps={{ ...getInputProps(fields.shippingCity, { type: "text" }), autoComplete: "address-level2" }}
        />
        <Field
          label="Postcode"
          errors={fields.shippingPostcode.errors}
          inputProps={{ ...getInputProps(fields.shippingPostcode, { type: "text" }), autoComplete: "postal-code" }}
        />
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Placing order..." : "Place Order"}
      </Button>
      <p className="text-xs text-slate-500">
        Your order is invoiced on 30-day terms. Prices, VAT and stock are confirmed when you place the order.
      </p>
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Checkout is unavailable</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong. Please try again. If you placed an order, check Your Orders before ordering again."}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/account/orders" className="rounded-md border border-slate-300 px-4 py-2 text-slate-800 hover:bg-slate-50">
          Your Orders
        </Link>
        <Link to="/cart" className="rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
          Back to cart
        </Link>
      </div>
    </div>
  );
}
