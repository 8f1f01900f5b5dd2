/**
 * Payment terms: when a company's invoice falls due, from the UK calendar day it was issued. Pure and
 * browser-safe. "30 days end of month" (eom30) is read as UK trade reads it: due on the last day of the month
 * after the month of issue (an invoice of any day in March is due on 30 April), so a whole month's invoices
 * fall due together.
 */
import { PAYMENT_TERMS, type PaymentTerms } from "~db/schema";
import { addDays, calendarDayParts } from "~/utils/uk-time";

export { PAYMENT_TERMS, type PaymentTerms };

/** What every invoice had before there were terms, and the default for new accounts until a setting says otherwise. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = "net30";

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  pro_forma: "Pro forma (payment before dispatch)",
  net7: "Net 7 days",
  net14: "Net 14 days",
  net30: "Net 30 days",
  net60: "Net 60 days",
  eom30: "30 days end of month",
};

const NET_DAYS: Partial<Record<PaymentTerms, number>> = { net7: 7, net14: 14, net30: 30, net60: 60 };

export function isPaymentTerms(value: unknown): value is PaymentTerms {
  return typeof value === "string" && (PAYMENT_TERMS as readonly string[]).includes(value);
}

/** The last calendar day of the month `monthsAhead` after the month of `isoDay`. */
function endOfMonth(isoDay: string, monthsAhead: number): string {
  const parts = calendarDayParts(isoDay);
  if (!parts) throw new Error(`Not a calendar day: ${isoDay}`);
  const [year, month] = parts;
  // day 0 of the month after is the last day of the month wanted
  return new Date(Date.UTC(year, month + monthsAhead + 1, 0)).toISOString().slice(0, 10);
}

/** The due date (YYYY-MM-DD) of an invoice issued on the UK day `issueDate` under `terms`. */
export function dueDateFor(terms: PaymentTerms, issueDate: string): string {
  if (terms === "pro_forma") return issueDate;
  if (terms === "eom30") return endOfMonth(issueDate, 1);
  return addDays(issueDate, NET_DAYS[terms]!);
}

/** The line under Place Order: the terms this order's invoice will carry (null: no account, the default terms). */
export function checkoutTermsNote(terms: PaymentTerms | null): string {
  if (terms === "pro_forma") return "Your account is on pro forma terms: we dispatch the order once its invoice is paid.";
  return `Your order is invoiced on your account's terms: ${PAYMENT_TERMS_LABELS[terms ?? DEFAULT_PAYMENT_TERMS]}.`;
}

/** The terms as printed on an invoice or statement; `null` is an invoice from before terms (30 days). */
export function paymentTermsText(terms: PaymentTerms | null): string {
  switch (terms) {
    case "pro_forma":
      return "Pro forma: payment is due before the goods are dispatched";
    case "eom30":
      return "Payment due by the end of the month after the invoice date (30 days end of month)";
    case null:
      return "Payment due within 30 days of the invoice date";
    default:
      return `Payment due within ${NET_DAYS[terms]} days of the invoice date`;
  }
}
