/**
 * The order confirmation email: sent once an order has been committed, to the account's email (and a copy
 * to the shipping email the buyer gave when it is at the same company: orderMailRecipients). It lists the lines, the totals and where the order is going. A mail failure is logged and never
 * fails the order: the order stands, and the customer can see it under /account/orders.
 */
import { asc, eq } from "drizzle-orm";
import { orderItems, orders, salesInvoices, users } from "~db/schema";
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { sendMail, type SentMail } from "~/utils/mail.server";
import { formatMoney, formatPercent } from "~/utils/money";
import { describeOrderLine } from "~/domain/invoices/invoices.server";
import { companyFooter, escapeHtml } from "~/domain/shared/notice-mail.server";
import { orderMailRecipients } from "~/domain/shared/order-mail-recipients";
import { formatDeliveryDate } from "~/domain/ordering/delivery-date";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { deliveryText, placedOrderDelivery } from "~/domain/ordering/delivery-charge";
import { formatUkDateTime } from "~/utils/uk-time";
import { holdMessageFor } from "~/domain/credit/credit-hold";

export type ConfirmationOrder = {
  orderNumber: string;
  status: string;
  createdAt: Date;
  subtotal: number;
  vatAmount: number;
  total: number;
  /** a loyalty voucher's discount, already taken off the subtotal */
  discountAmount?: number;
  freeShipping?: boolean;
  /** the delivery charge ex VAT (its VAT is in vatAmount) */
  deliveryChargePence?: number;
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
  /** the buyer's purchase-order reference */
  poReference?: string | null;
  /** instructions for the delivery */
  deliveryNotes?: string | null;
  /** the expected delivery date (YYYY-MM-DD); none while the order waits for approval */
  estimatedDelivery?: string | null;
  /** why the order is on credit hold (status on_hold) */
  holdReason?: string | null;
  /** the invoice's due date, from the company's terms; null when it has no invoice yet */
  invoiceDueDate?: string | null;
  items: {
    productName: string;
    selectedVariants: Record<string, string>;
    quantity: number;
    unitPrice: number;
    vatRate: number;
    total: number;
  }[];
};

/** Subject, plain text and HTML of the confirmation for one order. */
export function orderConfirmationEmail(order: ConfirmationOrder, company: CompanySettings = getCompanySettings()) {
  const awaitingApproval = order.status === "pending_approval";
  const onHold = order.status === "on_hold";
  // the buyer's own reference in the subject lets their accounts team file the mail without opening it
  const yourPo = order.poReference ? ` (your PO ${order.poReference})` : "";
  const subject = onHold
    ? `Order ${order.orderNumber}${yourPo} received: on credit hold`
    : awaitingApproval
      ? `Order ${order.orderNumber}${yourPo} received: awaiting approval`
      : `Order ${order.orderNumber}${yourPo} confirmed`;
  const intro = onHold
    ? `Thank you for your order ${order.orderNumber}. ${holdMessageFor(order.holdReason ?? "")} We have put the stock aside for it; it is not dispatched or invoiced until it is released, and we will email you then.`
    : awaitingApproval
    ? `Thank you for your order ${order.orderNumber}. Your account's orders are approved before we process them: we will be in touch once it has been approved, and your invoice will follow then.`
    : `Thank you for your order ${order.orderNumber}. We have received it and will let you know when it ships.${
        order.invoiceDueDate ? ` Your invoice is due by ${formatInvoiceDate(order.invoiceDueDate)}.` : ""
      }`;
  const address = [order.shippingName, order.shippingAddress, order.shippingCity, order.shippingPostcode];
  const expected = order.estimatedDelivery ? formatDeliveryDate(order.estimatedDelivery) : null;
  const lines = order.items.map((item) => ({
    description: describeOrderLine(item.productName, item.selectedVariants),
    quantity: item.quantity,
    unit: formatMoney(item.unitPrice),
    vat: formatPercent(item.vatRate),
    total: formatMoney(item.total),
  }));
  const delivery = placedOrderDelivery({ deliveryChargePence: order.deliveryChargePence ?? 0, freeShipping: order.freeShipping ?? false });
  const totals: [string, string][] = [
    ...(order.discountAmount ? [["Voucher discount (included)", `−${formatMoney(order.discountAmount)}`] as [string, string]] : []),
    ["Subtotal (ex VAT)", formatMoney(order.subtotal)],
    ...(delivery ? [["Delivery (ex VAT)", deliveryText(delivery)] as [string, string]] : []),
    ["VAT", formatMoney(order.vatAmount)],
    ["Total", formatMoney(order.total)],
  ];
  const footer = companyFooter(company);

  const text = [
    `Hello ${order.shippingName},`,
    "",
    intro,
    "",
    `Order number: ${order.orderNumber}`,
    ...(order.poReference ? [`Your PO reference: ${order.poReference}`] : []),
    `Placed: ${formatUkDateTime(order.createdAt)}`,
    ...(expected ? [`Expected delivery: ${expected}`] : []),
    "",
    "Items (prices ex VAT):",
    ...lines.map((line) => `- ${line.quantity} × ${line.description} @ ${line.unit} (VAT ${line.vat}) = ${line.total}`),
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    "Delivering to:",
    ...address,
    ...(order.deliveryNotes ? ["", "Delivery notes:", order.deliveryNotes] : []),
    "",
    footer,
  ].join("\n");

  const cell = "padding:6px 8px;border-bottom:1px solid #e2e8f0;";
  const html = `<!doctype html>
<html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<p>Hello ${escapeHtml(order.shippingName)},</p>
<p>${escapeHtml(intro)}</p>
<p><strong>Order number:</strong> ${escapeHtml(order.orderNumber)}<br>${order.poReference ? `<strong>Your PO reference:</strong> ${escapeHtml(order.poReference)}<br>` : ""}<strong>Placed:</strong> ${escapeHtml(formatUkDateTime(order.createdAt))}${expected ? `<br><strong>Expected delivery:</strong> ${escapeHtml(expected)}` : ""}</p>
<table style="border-collapse:collapse;width:100%;max-width:640px;font-size:14px;">
<thead><tr>
<th style="${cell}text-align:left;">Item</th><th style="${cell}text-align:right;">Qty</th><th style="${cell}text-align:right;">Unit (ex VAT)</th><th style="${cell}text-align:right;">VAT</th><th style="${cell}text-align:right;">Total (ex VAT)</th>
</tr></thead>
<tbody>
${lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.description)}</td><td style="${cell}text-align:right;">${line.quantity}</td><td style="${cell}text-align:right;">${escapeHtml(line.unit)}</td><td style="${cell}text-align:right;">${escapeHtml(line.vat)}</td><td style="${cell}text-align:right;">${escapeHtml(line.total)}</td></tr>`,
  )
  .join("\n")}
</tbody>
<tfoot>
${totals
  .map(
    ([label, value]) =>
      `<tr><td colspan="4" style="${cell}text-align:right;"><strong>${escapeHtml(label)}</strong></td><td style="${cell}text-align:right;"><strong>${escapeHtml(value)}</strong></td></tr>`,
  )
  .join("\n")}
</tfoot>
</table>
<p><strong>Delivering to:</strong><br>${address.map(escapeHtml).join("<br>")}</p>
${order.deliveryNotes ? `<p><strong>Delivery notes:</strong><br>${escapeHtml(order.deliveryNotes).replace(/\n/g, "<br>")}</p>` : ""}
<p style="color:#64748b;font-size:12px;">${escapeHtml(footer)}</p>
</body></html>`;

  return { subject, text, html };
}

function loadConfirmationOrder(db: DB, orderId: number): (ConfirmationOrder & { accountEmail: string }) | null {
  const found = db
    .select({ order: orders, accountEmail: users.email, invoiceDueDate: salesInvoices.dueDate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(salesInvoices, eq(salesInvoices.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .get();
  if (!found) return null;
  const items = db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).all();
  return { ...found.order, accountEmail: found.accountEmail, invoiceDueDate: found.invoiceDueDate, items };
}

/**
 * Sends the confirmation for an order that has been committed. Never throws: a failure is logged and
 * reported as null, because the order itself has been placed either way.
 */
export async function sendOrderConfirmation(db: DB, orderId: number): Promise<SentMail | null> {
  try {
    const order = loadConfirmationOrder(db, orderId);
    if (!order) return null;
    const email = orderConfirmationEmail(order);
    return await sendMail({ ...orderMailRecipients(order.accountEmail, order.shippingEmail), ...email });
  } catch (error) {
    console.error(`The confirmation email for order ${orderId} could not be sent`, error);
    return null;
  }
}
