import type { CheckoutPage } from "~/domain/orders/checkout.server";
import { HOLD_WHAT_TO_DO } from "~/domain/credit/credit-hold";
import { formatMoney } from "~/utils/money";

/**
 * The company's available credit before Place Order, and the credit hold Place Order would put this order on (the
 * same rule on the same total), so the buyer is never surprised after the order.
 */
export function CreditNotice({ credit }: { credit: NonNullable<CheckoutPage["credit"]> }) {
  const hasLimit = credit.creditLimit !== null && credit.availableCredit !== null;
  if (!hasLimit && !credit.hold) return null;
  return (
    <div
      role="note"
      className={`mt-4 rounded-md border px-3 py-2 text-sm ${credit.hold ? "border-amber-300 bg-amber-50 text-amber-900" : "border-slate-200 bg-slate-50 text-slate-800"}`}
      data-testid="checkout-credit"
    >
      {hasLimit ? (
        <p>
          Available credit: <strong data-testid="checkout-available-credit">{formatMoney(Math.max(0, credit.availableCredit!))}</strong> inc VAT
          (limit {formatMoney(credit.creditLimit!)} inc VAT)
        </p>
      ) : null}
      {credit.hold ? (
        <>
          <p className="mt-1 font-semibold">This order will be placed on credit hold</p>
          <p className="mt-1">{credit.hold.reason}</p>
          <p className="mt-1">
            We keep the stock for it; it is not dispatched or invoiced until it is released. {HOLD_WHAT_TO_DO}
          </p>
        </>
      ) : null}
    </div>
  );
}
