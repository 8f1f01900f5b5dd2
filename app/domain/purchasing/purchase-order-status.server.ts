/**
 * Moving a purchase order on (screen and API): draft → sent → received, draft or sent → cancelled.
 * - Sending emails the supplier the order as a PDF, then marks it sent; if the mail cannot be sent the order
 *   stays a draft (502 with the mail server's message).
 * - Receiving adds each line's quantity to its product's stock in the same transaction that marks it
 *   received, and only from sent, so the stock is added exactly once (a second receive is refused, 409).
 * Every change is audited; a repeated idempotency key answers the first result and changes nothing.
 */
import { addStock } from "~/domain/catalog/stock-movements.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { products, purchaseOrderItems, purchaseOrders } from "~db/schema";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { earlierResult, runOnce, type RepeatRef } from "~/utils/idempotency.server";
import { sendMail } from "~/utils/mail.server";
import { fail, ok, type Result } from "~/utils/result";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Actor } from "./purchase-order-create.server";
import { loadPurchaseOrderDocument, purchaseOrderMailText, renderPurchaseOrderPdf } from "./purchase-order-document.server";
import { statusMoveRefusal, type PurchaseOrderStatus } from "./purchase-order-status";
import { PURCHASE_ORDER_NOT_FOUND, STATUS_UPDATE_FAILED, type PurchaseOrderStatusInput } from "./purchase-order.schema";

export type StatusChange = { id: number; orderNumber: string; status: PurchaseOrderStatus; description: string };
/** A mail server that refused or could not be reached is not the client's fault: 502. */
type MailFailure = { ok: false; status: 502; message: string };

const NO_SUPPLIER = "has no supplier to send it to: its supplier's account was removed. Cancel it and create a new one";

type Ref = RepeatRef;

function currentStatus(db: DB, id: number) {
  return db
    .select({ id: purchaseOrders.id, orderNumber: purchaseOrders.orderNumber, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .get();
}

/** Moves `from` → `to` inside `tx` only if the order is still in `from`; otherwise the refusal of its status now. */
function claim(tx: DB, id: number, from: PurchaseOrderStatus, to: PurchaseOrderStatus, set: Partial<typeof purchaseOrders.$inferInsert>) {
  const moved = tx
    .update(purchaseOrders)
    .set({ status: to, ...set })
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, from)))
    .returning({ id: purchaseOrders.id })
    .get();
  if (moved) return null;
  const now = currentStatus(tx, id);
  return now ? fail(409, statusMoveRefusal(now.orderNumber, now.status, to) ?? `${now.orderNumber} changed meanwhile: try again`) : fail(404, PURCHASE_ORDER_NOT_FOUND);
}

export async function updatePurchaseOrderStatus(
  db: DB,
  actor: Actor,
  id: number,
  input: PurchaseOrderStatusInput,
  key: string | null = null,
): Promise<Result<StatusChange> | MailFailure> {
  const ref: Ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.purchaseOrderStatus, id), key, command: input };
  const previous = earlierResult<Result<StatusChange>>(db, ref)?.result ?? null;
  if (previous) return previous;

  const order = currentStatus(db, id);
  if (!order) return fail(404, PURCHASE_ORDER_NOT_FOUND);
  const refusal = statusMoveRefusal(order.orderNumber, order.status, input.status);
  if (refusal) return fail(409, refusal);

  if (input.status === "sent") return send(db, actor, id, ref);
  if (input.status === "received") return receive(db, actor, id, ref);
  return cancel(db, actor, id, order.status, ref);
}

async function send(db: DB, actor: Actor, id: number, ref: Ref): Promise<Result<StatusChange> | MailFailure> {
  const document = loadPurchaseOrderDocument(db, id);
  if (!document) return fail(404, PURCHASE_ORDER_NOT_FOUND);
  if (!document.supplier) return fail(409, `${document.orderNumber} ${NO_SUPPLIER}`);
  const sentAt = new Date();
  const company = getCompanySettings();
  const to = document.supplier.email;
  const subject = `Purchase order ${document.orderNumber} from ${company.name}`;
  let sent: { messageId: string; file: string | null };
  try {
    const sending = { ...document, status: "sent" as const, sentAt };
    const pdf = await renderPurchaseOrderPdf(sending, company);
    sent = await sendMail({
      to,
      subject,
      text: purchaseOrderMailText(sending, company),
      attachments: [{ filename: `${document.orderNumber}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
  } catch (error) {
    console.error(`Sending purchase order ${document.orderNumber} failed`, error);
    const message = error instanceof Error && error.message.trim() ? error.message.trim() : STATUS_UPDATE_FAILED;
    return { ok: false, status: 502, message };
  }
  const { result } = runOnce(
    db,
    ref,
    (tx): Result<StatusChange> => {
      const refused = claim(tx, id, "draft", "sent", { sentAt });
      if (refused) return refused;
      recordAudit(tx, {
        actorId: actor.id,
        action: "purchase_order.sent",
        entityType: "purchase_order",
        entityId: id,
        details: { orderNumber: document.orderNumber, to, subject, messageId: sent.messageId, outboxFile: sent.file },
      });
      return ok({
        id,
        orderNumber: document.orderNumber,
        status: "sent",
        description: `${document.orderNumber} was emailed to ${to} with the order attached as a PDF.`,
      });
    },
    (outcome) => outcome.ok,
  );
  return result;
}

function receive(db: DB, actor: Actor, id: number, ref: Ref): Result<StatusChange> {
  const { result } = runOnce(
    db,
    ref,
    (tx): Result<StatusChange> => {
      const receivedAt = new Date();
      const refused = claim(tx, id, "sent", "received", { receivedAt });
      if (refused) return refused;
      const order = currentStatus(tx, id)!;
      const lines = tx
        .select({ productId: purchaseOrderItems.productId, quantity: purchaseOrderItems.quantity })
        .from(purchaseOrderItems)
        .where(eq(purchaseOrderItems.purchaseOrderId, id))
        .all();
      const units = new Map<number, number>();
      for (const line of lines) {
        if (line.productId !== null) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
      }
      // a product deleted since the order was raised has nowhere to put its stock
      const added: { productId: number; quantity: number }[] = [];
      for (const [productId, quantity] of units) {
        const cause = { reason: "receipt" as const, purchaseOrderId: id, userId: actor.id, at: receivedAt };
        if (addStock(tx, productId, quantity, cause) !== null) added.push({ productId, quantity });
      }
      const total = added.reduce((sum, line) => sum + line.quantity, 0);
      recordAudit(tx, {
        actorId: actor.id,
        action: "purchase_order.received",
        entityType: "purchase_order",
        entityId: id,
        details: { orderNumber: order.orderNumber, stockAdded: added, units: total },
      });
      return ok({
        id,
        orderNumber: order.orderNumber,
        status: "received",
        description: `${order.orderNumber} was received: ${total.toLocaleString("en-GB")} units added to the stock of ${added.length} ${added.length === 1 ? "product" : "products"}.`,
      });
    },
    (outcome) => outcome.ok,
  );
  return result;
}

function cancel(db: DB, actor: Actor, id: number, from: PurchaseOrderStatus, ref: Ref): Result<StatusChange> {
  const { result } = runOnce(
    db,
    ref,
    (tx): Result<StatusChange> => {
      const refused = claim(tx, id, from, "cancelled", { cancelledAt: new Date() });
      if (refused) return refused;
      const order = currentStatus(tx, id)!;
      recordAudit(tx, {
        actorId: actor.id,
        action: "purchase_order.cancelled",
        entityType: "purchase_order",
        entityId: id,
        details: { orderNumber: order.orderNumber, from },
      });
      return ok({ id, orderNumber: order.orderNumber, status: "cancelled", description: `${order.orderNumber} was cancelled.` });
    },
    (outcome) => outcome.ok,
  );
  return result;
}
