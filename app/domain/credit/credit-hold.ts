/**
 * The credit check at Place Order (issue #25 part 2, docs/decisions/0071): an order that would take the company
 * over its available credit, or from a company with an invoice more than the wholesaler's number of days overdue,
 * is placed on credit hold. Pure and browser-safe: the position is read by the caller (creditPosition).
 */
import { formatMoney } from "~/utils/money";

/**
 * How many days overdue an invoice may be before new orders go on hold: what the setting offers first. The overdue
 * rule is off until the wholesaler turns it on (docs/decisions/0071), as payment reminders are.
 */
export const DEFAULT_HOLD_OVERDUE_DAYS = 30;
export const MAX_HOLD_OVERDUE_DAYS = 365;

export type CreditHoldInput = {
  /** available credit before this order (pence inc VAT); null: the company has no limit */
  availableCredit: number | null;
  /** the order's total, inc VAT, pence */
  orderTotal: number;
  /** the most days past due of the company's unpaid invoices today (0 when none is overdue) */
  mostDaysOverdue: number;
  /** the setting: an invoice more than this many days overdue holds new orders; null: the overdue rule is off */
  overdueDaysLimit: number | null;
};

export type CreditHold = { kind: "over_limit" | "overdue"; reason: string };

/** What the buyer is told to do, on every door. */
export const HOLD_WHAT_TO_DO = "Pay your outstanding invoices, or call us, and our accounts team will release it.";

/**
 * Why this order goes on credit hold, or null when it goes on as usual. An overdue invoice is named first: paying
 * it is what moves the account on, whatever the limit.
 */
export function creditHoldFor(input: CreditHoldInput): CreditHold | null {
  if (input.overdueDaysLimit !== null && input.mostDaysOverdue > input.overdueDaysLimit) {
    return {
      kind: "overdue",
      reason: `Your account has an invoice ${input.mostDaysOverdue} days overdue (we hold orders once an invoice is more than ${input.overdueDaysLimit} days overdue).`,
    };
  }
  if (input.availableCredit !== null && input.orderTotal > input.availableCredit) {
    const available = Math.max(0, input.availableCredit);
    return {
      kind: "over_limit",
      reason: `This order (${formatMoney(input.orderTotal)} inc VAT) is more than your available credit (${formatMoney(available)} inc VAT).`,
    };
  }
  return null;
}

/** The buyer's full message: why, and what to do. */
export function holdMessageFor(reason: string): string {
  return `Your order is on credit hold. ${reason} ${HOLD_WHAT_TO_DO}`;
}
