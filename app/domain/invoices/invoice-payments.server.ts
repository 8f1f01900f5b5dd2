/** Recording a payment against an invoice of either book (screens and API): a customer's, or ours to a supplier. */
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { paymentAmountMessage, SALES_INVOICE_NOT_FOUND, type RecordPaymentInput } from "./sales-invoice.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { deriveInvoiceStatus, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { REPEAT_SCOPE, scopeFor, type RepeatScope } from "~/domain/shared/repeat-scopes";
import { addPaymentTo, invoiceForPayment, type InvoicePaymentJson, type InvoiceSide, type NewInvoicePayment } from "./invoice-books.server";
import type { Actor } from "./sales-invoice-list.server";

const VOID_INVOICE_PAYMENT = "This invoice is void (its order was cancelled): no payment can be recorded against it";

export type RecordedPayment = {
  payment: InvoicePaymentJson;
  invoice: { id: number; invoiceNumber: string; status: InvoiceStatus; amountPaid: string; outstanding: string };
};

/** What differs between the books when a payment is recorded: the repeat scope, the audit names, the 404. */
export type PaymentBook = { side: InvoiceSide; scope: RepeatScope; entityType: string; notFound: string };

const SALES_PAYMENTS: PaymentBook = {
  side: "sales",
  scope: REPEAT_SCOPE.salesInvoicePayment,
  entityType: "sales_invoice",
  notFound: SALES_INVOICE_NOT_FOUND,
};

/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: { ok: boolean }) => result.ok;

/**
 * Records a payment against an invoice of `book`, once per idempotency key, in one IMMEDIATE transaction:
 * the amount must be above 0 and no more than what is outstanding ('Amount must be greater than 0 and not
 * exceed £…', nothing written); a void invoice takes no payment (409). The invoice's amountPaid rises; a
 * named financial account's balance moves by the amount (money in for sales, out for purchases; a credit
 * card's balance is money owed). Audited.
 */
export function recordInvoicePayment(
  book: PaymentBook,
  db: DB,
  actor: Actor,
  invoiceId: number,
  input: RecordPaymentInput,
  key: string | null = null,
  { today = ukToday() }: { today?: string } = {},
): Result<RecordedPayment> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(book.scope, invoiceId), key, command: input },
    (tx): Result<RecordedPayment> => {
      const invoice = invoiceForPayment(tx, book.side, invoiceId);
      if (!invoice) return fail(404, book.notFound);
      if (invoice.status === "void") return fail(409, VOID_INVOICE_PAYMENT);
      const outstanding = invoiceOutstanding(invoice);
      if (input.amount <= 0 || input.amount > outstanding) {
        return fail(400, paymentAmountMessage(formatMoney(outstanding)), "amount");
      }
      const paymentDate = input.paymentDate ?? today;
      const added = addPaymentTo(tx, book.side, invoice, { ...input, paymentDate, createdBy: actor.id });
      if (!added.ok) return added;
      const { row, account, amountPaid } = added.value;
      const after = { ...invoice, amountPaid };
      const status = deriveInvoiceStatus(after, today);
      recordAudit(tx, {
        actorId: actor.id,
        action: `${book.entityType}.payment_recorded`,
        entityType: book.entityType,
        entityId: invoice.id,
        details: {
          invoiceNumber: invoice.invoiceNumber,
          paymentId: row.id,
          amount: input.amount,
          paymentMethod: input.paymentMethod,
          paymentDate,
          financialAccountId: account?.id ?? null,
          amountPaid: { from: invoice.amountPaid, to: amountPaid },
          status,
        },
      });
      return ok({
        payment: {
          id: row.id,
          paymentDate,
          amount: toDecimalString(input.amount),
          paymentMethod: input.paymentMethod,
          reference: input.reference,
          notes: input.notes,
          financialAccountId: account?.id ?? null,
          financialAccountName: account?.name ?? null,
          createdAt: row.createdAt.toISOString(),
        },
        invoice: {
          id: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          status,
          amountPaid: toDecimalString(amountPaid),
          outstanding: toDecimalString(invoiceOutstanding(after)),
        },
      });
    },
    storeSuccess,
  );
  return result;
}

/** A customer's payment against a sales invoice (see recordInvoicePayment). */
export const recordPayment = recordInvoicePayment.bind(null, SALES_PAYMENTS);

/**
 * Writes a customer's payment against a sales invoice inside the caller's transaction (the caller has
 * checked the amount), as the point of sale does when it takes the money at the counter.
 */
export function addInvoicePayment(tx: DB, invoice: { id: number; invoiceNumber: string; amountPaid: number }, input: NewInvoicePayment) {
  return addPaymentTo(tx, "sales", invoice, input);
}

export type { NewInvoicePayment };
