/**
 * PUT /api/admin/companies/{id}/credit and the credit form of the back office: one schema for both. The limit is
 * typed in pounds ("5000", "5,000.00", or a JSON number); blank or null means no limit. Browser-safe.
 */
import { z } from "zod";
import { addIssue, asText, MONEY_MAX_PENCE, parseTwoPlaces } from "~/domain/pricing/pricing-rules.schema";
import { PAYMENT_TERMS, type PaymentTerms } from "./payment-terms";

export const CREDIT_LIMIT_INVALID = "Credit limit must be an amount in pounds of 0 or more, like 5000.00, or blank for no limit";
export const PAYMENT_TERMS_INVALID = `Payment terms must be one of ${PAYMENT_TERMS.join(", ")}`;
export const CREDIT_SAVED = "Credit terms saved";

export const CREDIT_LIMIT_REQUIRED = "Credit limit is required: an amount in pounds, or null (blank) for no limit";

const creditLimitField = z.unknown().transform((value, ctx): number | null => {
  // absent is not "no limit": a client that leaves it out must not wipe the limit by accident
  if (value === undefined) return addIssue(ctx, CREDIT_LIMIT_REQUIRED);
  const text = asText(value);
  if (text === "") return null;
  const pence = parseTwoPlaces(value);
  if (pence === null || pence > MONEY_MAX_PENCE) return addIssue(ctx, CREDIT_LIMIT_INVALID);
  return pence;
});

export const paymentTermsField = z.unknown().transform((value, ctx): PaymentTerms => {
  if (typeof value !== "string" || !(PAYMENT_TERMS as readonly string[]).includes(value)) return addIssue(ctx, PAYMENT_TERMS_INVALID);
  return value as PaymentTerms;
});

/** Both fields are required on the API (null is a limit of none); the form always sends both. */
export const setCreditSchema = z.object({
  creditLimit: creditLimitField,
  paymentTerms: paymentTermsField,
});
export type SetCreditInput = z.output<typeof setCreditSchema>;

/** The default terms of new accounts (the Delivery & ordering settings screen, PUT /api/admin/settings/payment-terms). */
export const defaultTermsSchema = z.object({ defaultPaymentTerms: paymentTermsField });
