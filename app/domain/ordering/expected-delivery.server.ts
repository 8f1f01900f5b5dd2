/**
 * The expected delivery date with the wholesaler's cut-off time (the "Delivery & ordering" settings): what
 * checkout promises, and what an order records in its estimatedDelivery when it is placed, or, for an order
 * that waits for approval, when it is approved (it is not dispatched before). The rule is delivery-date.ts.
 */
import type { DB } from "~/utils/db.server";
import { deliveryPromise, type CheckoutDelivery } from "./delivery-date";
import { orderingSettings } from "./ordering-settings.server";

/** When an order placed at `now` is expected, and the cut-off that decided it. */
export function checkoutDelivery(db: DB, now: Date = new Date()): CheckoutDelivery {
  const { cutOffTime } = orderingSettings(db);
  return { ...deliveryPromise(now, cutOffTime), cutOffTime };
}

/** The estimatedDelivery (YYYY-MM-DD) an order released for dispatch at `releasedAt` records. */
export function estimatedDeliveryFor(db: DB, releasedAt: Date): string {
  return checkoutDelivery(db, releasedAt).deliveryDate;
}
