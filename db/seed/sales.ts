/**
 * A sale as both data sets write it: the order and its lines, then (unless it still awaits approval)
 * its sales invoice, the invoice lines and the loyalty points — a point per pound of goods, reversed
 * when the order was cancelled.
 */
import { lineTotals } from "~/domain/pricing/pricing";
import type { OrderStatus } from "~db/schema";
import { addDays } from "./calendar";
import type { Random } from "./random";
import type { OrderRow, RowWriters } from "./rows";

export type SaleLine = {
  productId: number;
  productName: string;
  /** the invoice line's text */
  description: string;
  selectedVariants: Record<string, string>;
  quantity: number;
  unitPrice: number;
  vatRate: number;
};

type Sale = Omit<OrderRow, "subtotal" | "vatAmount" | "total"> & {
  lines: SaleLine[];
  /** null while the order awaits approval; `paid` records the invoice as paid in full */
  invoice: { invoiceNumber: string; issueDate: string; issuedAt: number; paid: boolean } | null;
};

/** The totals of priced lines, each line's VAT rounded on its own. */
export function totalsOf(lines: readonly { unitPrice: number; quantity: number; vatRate: number }[]) {
  return lineTotals(lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.vatRate })));
}

/** The status of an order placed `ageInDays` days ago that was not cancelled. */
export function statusForAge(random: Random, ageInDays: number): OrderStatus {
  if (ageInDays >= 10) return "delivered";
  if (ageInDays >= 5) return random.chance(0.7) ? "delivered" : "shipped";
  if (ageInDays >= 2) return random.chance(0.5) ? "shipped" : "processing";
  return random.chance(0.6) ? "pending" : "processing";
}

/** Writes a sale; answers the ids of the order, its items and its invoice, and the order's totals. */
export function writeSale(rows: RowWriters, sale: Sale) {
  const totals = totalsOf(sale.lines);
  const orderId = rows.order({ ...sale, subtotal: totals.subtotal, vatAmount: totals.vatAmount, total: totals.total });
  const itemIds = sale.lines.map((line, i) =>
    rows.orderItem({
      orderId,
      productId: line.productId,
      productName: line.productName,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      total: totals.lines[i].net,
      vatAmount: totals.lines[i].vat,
    }),
  );

  const invoice = sale.invoice;
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
  sale.lines.forEach((line, i) =>
    rows.salesInvoiceItem({
      invoiceId,
      productId: line.productId,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      vatAmount: totals.lines[i].vat,
      total: totals.lines[i].net,
    }),
  );

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
