import { listPaymentsOf } from "~/domain/invoices/invoice-books.server";
import { recordPurchasePayment } from "~/domain/invoices/purchase-invoice-payments.server";
import { PURCHASE_INVOICE_NOT_FOUND } from "~/domain/invoices/purchase-invoice.schema";
import { invoicePaymentsApi } from "~/utils/invoice-api.server";

/**
 * GET /api/admin/invoices/purchase/{id}/payments: the payments made against the supplier's invoice, oldest
 * first, each {id, paymentDate, amount ("12.50"), paymentMethod, reference, notes, financialAccountId,
 * financialAccountName, createdAt}.
 *
 * POST /api/admin/invoices/purchase/{id}/payments {amount (number or "12.50"), paymentMethod
 * (bank_transfer, cash, credit), reference? (≤ 100), notes?, paymentDate? (YYYY-MM-DD, default today in
 * the UK), financialAccountId? (the account it is paid from)} → 201 {message: 'Payment recorded', payment,
 * invoice: {id, invoiceNumber, status, amountPaid, outstanding}}. The account's balance moves: a bank or
 * cash balance falls; a credit card's balance (money owed) rises. 400 'Amount must be greater than 0 and
 * not exceed £…' (field amount) when the amount is 0 or less or more than is outstanding, nothing written;
 * 400 on paymentMethod, reference or financialAccountId when invalid or unknown; 409 for a void invoice.
 * Honours an Idempotency-Key header (a repeat answers the first payment and writes nothing).
 * Both: 401 signed out; 403 not an admin; 404 unknown invoice.
 */
export const { loader, action } = invoicePaymentsApi({
  area: "purchaseInvoices",
  notFound: PURCHASE_INVOICE_NOT_FOUND,
  list: (db, id) => listPaymentsOf(db, "purchase", id),
  record: recordPurchasePayment,
});
