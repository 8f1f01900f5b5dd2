/** The demo buyer's returns: a refund with its points reversed, and a new request. */
import { RETURN_REASONS } from "~/domain/returns/return.schema";
import { nextReturnNumber } from "~/domain/shared/numbering.server";
import { vatOn } from "~/utils/money";
import * as s from "~db/schema";
import { DAY, HOUR } from "./calendar";
import { customerIdOf, type Demo, type WrittenOrder } from "./context";

/** One of the reasons the returns form offers (the type keeps the demo from using any other). */
const reason = (value: (typeof RETURN_REASONS)[number]) => value;

/** The demo buyer's returns: one refund completed a while ago, one new exchange request. */
export function writeReturns(demo: Demo, orders: WrittenOrder[]) {
  const { db, now } = demo;
  const buyerId = customerIdOf(demo, "buyer");
  const delivered = orders.filter((o) => o.customer.key === "buyer" && o.status === "delivered");
  const older = delivered.filter((o) => now - o.createdAt > 30 * DAY).at(-1)!;
  const recent = delivered.at(-1)!;

  const writeReturn = (
    order: WrittenOrder,
    item: WrittenOrder["items"][number],
    quantity: number,
    values: Omit<typeof s.returns.$inferInsert, "orderId" | "userId">,
  ) => {
    const { id } = db
      .insert(s.returns)
      .values({ returnNumber: nextReturnNumber(db), orderId: order.id, userId: buyerId, ...values })
      .returning({ id: s.returns.id })
      .get();
    db.insert(s.returnItems)
      .values({
        returnId: id,
        orderItemId: item.id,
        productId: item.line.product.id,
        productName: item.line.product.name,
        quantity,
        unitPrice: item.line.unitPrice,
        vatRate: item.line.product.vat,
      })
      .run();
    return id;
  };

  {
    const item = older.items[0];
    const quantity = Math.min(2, item.line.quantity);
    const net = quantity * item.line.unitPrice;
    const requested = older.deliveredAt! + 2 * DAY;
    const completed = requested + 5 * DAY;
    const returnId = writeReturn(older, item, quantity, {
      returnType: "refund",
      status: "completed",
      reason: reason("Damaged in transit"),
      customerNotes: "Two of the outer cases were crushed and the contents split.",
      adminNotes: "Photos checked and a carrier claim raised. Refund paid by bank transfer.",
      refundAmount: net + vatOn(net, item.line.product.vat),
      completedAt: new Date(completed),
      createdAt: new Date(requested),
      updatedAt: new Date(completed),
    });
    const points = Math.floor(net / 100);
    if (points > 0) {
      demo.rows.loyalty({
        userId: buyerId,
        type: "adjusted",
        points: -points,
        orderId: older.id,
        returnId,
        description: `Points reversed: refund on order ${older.orderNumber}`,
        createdAt: completed,
      });
    }
  }

  {
    const variantItem = recent.items.find((i) => Object.keys(i.line.selectedVariants).length > 0);
    const requested = new Date(Math.min(now - HOUR, (recent.deliveredAt ?? recent.createdAt) + DAY));
    writeReturn(recent, variantItem ?? recent.items[0], 1, {
      returnType: variantItem ? "exchange" : "refund",
      status: "requested",
      // reasons from the list the returns form offers, as a customer would have picked them
      reason: reason(variantItem ? "Wrong item sent" : "Other"),
      customerNotes: variantItem
        ? "We received a different option from the one on our order; please swap it."
        : "The pack size is smaller than the listing says.",
      createdAt: requested,
      updatedAt: requested,
    });
  }
}
