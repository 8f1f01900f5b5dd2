/**
 * Cancelling an order, the one rule every way of cancelling goes through (the status selector on the screen
 * and in the API, rejecting an approval; the bulk toolbar offers no cancel): stock back, invoice void, points
 * reversed, voucher given back, in one transaction.
 */
import { addStock } from "~/domain/catalog/stock-movements.server";
import { and, eq } from "drizzle-orm";
import { auditLogs, orderItems, orders, payments, returns, salesInvoices } from "~db/schema";
import { creditNotesAgainst, creditNotesSetAgainst } from "~/domain/invoices/credit-notes.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { voidSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { reversePointsForOrder } from "~/domain/loyalty/points.server";
import { releaseVoucherOfOrder } from "~/domain/loyalty/vouchers.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";

export type CancelledOrder = {
  orderId: number;
  orderNumber: string;
  status: "cancelled";
  /** units put back into stock */
  unitsRestocked: number;
  /** the voided invoice's number, or null when the order had none */
  voidedInvoiceNumber: string | null;
  pointsReversed: number;
  /** the code of the voucher the order used, now the customer's to use again; null when it used none */
  voucherReleased: string | null;
};

export const ADMIN_ONLY_MESSAGE = "You do not have admin privileges.";

/**
 * Cancels an order (admins): its stock goes back, its invoice becomes void, its loyalty points are reversed
 * and its voucher (if any) is given back, all in one transaction. An order that is already cancelled,
 * delivered, paid against, credited or has a completed return answers 409 and nothing changes (a return or
 * a credit note undoes those).
 */
export function cancelOrder(db: DB, actor: SessionUser, orderId: number): Result<CancelledOrder> {
  if (actor.role !== "admin") return fail(403, ADMIN_ONLY_MESSAGE);
  return writeTransaction(db, (tx): Result<CancelledOrder> => {
    const order = tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .get();
    if (!order) return fail(404, "Order not found");
    if (order.status === "cancelled") return fail(409, `Order ${order.orderNumber} is already cancelled`);
    const refusal = cancelRefusal(tx, order);
    if (refusal) return fail(409, refusal, "status");

    const items = tx
      .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .all();

    const now = new Date();
    // first, before anything is written: an invoice with a credit note against it is refused (409)
    const voided = voidSalesInvoiceForOrder(tx, order.id, now);
    if (!voided.ok) return voided;
    const voidedInvoiceNumber = voided.value;

    // no unit of it has come back yet: an order with a completed return is not cancelled (cancelRefusal)
    let unitsRestocked = 0;
    for (const item of items) {
      if (item.productId === null || item.quantity <= 0) continue; // the product was deleted
      const back = addStock(tx, item.productId, item.quantity, { reason: "cancellation", orderId: order.id, userId: actor.id, at: now });
      if (back !== null) unitsRestocked += item.quantity;
    }

    const pointsReversed = reversePointsForOrder(tx, order, "cancelled");
    const voucherReleased = releaseVoucherOfOrder(tx, order.id);
    tx.update(orders).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(eq(orders.id, order.id)).run();
    tx.insert(auditLogs)
      .values({
        userId: actor.id,
        action: "order.cancelled",
        entityType: "order",
        entityId: String(order.id),
        details: JSON.stringify({
          orderNumber: order.orderNumber,
          previousStatus: order.status,
          unitsRestocked,
          voidedInvoiceNumber,
          pointsReversed,
          voucherReleased,
        }),
      })
      .run();
    return ok({
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: "cancelled",
      unitsRestocked,
      voidedInvoiceNumber,
      pointsReversed,
      voucherReleased,
    });
  });
}

/**
 * Why an order may not be cancelled, or null when it may: a delivered order, one whose invoice has payments
 * or a credit note, or one with a completed return (its credit note is set against the invoice, or its
 * exchange went out), is undone by a return or a credit note (cancelling voids only an unpaid invoice). The
 * history decides, not the current status alone, so moving a delivered order back to processing or pending
 * does not open the way.
 */
export function cancelRefusal(
  tx: DB,
  order: { id: number; orderNumber: string; status: string },
): string | null {
  if (order.status === "delivered") {
    return `${order.orderNumber} has been delivered, so it cannot be cancelled: a return undoes it.`;
  }
  const completedReturn = tx
    .select({ returnNumber: returns.returnNumber })
    .from(returns)
    .where(and(eq(returns.orderId, order.id), eq(returns.status, "completed")))
    .get();
  if (completedReturn) {
    const which = completedReturn.returnNumber ? `return ${completedReturn.returnNumber}` : "a return";
    return `${order.orderNumber} cannot be cancelled: ${which} was completed against it. A further return undoes the rest.`;
  }
  const invoice = tx
    .select({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber, amountPaid: salesInvoices.amountPaid })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, order.id))
    .get();
  if (!invoice) return null;
  // a credit note comes from a completed return, refused above; one met here alone still keeps its invoice
  const credited = creditNotesAgainst(tx, invoice.id);
  if (credited.length > 0) {
    return `${order.orderNumber} cannot be cancelled: ${creditNotesSetAgainst(credited)} its invoice ${invoice.invoiceNumber}. A return undoes the rest.`;
  }
  const paid =
    invoice.amountPaid > 0 ||
    tx.select({ id: payments.id }).from(payments).where(eq(payments.salesInvoiceId, invoice.id)).get() !== undefined;
  return paid
    ? `${order.orderNumber} cannot be cancelled: its invoice ${invoice.invoiceNumber} has payments. A return or a credit note undoes it.`
    : null;
}
