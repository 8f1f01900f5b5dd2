import { Link, useFetchers, useNavigation } from "@remix-run/react";
import { VAT_ROUNDING_NOTE } from "~/domain/pricing/price-basis";
import { formatMoney } from "~/utils/money";

export const CART_PATH = "/cart";
export const CONFIRM_CLEAR = "clear";
export const CONFIRM_CLEAR_PATH = `${CART_PATH}?confirm=${CONFIRM_CLEAR}`;
export const SAVE_TEMPLATE_DIALOG = "save-template";
export const SAVE_TEMPLATE_PATH = `${CART_PATH}?dialog=${SAVE_TEMPLATE_DIALOG}`;

const linkButton =
  "inline-flex w-full items-center justify-center rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition";

export function GuestTemplatePrompt() {
  return (
    <p className="text-sm text-slate-700">
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: SAVE_TEMPLATE_PATH })}`}
        className="font-semibold text-brand-700 hover:underline"
      >
        Log in
      </Link>{" "}
      to save this cart as a template and reorder it in one click.
    </p>
  );
}

export function OrderSummary({
  summary,
  signedIn,
}: {
  summary: {
    itemCount: number;
    subtotal: number;
    vatAmount: number;
    total: number;
    deliveryCharge: { vat: number; basis: string; text: string };
    freeDeliveryShortfall: number | null;
    minimumOrder: string | null;
  };
  signedIn: boolean;
}) {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const updating =
    fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.formAction?.startsWith(CART_PATH)) ||
    (navigation.state !== "idle" && navigation.formAction?.startsWith(CART_PATH) === true);

  return (
    <aside aria-labelledby="summary-heading" className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      <dl className={`space-y-2 text-sm transition-opacity ${updating ? "opacity-60" : ""}`} aria-busy={updating || undefined}>
        <div className="flex justify-between">
          <dt className="text-slate-600">Items</dt>
          <dd data-testid="cart-item-count">{summary.itemCount}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal (ex VAT)</dt>
          <dd data-testid="cart-subtotal">{formatMoney(summary.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Delivery (ex VAT)</dt>
          <dd className="text-right" data-testid="cart-delivery">
            {summary.deliveryCharge.text}
            {summary.deliveryCharge.vat > 0 ? (
              <span className="block text-xs text-slate-500">+ {formatMoney(summary.deliveryCharge.vat)} VAT</span>
            ) : null}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">VAT</dt>
          <dd data-testid="cart-vat">{formatMoney(summary.vatAmount)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total (inc VAT)</dt>
          <dd data-testid="cart-total">{formatMoney(summary.total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500" data-testid="vat-rounding-note">
        {VAT_ROUNDING_NOTE}
      </p>
      {summary.freeDeliveryShortfall !== null && summary.freeDeliveryShortfall > 0 ? (
        <p className="text-sm text-slate-700" data-testid="free-delivery-hint">
          Add {formatMoney(summary.freeDeliveryShortfall)} more (ex VAT) for free delivery.
        </p>
      ) : null}
      {summary.minimumOrder ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="minimum-order">
          {summary.minimumOrder}
        </p>
      ) : null}
      {updating ? (
        <p className="text-xs text-slate-500" role="status">
          Updating totals...
        </p>
      ) : null}
      <Link to="/checkout" className={`${linkButton} bg-brand-700 py-3 text-base text-white hover:bg-brand-800`}>
        Proceed to Checkout
      </Link>
      {signedIn ? (
        <Link to="/account/quotes/new" className={`${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          Request a quote
        </Link>
      ) : null}
      {signedIn ? (
        <Link
          to={SAVE_TEMPLATE_PATH}
          preventScrollReset
          className={`${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Save as Template
        </Link>
      ) : (
        <GuestTemplatePrompt />
      )}
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
          Continue shopping
        </Link>
        {/* a link to the question, not the clearing itself: Clear cart asks first */}
        <Link
          to={CONFIRM_CLEAR_PATH}
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Clear cart
        </Link>
      </div>
    </aside>
  );
}
