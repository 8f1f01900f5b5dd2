/**
 * What a customer is told when the back office decides on their return (decision "Order of events"):
 * approved (send the goods back), rejected (with the note the back office wrote), completed (with the refund
 * incl. VAT, or the exchange going out). Mail goes to the account's email, with a copy to the order's shipping
 * email only at the same company domain (orderMailRecipients). Callers send after their
 * transaction has committed; a mail failure is logged and changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { orders, returns, users } from "~db/schema";
import type { CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import type { SentMail } from "~/utils/mail.server";
import { formatMoney } from "~/utils/money";
import { sendNotice, type Notice } from "~/domain/shared/notice-mail.server";
import { orderMailRecipients } from "~/domain/shared/order-mail-recipients";

export type ReturnEvent = "approved" | "rejected" | "completed";

export type NoticeReturn = {
  orderNumber: string;
  returnType: "refund" | "exchange";
  /** pence incl. VAT, set once completed */
  refundAmount: number | null;
  adminNotes: string | null;
  accountEmail: string;
  shippingEmail: string;
  firstName: string | null;
  shippingName: string;
};

export function returnEventNotice(event: ReturnEvent, item: NoticeReturn, company: CompanySettings): Notice {
  const order = item.orderNumber;
  const base = { greetingName: item.firstName || item.shippingName, link: null };
  const kind = item.returnType === "refund" ? "Refund" : "Exchange";
  const details: [string, string][] = [
    ["Order number", order],
    ["Return type", kind],
  ];
  const note: string[] = item.adminNotes ? [`Our note: ${item.adminNotes}`] : [];
  switch (event) {
    case "approved":
      return {
        ...base,
        subject: `Your return for order ${order} is approved`,
        paragraphs: [
          `We have approved your return request for order ${order}. Please send the items back to us; once they arrive we will complete the ${item.returnType === "refund" ? "refund" : "exchange"} and email you.`,
          ...note,
        ],
        details,
      };
    case "rejected":
      return {
        ...base,
        subject: `Your return for order ${order} was not accepted`,
        paragraphs: [
          `We are sorry: we cannot accept your return request for order ${order}.`,
          ...note,
          `If you have questions, reply to this email or contact ${company.email}.`,
        ],
        details,
      };
    case "completed":
      return {
        ...base,
        subject:
          item.returnType === "refund"
            ? `Refund of ${formatMoney(item.refundAmount ?? 0)} for order ${order}`
            : `Your exchange for order ${order} is complete`,
        paragraphs: [
          item.returnType === "refund"
            ? `Your return for order ${order} is complete and we have refunded ${formatMoney(item.refundAmount ?? 0)} (incl. VAT).`
            : `Your return for order ${order} is complete and the replacement goods are being sent to you.`,
        ],
        details: [...details, ...(item.returnType === "refund" ? [["Refund (incl. VAT)", formatMoney(item.refundAmount ?? 0)] as [string, string]] : [])],
      };
  }
}

function loadNoticeReturn(db: DB, returnId: number): NoticeReturn | null {
  const row = db
    .select({
      orderNumber: orders.orderNumber,
      returnType: returns.returnType,
      refundAmount: returns.refundAmount,
      adminNotes: returns.adminNotes,
      accountEmail: users.email,
      firstName: users.firstName,
      shippingName: orders.shippingName,
      shippingEmail: orders.shippingEmail,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    // the account that asked for the return, else the order's
    .innerJoin(users, eq(users.id, sql`coalesce(${returns.userId}, ${orders.userId})`))
    .where(eq(returns.id, returnId))
    .get();
  return row ?? null;
}

/** Tells the return's account holder about `event`. Never throws; null when nothing was sent. */
export function sendReturnEventEmail(db: DB, returnId: number, event: ReturnEvent): Promise<SentMail | null> {
  return sendNotice(`return ${event}`, (company) => {
    const item = loadNoticeReturn(db, returnId);
    if (!item) return null;
    return { recipients: orderMailRecipients(item.accountEmail, item.shippingEmail), notice: returnEventNotice(event, item, company) };
  });
}
