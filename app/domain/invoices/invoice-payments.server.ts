/** Recording a customer's payment against a sales invoice (screen and API). */
import { and, eq, sql } from "drizzle-orm";
import { financialAccounts, payments, salesInvoices } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { paymentAmountMessage, SALES_INVOICE_NOT_FOUND, type RecordPaymentInput } from "./sales-invoice.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { deriveInvoiceStatus, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { ukToday } from "./invoices.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { type Actor, type InvoicePaymentJson } from "./sales-invoice-list.server";

const VOID_INVOICE_PAYMENT = "This invoice is void (its order was cancelled): no payment can be recorded against it";
const FINANCIAL_ACCOUNT_NOT_FOUND = "Financial account not found";

type RecordedPayment = {
  payment: InvoicePaymentJson;
  invoice: { id: number; invoiceNumber: string; status: InvoiceStatus; amountPaid: string; outstanding: string };
};


/** Only successful results are stored against a key, so a corrected retry can still succeed. */
const storeSuccess = (result: { ok: boolean }) => result.ok;

/**
 * Records a payment against a sales invoice, once per idempotency key, in one IMMEDIATE transaction: the
 * amount must be above 0 and no more than what is outstanding; a void invoice takes no payment (409).
 * The invoice's amountPaid rises; a named financial account's balance moves by the amount (a credit card
 * account's balance is money owed, so money received into it lowers the balance). Audited.
 */
export function recordPayment(
  db: DB,
  actor: Actor,
  invoiceId: number,
  input: RecordPaymentInput,
  key: string | null = null,
  { today = ukToday() }: { today?: string } = {},
): Result<RecordedPayment> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.salesInvoicePayment, invoiceId), key, command: input },
    (tx): Result<RecordedPayment> => {
      const invoice = tx.select().from(salesInvoices).where(eq(salesInvoices.id, invoiceId)).get();
      if (!invoice) return fail(404, SALES_INVOICE_NOT_FOUND);
      if (invoice.status === "void") return fail(409, VOID_INVOICE_PAYMENT);
      const outstanding = invoiceOutstanding(invoice);
      if (input.amount <= 0 || input.amount > outstanding) {
        return fail(400, paymentAmountMessage(formatMoney(outstanding)), "amount");
      }
      const paymentDate = input.paymentDate ?? today;
      const added = addInvoicePayment(tx, invoice, { ...input, paymentDate, createdBy: actor.id });
      if (!added.ok) return added;
      const { row, account, amountPaid } = added.value;
      const after = { ...invoice, amountPaid };
      const status = deriveInvoiceStatus(after, today);
      recordAudit(tx, {
        actorId: actor.id,
        action: "sales_invoice.payment_recorded",
        entityType: "sales_invoice",
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

type InvoiceRow = typeof salesInvoices.$inferSelect;

export type NewInvoicePayment = Pick<RecordPaymentInput, "amount" | "paymentMethod" | "reference" | "notes" | "financialAccountId"> & {
  paymentDate: string;
  createdBy: string;
};

/**
 * Writes a payment against an invoice inside the caller's transaction (the caller has checked the amount):
 * the payment row, the invoice's amountPaid, and the named financial account's balance (a credit card
 * account's balance is money owed, so money received into it lowers the balance). 400 on the
 * financialAccountId field when that account does not exist.
 */
export function addInvoicePayment(tx: DB, invoice: Pick<InvoiceRow, "id" | "amountPaid">, input: NewInvoicePayment) {
  let account: { id: number; name: string; type: string } | undefined;
  if (input.financialAccountId !== undefined && input.financialAccountId !== null) {
    account = tx
      .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
      .from(financialAccounts)
      .where(eq(financialAccounts.id, input.financialAccountId))
      .get();
    if (!account) return fail(400, FINANCIAL_ACCOUNT_NOT_FOUND, "financialAccountId");
  }
  const row = tx
    .insert(payments)
    .values({
      salesInvoiceId: invoice.id,
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      paymentDate: input.paymentDate,
      reference: input.reference,
      notes: input.notes,
      financialAccountId: account?.id ?? null,
      createdBy: input.createdBy,
    })
    .returning({ id: payments.id, createdAt: payments.createdAt })
    .get();
  const amountPaid = invoice.amountPaid + input.amount;
  tx.update(salesInvoices).set({ amountPaid }).where(eq(salesInvoices.id, invoice.id)).run();
  if (account) {
    const change = account.type === "credit_card" ? -input.amount : input.amount;
    tx.update(financialAccounts)
      .set({ balance: sql`${financialAccounts.balance} + ${change}`, updatedAt: new Date() })
      .where(eq(financialAccounts.id, account.id))
      .run();
  }
  return ok({ row, account, amountPaid });
}
