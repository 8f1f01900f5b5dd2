/**
 * An accepted quote whose order was sent to the company's approvers, and rejected or withdrawn there, is open
 * again: back to "sent" (expired, if its valid-until day has passed meanwhile), so the buyer may accept it once
 * more, decline it or ask for a revision (docs/decisions/0073-quote-orders.md). Called in the decision's
 * transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import { quotes } from "~db/schema";
import type { DB } from "~/utils/db.server";

export function reopenQuoteOfRequest(tx: DB, approvalRequestId: number, now: Date) {
  tx.update(quotes)
    .set({ status: "sent", acceptedAt: null, approvalRequestId: null, updatedAt: now })
    .where(and(eq(quotes.approvalRequestId, approvalRequestId), eq(quotes.status, "accepted"), isNull(quotes.acceptedOrderId)))
    .run();
}
