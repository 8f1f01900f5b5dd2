import { formatDeliveryDate, type CheckoutDelivery } from "~/domain/ordering/delivery-date";

/**
 * When the order would arrive if placed now (the wholesaler's cut-off, weekends and bank holidays counted),
 * or, for a customer whose orders are approved first, when it will once approved.
 */
export function ExpectedDelivery({ delivery, requiresApproval }: { delivery: CheckoutDelivery; requiresApproval: boolean }) {
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="checkout-expected-delivery">
      {requiresApproval ? (
        <p className="text-slate-800">
          <span className="font-semibold">Expected delivery:</span> the next working day after your order is approved,
          when approved before {delivery.cutOffTime}.
        </p>
      ) : (
        <>
          <p className="text-slate-800">
            <span className="font-semibold">Expected delivery:</span>{" "}
            <span className="font-semibold text-slate-900" data-testid="checkout-delivery-date">
              {formatDeliveryDate(delivery.deliveryDate)}
            </span>
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            Orders placed before {delivery.cutOffTime} on a working day are delivered the next working day.
          </p>
        </>
      )}
    </div>
  );
}
