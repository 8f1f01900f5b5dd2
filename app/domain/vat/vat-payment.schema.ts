/**
 * "Record payment to HMRC" on a filed return (screen and POST /api/admin/vat-returns/{id}/payments):
 * {amount?, paymentDate?, financialAccountId, reference?}. The amount defaults to what the return still has
 * to settle; whether it fits is the use case's rule, which knows it. Browser-safe.
 */
import { z } from "zod";
import { dateField, optionalId, poundsField } from "~/domain/invoices/sales-invoice.schema";

export const VAT_PAYMENT_ACCOUNT_REQUIRED = "Choose the account the money went out of (or came into)";
export const VAT_PAYMENT_RECORDED = "Payment to HMRC recorded";
export const VAT_REPAYMENT_RECORDED = "Repayment from HMRC recorded";

export const recordVatPaymentSchema = z.object({
  amount: z.preprocess((value) => (value === "" || value === null ? undefined : value), poundsField("Amount").optional()),
  paymentDate: dateField("Payment date"),
  financialAccountId: optionalId("Account").refine((value) => value !== undefined, VAT_PAYMENT_ACCOUNT_REQUIRED),
  reference: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value ?? undefined),
    z.string().max(100, "Reference must be at most 100 characters").optional(),
  ),
});
export type RecordVatPaymentInput = z.infer<typeof recordVatPaymentSchema>;

/** 'Amount must be greater than 0 and not exceed £…' as every payment form says it. */
export function vatPaymentAmountMessage(remaining: string) {
  return `Amount must be greater than 0 and not exceed ${remaining}`;
}
