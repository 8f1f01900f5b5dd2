/**
 * "Record payment to HMRC" on a filed return (screen and POST /api/admin/vat-returns/{id}/payments):
 * {amount?, paymentDate?, financialAccountId, reference?}. The amount defaults to what the return still has
 * to settle; whether it fits is the use case's rule, which knows it. Browser-safe.
 */
import { z } from "zod";
import { dateField, optionalText, poundsField, REFERENCE_MAX } from "~/domain/invoices/sales-invoice.schema";

export const VAT_PAYMENT_ACCOUNT_REQUIRED = "Choose the account the money went out of (or came into)";
export const VAT_PAYMENT_RECORDED = "Payment to HMRC recorded";
export const VAT_REPAYMENT_RECORDED = "Repayment from HMRC recorded";

export const recordVatPaymentSchema = z.object({
  amount: z.preprocess((value) => (value === "" || value === null ? undefined : value), poundsField("Amount").optional()),
  paymentDate: dateField("Payment date"),
  financialAccountId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ required_error: VAT_PAYMENT_ACCOUNT_REQUIRED, invalid_type_error: VAT_PAYMENT_ACCOUNT_REQUIRED })
      .int(VAT_PAYMENT_ACCOUNT_REQUIRED)
      .positive(VAT_PAYMENT_ACCOUNT_REQUIRED)
      .max(Number.MAX_SAFE_INTEGER, VAT_PAYMENT_ACCOUNT_REQUIRED),
  ),
  reference: optionalText(REFERENCE_MAX, "Reference"),
});
export type RecordVatPaymentInput = z.infer<typeof recordVatPaymentSchema>;
