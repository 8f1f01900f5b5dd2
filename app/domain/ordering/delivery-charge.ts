/**
 * The one rule for what an order pays for delivery, and for the minimum order. Pure and browser-safe: the
 * cart, the checkout summary and the order written at Place Order all come through here, so what the buyer
 * is shown is what they are charged.
 *
 * Both are measured on the goods value ex VAT before any voucher (what the cart's subtotal says), so a
 * voucher never moves an order under the minimum or out of free delivery between the cart and the order.
 * The charge itself is standard-rated (docs/decisions: delivery charges).
 */
import { formatMoney, vatOn } from "~/utils/money";

/** VAT on delivery: the standard rate, in hundredths. */
export const DELIVERY_VAT_RATE = 2000;

/** How a delivery charge reads as a line of an invoice. */
export const DELIVERY_LINE_DESCRIPTION = "Delivery";

/** How an order's delivery came out, for the line that shows it. */
export type DeliveryBasis =
  /** the charge applies */
  | "charged"
  /** the wholesaler (or this customer's terms) charges nothing */
  | "free"
  /** the goods reach the free-delivery value */
  | "free_over"
  /** a loyalty "Free shipping" voucher was used */
  | "reward";

export type DeliveryCharge = {
  /** pence, ex VAT */
  net: number;
  /** VAT on net at the standard rate, rounded half-up */
  vat: number;
  basis: DeliveryBasis;
};

export type DeliveryTerms = {
  /** the wholesaler's charge per order, pence ex VAT */
  deliveryChargePence: number;
  /** goods value ex VAT from which delivery is free; null = never */
  freeDeliveryOverPence: number | null;
};

/**
 * What an order pays for delivery. `customerChargePence` is the customer's own charge (replacing the
 * wholesaler's; null = the standard one); the free-delivery value applies to every customer, and a free
 * shipping reward removes whatever would have been charged.
 */
export function deliveryCharge({
  goodsValue,
  terms,
  customerChargePence = null,
  freeShippingReward = false,
}: {
  goodsValue: number;
  terms: DeliveryTerms;
  customerChargePence?: number | null;
  freeShippingReward?: boolean;
}): DeliveryCharge {
  if (freeShippingReward) return { net: 0, vat: 0, basis: "reward" };
  const charge = Math.max(0, customerChargePence ?? terms.deliveryChargePence);
  if (charge === 0) return { net: 0, vat: 0, basis: "free" };
  if (terms.freeDeliveryOverPence !== null && goodsValue >= terms.freeDeliveryOverPence) return { net: 0, vat: 0, basis: "free_over" };
  return { net: charge, vat: vatOn(charge, DELIVERY_VAT_RATE), basis: "charged" };
}

/** How much more (pence ex VAT) the goods must come to before the order may be placed; 0 when enough. */
export function minimumOrderShortfall(goodsValue: number, minimumOrderPence: number | null): number {
  if (minimumOrderPence === null) return 0;
  return Math.max(0, minimumOrderPence - goodsValue);
}

/** "The minimum order is £100.00 ex VAT: add £12.50 more to place this order." */
export function minimumOrderMessage(minimumOrderPence: number, shortfall: number): string {
  return `The minimum order is ${formatMoney(minimumOrderPence)} ex VAT: add ${formatMoney(shortfall)} more to place this order.`;
}

/** What the reward line says wherever the free-shipping reward took the charge off. */
export const FREE_DELIVERY_REWARD = "Free delivery (reward)";

/**
 * The amount column of a delivery line (its label is "Delivery (ex VAT)"): the charge, or why it is free.
 * `freeDeliveryOverPence` names the value that made it free, where it is known.
 */
export function deliveryText(delivery: Pick<DeliveryCharge, "net" | "basis">, freeDeliveryOverPence: number | null = null): string {
  switch (delivery.basis) {
    case "charged":
      return formatMoney(delivery.net);
    case "reward":
      return FREE_DELIVERY_REWARD;
    case "free_over":
      return freeDeliveryOverPence === null ? "Free" : `Free on orders of ${formatMoney(freeDeliveryOverPence)} ex VAT or more`;
    case "free":
      return "Free";
  }
}

/**
 * A placed order's delivery as stored (its charge, and whether a free-shipping reward was used), or null
 * when there is nothing to say: no charge and no reward (free delivery, a sale over the counter, an order
 * from before delivery charges).
 */
export function placedOrderDelivery(order: { deliveryChargePence: number; freeShipping: boolean }): Pick<DeliveryCharge, "net" | "basis"> | null {
  if (order.deliveryChargePence > 0) return { net: order.deliveryChargePence, basis: "charged" };
  if (order.freeShipping) return { net: 0, basis: "reward" };
  return null;
}

/**
 * An order's totals with its delivery: the charge and its VAT join the order's VAT and total, while the
 * subtotal stays the goods (what points are earned on). Total = subtotal + delivery + VAT.
 */
export function withDelivery<T extends { subtotal: number; vatAmount: number; total: number }>(totals: T, delivery: DeliveryCharge) {
  return {
    ...totals,
    delivery,
    vatAmount: totals.vatAmount + delivery.vat,
    total: totals.total + delivery.net + delivery.vat,
  };
}
