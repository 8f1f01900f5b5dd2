/**
 * A sale as both data sets write it: the order and its lines, then (unless it still awaits approval)
 * its sales invoice, the invoice lines and the loyalty points — a point per pound of goods, reversed
 * when the order was cancelled.
 */
import { lineTotals } from "~/domain/pricing/pricing";
import type { OrderStatus } from "~db/schema";
import { addDays } from "./calendar";
import type { Random } from "./random";
import type { OrderRow, RowWriters, SaleLine } from "./rows";

type Sale = OrderRow & {
  lines: SaleLine[];
  /** null while the order awaits approval; `paid` records the invoice as paid in full */
  invoice: { invoiceNumber: string; issueDate: string; issuedAt: number; paid: boolean } | null;
};

/** The status of an order placed `ageInDays` days ago that was not cancelled. */
export function statusForAge(random: Random, ageInDays: number): OrderStatus {
  if (ageInDays >= 10) return "delivered";
  if (ageInDays >= 5) return random.chance(0.7) ? "delivered" : "shipped";
  if (ageInDays >= 2) return random.chance(0.5) ? "shipped" : "processing";
  return random.chance(0.6) ? "pending" : "processing";
}

/** Writes a sale; answers the ids of the order, its items and its invoice, and the order's totals. */
export function writeSale(rows: RowWriters, sale: Sale) {
  const { lines, invoice } = sale;
  const totals = lineTotals(lines);
  const orderId = rows.order(sale, totals);
  const itemIds = lines.map((line, i) => rows.orderItem(orderId, line, totals.lines[i]));
  if (!invoice) return { orderId, itemIds, invoiceId: null, totals };

  const invoiceId = rows.salesInvoice({
    orderId,
    invoiceNumber: invoice.invoiceNumber,
    customerId: sale.userId,
    status: sale.status === "cancelled" ? "void" : "unpaid",
    subtotal: totals.subtotal,
    vatAmount: totals.vatAmount,
    total: totals.total,
    amountPaid: invoice.paid ? totals.total : 0,
    issueDate: invoice.issueDate,
    dueDate: addDays(invoice.issueDate, 30),
    voidedAt: sale.cancelledAt,
    createdAt: invoice.issuedAt,
  });
  lines.forEach((line, i) => rows.salesInvoiceItem(invoiceId, line, totals.lines[i]));

  const points = Math.floor(totals.subtotal / 100);
  if (points > 0) {
    const { userId, orderNumber, cancelledAt } = sale;
    rows.loyalty({ userId, type: "earned", points, orderId, description: `Points earned on order ${orderNumber}`, createdAt: invoice.issuedAt });
    if (cancelledAt) {
      rows.loyalty({
        userId,
        type: "adjusted",
        points: -points,
        orderId,
        description: `Points reversed: order ${orderNumber} cancelled`,
        createdAt: cancelledAt,
      });
    }
  }
  return { orderId, itemIds, invoiceId, totals };
}
