/** Paying a supplier's invoice (screen and API): money out of the financial account it names. */
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { recordInvoicePayment, type PaymentBook } from "./invoice-payments.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "./purchase-invoice.schema";

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
export const recordPurchasePayment = recordInvoicePayment.bind(null, PURCHASE_PAYMENTS);
