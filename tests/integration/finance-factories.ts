/**
 * Rows the accounts tests need that no use case writes yet: purchase invoices and the payments against
 * them, written straight into the test file's database the way paying a supplier does (the invoice's
 * amountPaid rises and a named account's balance moves); plus a completed refund return.
 */
import { eq, sql } from "drizzle-orm";
import { financialAccounts, orderItems, purchaseInvoices, purchasePayments, returnItems, returns } from "~db/schema";
import { balanceMovement } from "~/domain/finance/accounts";
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
  return getDb()
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
}

/** Pays a supplier `amount` pence against a purchase invoice, out of an account when one is named. */
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
    if (accountId !== null) {
      const account = tx.select().from(financialAccounts).where(eq(financialAccounts.id, accountId)).get()!;
      tx.update(financialAccounts)
        .set({ balance: account.balance + balanceMovement(account, 0, amount) })
        .where(eq(financialAccounts.id, accountId))
        .run();
    }
    return payment;
  });
}

/** A refund return of `lines` (units of an order's lines) completed at `completedAt`, its refund set by the refund rule. */
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
    return row;
  });
}
