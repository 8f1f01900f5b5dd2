/**
 * A company approver's decision on an order sent for approval, placed (on the last approval) through the same
 * writeOrder as every order: priced, stock-checked and taken at that moment, invoiced or left for the
 * wholesaler's own approval as the account requires, and confirmed to the buyer by mail.
 */
import { decideApproval, type PlaceHeld } from "~/domain/companies/approvals.server";
import type { ApprovalDecisionInput } from "~/domain/companies/approvals.schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { sendOrderConfirmation } from "./order-emails.server";
import { OrderRefused, refuse } from "./order-writing.server";
import { writeOrder } from "./orders.server";

export const REQUESTER_GONE_MESSAGE = "The person who sent this order no longer has an account, so it cannot be placed. Reject it.";

/** Places what a request holds, as the person who sent it; a refusal says that it could not be placed, and why. */
const placeHeldOrder: PlaceHeld = (tx, row) => {
  if (!row.userId) throw refuse(409, REQUESTER_GONE_MESSAGE);
  try {
    const placed = writeOrder(
      tx,
      row.userId,
      {
        ...row.orderInput,
        idempotencyKey: null,
        // an accepted quote's request keeps its quoted prices (docs/decisions/0073); any other is priced now
        lines: row.lines.map((line) => ({
          productId: line.productId,
          selectedVariants: line.selectedVariants,
          quantity: line.quantity,
          ...(row.orderInput.quoteId != null ? { unitPrice: line.unitPrice } : {}),
        })),
        cart: "keep",
      },
      { limits: "approved" },
    );
    return { orderId: placed.orderId, orderNumber: placed.orderNumber, status: placed.status };
  } catch (error) {
    if (error instanceof OrderRefused) {
      throw refuse(error.failure.status, `The order cannot be placed: ${error.failure.message}`, error.failure.field);
    }
    throw error;
  }
};

export function decideOrderApproval(db: DB, actor: SessionUser, id: number, input: ApprovalDecisionInput, key: string | null = null) {
  return decideApproval(db, actor, id, input, placeHeldOrder, key, (orderId) => sendOrderConfirmation(db, orderId));
}
