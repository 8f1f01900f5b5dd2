/**
 * What a customer is told when the back office moves their order on (decision "Order of events"): approved,
 * not approved (rejected), shipped with its tracking, tracking added or changed once shipped, and cancelled.
 * Mail goes to the account's email; the free-text shipping email given at checkout (a delivery contact, where
 * anyone can type anything) gets a copy only at the account's own company domain (orderMailRecipients). An
 * order without an account (a walk-in sale) gets none.
 * Callers send after their transaction has committed; a mail failure is logged and changes nothing.
 */
import { eq } from "drizzle-orm";
import { orders, salesInvoices, users, type OrderStatus } from "~db/schema";
import type { CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import type { SentMail } from "~/utils/mail.server";
import { formatMoney } from "~/utils/money";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { sendNotice, type Notice } from "~/domain/shared/notice-mail.server";
import { orderMailRecipients } from "~/domain/shared/order-mail-recipients";
import { safeTrackingUrl } from "./tracking-link";

export type OrderEvent = "approved" | "rejected" | "shipped" | "tracking" | "cancelled" | "released";

export type NoticeOrder = {
  orderNumber: string;
  total: number;
  shippingName: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  estimatedDelivery: string | null;
  accountEmail: string;
  shippingEmail: string;
  firstName: string | null;
  /** the order's invoice's due date (its terms); null while it has none (held, waiting for approval) */
  invoiceDueDate: string | null;
};

/**
 * The email a status change means: cancelled, shipped, or approved when a pending-approval order is moved
 * on by the status selector (which counts as approving it). Nothing for the other moves.
 */
export function statusChangeEvent(from: OrderStatus, to: OrderStatus): OrderEvent | null {
  if (from === to) return null;
  if (to === "cancelled") return "cancelled";
  if (to === "shipped") return "shipped";
  if (from === "pending_approval" && to !== "pending") return "approved";
  return null;
}

function trackingDetails(order: NoticeOrder): [string, string][] {
  return [
    ["Carrier", order.carrier ?? "Not given yet"],
    ["Tracking number", order.trackingNumber ?? "Not given yet"],
    // stored as 2026-11-30; a mail says "30 Nov 2026", as every screen does
    ...(order.estimatedDelivery ? [["Estimated delivery", formatInvoiceDate(order.estimatedDelivery)] as [string, string]] : []),
  ];
}

/** "Your invoice is due by 31 Dec 2026. " from the invoice's own terms; nothing when there is no invoice yet. */
function dueSentence(order: NoticeOrder) {
  return order.invoiceDueDate ? `Your invoice is due by ${formatInvoiceDate(order.invoiceDueDate)}. ` : "";
}

export function orderEventNotice(event: OrderEvent, order: NoticeOrder, company: CompanySettings): Notice {
  const number = order.orderNumber;
  const base = { greetingName: order.firstName || order.shippingName, link: null };
  const reference: [string, string] = ["Order number", number];
  switch (event) {
    case "approved":
      return {
        ...base,
        subject: `Order ${number} approved`,
        paragraphs: [
          `Your order ${number} has been approved and we are now preparing it. ${dueSentence(order)}We will email you again when the order ships.`,
        ],
        details: [
          reference,
          ["Total (incl. VAT)", formatMoney(order.total)],
          // set when it was approved (order-approvals.server.ts): the first mail that can give it
          ...(order.estimatedDelivery ? [["Expected delivery", formatInvoiceDate(order.estimatedDelivery)] as [string, string]] : []),
        ],
      };
    case "released":
      return {
        ...base,
        subject: `Order ${number} released from credit hold`,
        paragraphs: [
          `Your order ${number} has been released from credit hold and goes on as usual. ${
            order.invoiceDueDate ? dueSentence(order) : ""
          }We will email you again when it ships (or, where your account's orders are approved first, when it is approved).`,
        ],
        details: [reference, ["Total (incl. VAT)", formatMoney(order.total)]],
      };
    case "rejected":
      return {
        ...base,
        subject: `Order ${number} was not approved`,
        paragraphs: [
          `Your order ${number} was not approved, so it has been cancelled and will not be sent. There is nothing to pay for it.`,
          `If you think this is a mistake, reply to this email or contact ${company.email}.`,
        ],
        details: [reference],
      };
    case "shipped":
    case "tracking": {
      const href = safeTrackingUrl(order.trackingUrl);
      return {
        ...base,
        subject: event === "shipped" ? `Order ${number} has shipped` : `Tracking for order ${number}`,
        paragraphs: [
          event === "shipped"
            ? `Good news: your order ${number} is on its way to ${order.shippingName}.`
            : `The tracking details of your order ${number} have been updated.`,
          ...(order.trackingNumber || href ? [] : ["We will email you the tracking details as soon as the carrier gives them to us."]),
        ],
        details: [reference, ...trackingDetails(order)],
        link: href ? { label: "Track your delivery", href } : null,
      };
    }
    case "cancelled":
      return {
        ...base,
        subject: `Order ${number} cancelled`,
        paragraphs: [
          `Your order ${number} has been cancelled and will not be sent. ${
            order.invoiceDueDate ? "Its invoice has been voided, so there is nothing to pay for it." : "There is nothing to pay for it."
          }`,
          `If you did not expect this, reply to this email or contact ${company.email}.`,
        ],
        details: [reference, ["Total (incl. VAT)", formatMoney(order.total)]],
      };
  }
}

function loadNoticeOrder(db: DB, orderId: number): NoticeOrder | null {
  const row = db
    .select({
      orderNumber: orders.orderNumber,
      total: orders.total,
      shippingName: orders.shippingName,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
      estimatedDelivery: orders.estimatedDelivery,
      accountEmail: users.email,
      shippingEmail: orders.shippingEmail,
      firstName: users.firstName,
      invoiceDueDate: salesInvoices.dueDate,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(salesInvoices, eq(salesInvoices.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}

/** Tells the order's account holder about `event`. Never throws; null when nothing was sent. */
export function sendOrderEventEmail(db: DB, orderId: number, event: OrderEvent): Promise<SentMail | null> {
  return sendNotice(`order ${event}`, (company) => {
    const order = loadNoticeOrder(db, orderId);
    if (!order) return null;
    return { recipients: orderMailRecipients(order.accountEmail, order.shippingEmail), notice: orderEventNotice(event, order, company) };
  });
}
