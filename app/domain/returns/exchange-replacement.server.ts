/**
 * A completed exchange sends the customer the same goods again: a replacement order at no charge, linked to
 * the return, that takes its units from stock like any order (and is refused, with the whole completion,
 * when the stock is short). It is "processing" so it shows up for picking and shipping.
 */
import { eq, inArray } from "drizzle-orm";
import { orderItems, orders, returnItems, returns } from "~db/schema";
import { insertOrderItems, loadOrderProducts, refuse, takeStockForOrder } from "~/domain/orders/order-writing.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import type { DB } from "~/utils/db.server";

export type ReplacementOrder = { orderId: number; orderNumber: string };

/** Writes the replacement order of exchange `returnId` inside `tx`; throws OrderRefused when stock is short. */
export function writeReplacementOrder(tx: DB, returnId: number, now: Date): ReplacementOrder | null {
  const ret = tx.select({ orderId: returns.orderId, returnNumber: returns.returnNumber }).from(returns).where(eq(returns.id, returnId)).get();
  if (!ret) return null;
  const original = tx.select().from(orders).where(eq(orders.id, ret.orderId)).get();
  if (!original) return null;
  const lines = tx
    .select({ productId: returnItems.productId, quantity: returnItems.quantity, selectedVariants: orderItems.selectedVariants })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, returnId))
    .all()
    .filter((line): line is typeof line & { productId: number } => line.productId !== null && line.quantity > 0);
  const products = loadOrderProducts(tx, lines.map((line) => line.productId));
  const available = lines.filter((line) => products.has(line.productId));
  if (available.length === 0) throw refuse(409, "The products of this exchange no longer exist: complete it as a refund instead");

  const orderNumber = nextOrderNumber(tx);
  const order = tx
    .insert(orders)
    .values({
      orderNumber,
      userId: original.userId,
      status: "processing",
      subtotal: 0,
      vatAmount: 0,
      total: 0,
      channel: "exchange",
      shippingName: original.shippingName,
      shippingEmail: original.shippingEmail,
      shippingAddress: original.shippingAddress,
      shippingCity: original.shippingCity,
      shippingPostcode: original.shippingPostcode,
      poReference: original.poReference,
      deliveryNotes: `Replacement for ${ret.returnNumber ?? `return ${returnId}`} (order ${original.orderNumber}), no charge`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id })
    .get();
  const units = new Map<number, number>();
  for (const line of available) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  takeStockForOrder(tx, order.id, units, new Map([...products].map(([id, p]) => [id, p.name])), now);
  insertOrderItems(
    tx,
    order.id,
    available.map((line) => ({
      product: products.get(line.productId)!,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice: 0,
      net: 0,
      vat: 0,
    })),
  );
  tx.update(returns).set({ replacementOrderId: order.id }).where(eq(returns.id, returnId)).run();
  return { orderId: order.id, orderNumber };
}

/** The replacement orders of these returns, by return id (for lists that show the link). */
export function replacementOrderNumbers(db: DB, orderIds: number[]): Map<number, string> {
  if (orderIds.length === 0) return new Map();
  return new Map(
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .all()
      .map((row) => [row.id, row.orderNumber]),
  );
}
