/**
 * What an order for this customer pays for delivery, and whether it reaches the minimum: the wholesaler's
 * settings and the customer's own charge, read once and put through the one rule (delivery-charge.ts). The
 * cart, the checkout page and Place Order all ask here.
 */
import { eq } from "drizzle-orm";
import { companies, users } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { deliveryCharge, deliveryText, minimumOrderShortfall, type DeliveryCharge } from "./delivery-charge";
import { orderingSettings } from "./ordering-settings.server";

export type DeliveryQuote = {
  delivery: DeliveryCharge;
  /** the delivery line's amount: "£7.50", "Free", "Free delivery (reward)", … */
  text: string;
  minimumOrderPence: number | null;
  /** how much more the goods must come to before the order may be placed (0 when enough) */
  minimumShortfall: number;
  /** how much more would make delivery free, when it is charged now and a free-delivery value is set */
  freeDeliveryShortfall: number | null;
};

/** The buyer's company's own delivery charge (pence ex VAT), or null for the wholesaler's. */
export function customerDeliveryCharge(db: DB, userId: string | null): number | null {
  if (!userId) return null;
  return (
    db
      .select({ charge: companies.deliveryChargePence })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .get()?.charge ?? null
  );
}

/** Delivery and the minimum for `goodsValue` (pence ex VAT, before vouchers) ordered by `userId` (null: a guest). */
export function deliveryQuote(
  db: DB,
  { userId, goodsValue, freeShippingReward = false }: { userId: string | null; goodsValue: number; freeShippingReward?: boolean },
): DeliveryQuote {
  const settings = orderingSettings(db);
  const delivery = deliveryCharge({
    goodsValue,
    terms: settings,
    customerChargePence: customerDeliveryCharge(db, userId),
    freeShippingReward,
  });
  return {
    delivery,
    text: deliveryText(delivery, settings.freeDeliveryOverPence),
    minimumOrderPence: settings.minimumOrderPence,
    minimumShortfall: minimumOrderShortfall(goodsValue, settings.minimumOrderPence),
    freeDeliveryShortfall:
      delivery.basis === "charged" && settings.freeDeliveryOverPence !== null ? settings.freeDeliveryOverPence - goodsValue : null,
  };
}
