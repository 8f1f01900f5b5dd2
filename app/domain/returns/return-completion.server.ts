/**
 * Completing an approved return (screen and POST /api/admin/returns/{id}/complete): what it will do, shown on
 * the confirm step, and doing it in one write transaction — stock back, the refund's credit note and its
 * journals, points taken back, an exchange's replacement order — then the customer's mail.
 */
import { and, eq, inArray } from "drizzle-orm";
import { orders, products, returns } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { addStock } from "~/domain/catalog/stock-movements.server";
import { financialAccountExists } from "~/domain/finance/financial-accounts.server";
import { creditNoteSplit, issueCreditNote } from "~/domain/invoices/credit-notes.server";
import { FINANCIAL_ACCOUNT_NOT_FOUND } from "~/domain/invoices/invoice-books.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { pointsHeldByOrder, reversePointsForReturn } from "~/domain/loyalty/points.server";
import { catchRefusal } from "~/domain/orders/order-writing.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { writeReplacementOrder } from "./exchange-replacement.server";
import { sendReturnEventEmail } from "./return-emails.server";
import { itemRows, reread, storeSuccess, type Actor, type AdminReturnJson } from "./return-processing.server";
import { completeRefusedMessage, RETURN_NOT_FOUND, type CompleteReturnInput } from "./return-processing.schema";
import { returnedLine, returnValue } from "./return-refund";

type CompletionPlan = {
  /** inc VAT, pence; 0 for an exchange */
  refundAmount: number;
  /** ex VAT, pence: the credit note's subtotal (0 for an exchange) */
  refundNet: number;
  /** the refund's credit note: set against the invoice while it owes (applied), the rest paid back (refunded) */
  credit: { invoiceNumber: string | null; owed: number; appliedAmount: number; refundedAmount: number };
  /** units going back per product that still exists; none for an exchange (the replacement goes out) */
  restock: { productId: number; quantity: number }[];
  /** points the order gives back: floor of the refunded value ex VAT in pounds, capped by what it still holds */
  points: number;
};

function planCompletion(tx: DB, row: { id: number; orderId: number; returnType: "refund" | "exchange" }): CompletionPlan {
  const items = itemRows(tx, [row.id]);
  const value = returnValue(row.returnType, items.map(returnedLine));
  const units = new Map<number, number>();
  // an exchange's goods come back too; its replacement order then takes the same units out again
  for (const item of items) {
    if (item.productId !== null) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  }
  const existing =
    units.size === 0
      ? new Set<number>()
      : new Set(
          tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, [...units.keys()]))
            .all()
            .map((product) => product.id),
        );
  const split = creditNoteSplit(tx, row.orderId, value.refundAmount);
  return {
    refundAmount: value.refundAmount,
    refundNet: row.returnType === "refund" ? value.net : 0,
    credit: {
      invoiceNumber: split.invoice?.invoiceNumber ?? null,
      owed: split.owed,
      appliedAmount: split.appliedAmount,
      refundedAmount: split.refundedAmount,
    },
    restock: [...units]
      .filter(([productId]) => existing.has(productId))
      .sort(([a], [b]) => a - b)
      .map(([productId, quantity]) => ({ productId, quantity })),
    points: value.points > 0 ? Math.min(value.points, pointsHeldByOrder(tx, row.orderId)) : 0,
  };
}

/** What completing an approved return would do, for the confirm step; null when it cannot be completed. */
export function previewCompletion(db: DB, id: number): CompletionPlan | null {
  const row = db
    .select({ id: returns.id, orderId: returns.orderId, returnType: returns.returnType, status: returns.status })
    .from(returns)
    .where(eq(returns.id, id))
    .get();
  return row && row.status === "approved" ? planCompletion(db, row) : null;
}


/**
 * Complete: only for an approved return (409 otherwise, and for one already completed, so nothing is done
 * twice). In one write transaction: status completed with completedAt and the refund amount, the returned
 * units back into stock, the refunded value's points taken back from the order, the refund's credit note
 * (set against its invoice while that still owes; the rest paid back from `financialAccountId`, or posted to
 * Suspense when none is named) with its journals, and the audit entry. 400 for an unknown account.
 */
export async function completeReturn(
  db: DB,
  actor: Actor,
  id: number,
  key: string | null = null,
  input: CompleteReturnInput = {},
): Promise<Result<AdminReturnJson>> {
  // an exchange's replacement order can be short of stock: that refuses the whole completion
  const outcome = catchRefusal(() =>
    runOnce(
      db,
      { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.returnComplete, id), key, command: { id, ...input } },
      (tx): Result<{ id: number }> => {
        const row = tx
          .select({
            id: returns.id,
            orderId: returns.orderId,
            returnType: returns.returnType,
            status: returns.status,
            returnNumber: returns.returnNumber,
            orderNumber: orders.orderNumber,
            orderUserId: orders.userId,
            orderStatus: orders.status,
          })
          .from(returns)
          .leftJoin(orders, eq(orders.id, returns.orderId))
          .where(eq(returns.id, id))
          .get();
        if (!row) return fail(404, RETURN_NOT_FOUND);
        if (row.status !== "approved") return fail(409, completeRefusedMessage(row.status), "status");
        // a cancelled order already had its stock back and its invoice voided: completing would do both twice
        if (row.orderStatus === "cancelled") {
          return fail(409, `Order ${row.orderNumber} was cancelled, so this return cannot be completed`, "status");
        }

        if (input.financialAccountId !== undefined && !financialAccountExists(tx, input.financialAccountId)) {
          return fail(400, FINANCIAL_ACCOUNT_NOT_FOUND, "financialAccountId");
        }
        const plan = planCompletion(tx, row);
        const now = new Date();
        // conditional on the status read above, so two admins completing at once cannot both succeed
        const moved = tx
          .update(returns)
          .set({ status: "completed", completedAt: now, refundAmount: plan.refundAmount, updatedAt: now })
          .where(and(eq(returns.id, id), eq(returns.status, "approved")))
          .run();
        if (moved.changes === 0) return fail(409, completeRefusedMessage("completed"), "status");

        for (const { productId, quantity } of plan.restock) {
          addStock(tx, productId, quantity, { reason: "return", returnId: id, orderId: row.orderId, userId: actor.id, at: now });
        }
        const replacement = row.returnType === "exchange" ? writeReplacementOrder(tx, id, now) : null;
        const creditNote =
          row.returnType === "refund"
            ? issueCreditNote(tx, {
                returnId: id,
                returnNumber: row.returnNumber,
                orderId: row.orderId,
                customerId: row.orderUserId,
                net: plan.refundNet,
                gross: plan.refundAmount,
                issueDate: ukToday(now),
                refundAccountId: input.financialAccountId ?? null,
                createdBy: actor.id,
              })
            : null;
        const pointsReversed = row.orderNumber
          ? reversePointsForReturn(
              tx,
              { id: row.orderId, orderNumber: row.orderNumber, userId: row.orderUserId },
              id,
              plan.points,
            )
          : 0;

        recordAudit(tx, {
          actorId: actor.id,
          action: "return.completed",
          entityType: "return",
          entityId: id,
          details: {
            orderId: row.orderId,
            returnType: row.returnType,
            refundAmount: toDecimalString(plan.refundAmount),
            restocked: plan.restock,
            pointsReversed,
            replacementOrder: replacement?.orderNumber ?? null,
            creditNote: creditNote
              ? {
                  number: creditNote.creditNoteNumber,
                  invoiceNumber: creditNote.invoiceNumber,
                  applied: creditNote.appliedAmount,
                  refunded: creditNote.refundedAmount,
                  refundAccountId: creditNote.refundedAmount > 0 ? (input.financialAccountId ?? null) : null,
                }
              : null,
          },
        });
        return ok({ id });
      },
      storeSuccess,
    ),
  );
  if (!outcome.ok) return outcome;
  const { result, replayed } = outcome.value;
  if (result.ok && !replayed) await sendReturnEventEmail(db, id, "completed");
  return reread(db, result);
}
