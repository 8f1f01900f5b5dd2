/** Paying a supplier's invoice (screen and API): money out of the financial account it names. */
import type { DB } from "~/utils/db.server";
import type { Result } from "~/utils/result";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { recordInvoicePayment, type PaymentBook, type RecordedPayment } from "./invoice-payments.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "./purchase-invoice.schema";
import type { RecordPaymentInput } from "./sales-invoice.schema";
import type { Actor } from "./sales-invoice-list.server";

const PURCHASE_PAYMENTS: PaymentBook = {
  side: "purchase",
  scope: REPEAT_SCOPE.purchaseInvoicePayment,
  entityType: "purchase_invoice",
  notFound: PURCHASE_INVOICE_NOT_FOUND,
};

/**
 * Records a payment to the supplier against a purchase invoice: above 0 and no more than is outstanding
 * ('Amount must be greater than 0 and not exceed £…', nothing written). The named account pays it: a bank
 * or cash balance falls, a credit card's balance (money owed) rises. Once per idempotency key; audited.
 */
export function recordPurchasePayment(
  db: DB,
  actor: Actor,
  invoiceId: number,
  input: RecordPaymentInput,
  key: string | null = null,
  options: { today?: string } = {},
): Result<RecordedPayment> {
  return recordInvoicePayment(db, PURCHASE_PAYMENTS, actor, invoiceId, input, key, options);
}
