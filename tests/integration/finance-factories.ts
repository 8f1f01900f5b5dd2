/**
 * Rows the accounts tests need written as they stood on a given day, which the use cases (dated today) do
 * not write: purchase invoices and the payments against them, straight into the test file's database the
 * way paying a supplier does (the invoice's amountPaid rises), plus a completed refund return. Each then
 * posts its journal as the ledger's opening posts a document written without one (postHistoryJournals), in
 * the same transaction, so the books see it as they see a document the use case wrote: a payment moves the
 * named account's ledger balance (Suspense when none is named), a refund return gets its credit note.
 */
import { eq, sql } from "drizzle-orm";
import { orderItems, purchaseInvoices, purchasePayments, returnItems, returns } from "~db/schema";
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { journalOf, reverseJournal } from "~/domain/ledger/post.server";
import { returnValue } from "~/domain/returns/return-refund";
import { getDb, writeTransaction } from "~/utils/db.server";
import { vatOn } from "~/utils/money";

let invoiceCount = 0;

/** A supplier's purchase invoice for `subtotal` pence at a VAT rate (hundredths), dated `invoiceDate`, entered at `enteredAt`. */
export function createPurchaseInvoice(
  supplierId: string,
  { subtotal, vatRate = 2000, invoiceDate, enteredAt = new Date(), status = "unpaid" }:
    { subtotal: number; vatRate?: number; invoiceDate: string; enteredAt?: Date; status?: "unpaid" | "void" },
) {
  const vatAmount = vatOn(subtotal, vatRate);
  invoiceCount += 1;
  return writeTransaction(getDb(), (tx) => {
    const invoice = tx
      .insert(purchaseInvoices)
      .values({
        supplierId,
        invoiceNumber: `SUP-${String(invoiceCount).padStart(5, "0")}`,
        invoiceDate,
        subtotal,
        vatAmount,
        total: subtotal + vatAmount,
        status,
        createdAt: enteredAt,
      })
      .returning()
      .get();
    // a purchase invoice stored void posts nothing
    postHistoryJournals(tx);
    return invoice;
  });
}

/**
 * Voids a purchase invoice on `date` (no use case does yet): the stored status, and its journal reversed on
 * that day, as a void sales invoice's is.
 */
export function voidPurchaseInvoice(invoiceId: number, date: string) {
  writeTransaction(getDb(), (tx) => {
    const invoice = tx.update(purchaseInvoices).set({ status: "void" }).where(eq(purchaseInvoices.id, invoiceId)).returning().get()!;
    const posted = journalOf(tx, "purchase_invoice", invoiceId);
    if (posted) reverseJournal(tx, posted.id, { date, description: `Purchase invoice ${invoice.invoiceNumber} voided`, sourceId: invoiceId });
  });
}

/** Pays a supplier `amount` pence against a purchase invoice, out of an account when one is named (else Suspense). */
export function payPurchaseInvoice(invoiceId: number, { amount, paymentDate, accountId = null }: { amount: number; paymentDate: string; accountId?: number | null }) {
  return writeTransaction(getDb(), (tx) => {
    const payment = tx
      .insert(purchasePayments)
      .values({ purchaseInvoiceId: invoiceId, amount, paymentMethod: "bank_transfer", paymentDate, financialAccountId: accountId })
      .returning()
      .get();
    tx.update(purchaseInvoices)
      .set({ amountPaid: sql`${purchaseInvoices.amountPaid} + ${amount}` })
      .where(eq(purchaseInvoices.id, invoiceId))
      .run();
    postHistoryJournals(tx);
    return payment;
  });
}

/**
 * A refund return of `lines` (units of an order's lines) completed at `completedAt`, its refund set by the
 * refund rule. Its credit note is dated the UK day of `completedAt`, set against its invoice while that
 * owes; what it no longer owed is refunded through Suspense (no account is named).
 */
export function completeRefundReturn(orderId: number, userId: string, lines: { orderItemId: number; quantity: number }[], completedAt: Date) {
  return writeTransaction(getDb(), (tx) => {
    const items = lines.map((line) => {
      const item = tx.select().from(orderItems).where(eq(orderItems.id, line.orderItemId)).get()!;
      return { item, quantity: line.quantity };
    });
    const value = returnValue(
      "refund",
      items.map(({ item, quantity }) => ({ quantity, orderedQuantity: item.quantity, orderedTotal: item.total, vatRate: item.vatRate })),
    );
    const row = tx
      .insert(returns)
      .values({ orderId, userId, returnType: "refund", status: "completed", reason: "Damaged in transit", refundAmount: value.refundAmount, completedAt })
      .returning()
      .get();
    tx.insert(returnItems)
      .values(
        items.map(({ item, quantity }) => ({
          returnId: row.id,
          orderItemId: item.id,
          productId: item.productId,
          productName: item.productName,
          quantity,
          unitPrice: item.unitPrice,
          vatRate: item.vatRate,
        })),
      )
      .run();
    postHistoryJournals(tx);
    return row;
  });
}
