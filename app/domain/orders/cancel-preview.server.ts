/**
 * What cancelling an order would do, read before the admin confirms: the units each product gets back,
 * the points taken back, the invoice voided and the voucher given back, or why it cannot be cancelled.
 * The same rules as cancelOrder (cancel-order.server), which decides again when it runs.
 */
import { eq } from "drizzle-orm";
import { orderItems, orders, salesInvoices, vouchers } from "~db/schema";
import { pointsHeldByOrder } from "~/domain/loyalty/points.server";
import type { DB } from "~/utils/db.server";
import { cancelRefusal } from "./cancel-order.server";

export type CancelPreview = {
  orderId: number;
  orderNumber: string;
  /** why it cannot be cancelled; null when it can */
  refusal: string | null;
  restock: { productName: string; units: number }[];
  pointsReversed: number;
  voidedInvoiceNumber: string | null;
  voucherReleased: string | null;
};

/** The preview of cancelling order `orderId`; null when there is no such order. */
export function previewCancelOrder(db: DB, orderId: number): CancelPreview | null {
  const order = db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order) return null;
  const base = { orderId: order.id, orderNumber: order.orderNumber };
  const empty = { restock: [], pointsReversed: 0, voidedInvoiceNumber: null, voucherReleased: null };
  if (order.status === "cancelled") return { ...base, ...empty, refusal: `${order.orderNumber} is already cancelled.` };
  const refusal = cancelRefusal(db, order);
  if (refusal) return { ...base, ...empty, refusal };

  const items = db
    .select({ id: orderItems.id, productId: orderItems.productId, productName: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .all();
  const byProduct = new Map<number, { productName: string; units: number }>();
  for (const item of items) {
    const units = item.quantity;
    if (item.productId === null || units <= 0) continue;
    const line = byProduct.get(item.productId) ?? { productName: item.productName, units: 0 };
    line.units += units;
    byProduct.set(item.productId, line);
  }
  const invoice = db
    .select({ invoiceNumber: salesInvoices.invoiceNumber, status: salesInvoices.status })
    .from(salesInvoices)
    .where(eq(salesInvoices.orderId, order.id))
    .get();
  const voucher = db
    .select({ code: vouchers.code })
    .from(vouchers)
    .where(eq(vouchers.usedOrderId, order.id))
    .get();
  return {
    ...base,
    refusal: null,
    restock: [...byProduct.values()],
    pointsReversed: pointsHeldByOrder(db, order.id),
    voidedInvoiceNumber: invoice && invoice.status !== "void" ? invoice.invoiceNumber : null,
    voucherReleased: voucher?.code ?? null,
  };
}
