/**
 * The customer segments of the Customer Insights screen. Pure and browser-safe.
 *
 * A customer is in exactly one segment, tested in this order: VIP (spent £1,000 or more, however long ago),
 * Regular (ordered in the last 30 days), Occasional (in the last 90 days), Inactive (no order in 90 days,
 * or never). "In the last N days" includes an order exactly N days ago. Spent is the customer's order totals
 * incl. VAT, orders not cancelled.
 */

export const VIP_SPEND_PENCE = 100_000;
export const REGULAR_DAYS = 30;
/** also the window of an "active" customer */
export const ACTIVE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

export const SEGMENTS = ["vip", "regular", "occasional", "inactive"] as const;
export type Segment = (typeof SEGMENTS)[number];

export const SEGMENT_LABELS: Record<Segment, string> = {
  vip: "VIP",
  regular: "Regular",
  occasional: "Occasional",
  inactive: "Inactive",
};

export const SEGMENT_RULES: Record<Segment, string> = {
  vip: "Spent £1,000 or more",
  regular: "Ordered in the last 30 days",
  occasional: "Ordered in the last 90 days",
  inactive: "No orders in 90 days or more",
};

export type CustomerActivity = {
  /** pence incl. VAT, orders not cancelled */
  totalSpent: number;
  /** the newest order not cancelled, or null */
  lastOrderAt: Date | null;
};

/** Whether the last order falls within `days` days before `now`. */
export function orderedWithin(lastOrderAt: Date | null, days: number, now: Date): boolean {
  return lastOrderAt !== null && now.getTime() - lastOrderAt.getTime() <= days * DAY_MS;
}

export function isActiveCustomer(customer: Pick<CustomerActivity, "lastOrderAt">, now: Date): boolean {
  return orderedWithin(customer.lastOrderAt, ACTIVE_DAYS, now);
}

export function segmentFor(customer: CustomerActivity, now: Date): Segment {
  if (customer.totalSpent >= VIP_SPEND_PENCE) return "vip";
  if (orderedWithin(customer.lastOrderAt, REGULAR_DAYS, now)) return "regular";
  if (orderedWithin(customer.lastOrderAt, ACTIVE_DAYS, now)) return "occasional";
  return "inactive";
}
