/**
 * The buyer's side of quotes (docs/decisions/0072-quote-states.md): asking for one (from the cart, the
 * quick-order pad, a CSV or the API), reading them, declining one and asking for a revision. Accepting is
 * quote-accept.server.ts; the back office's side is quote-admin.server.ts.
 *
 * A quote belongs to the company of the person who asked; that person sees it, and so do the company's
 * approvers and admins; anyone else gets 404, as if it did not exist. Every write is one transaction, made
 * repeat-safe by its idempotency key.
 */
import { and, eq, or } from "drizzle-orm";
import { cartItems, quotes } from "~db/schema";
import { quickOrderLines } from "~/domain/cart/quick-order.server";
import { companyMay, companyRoleRefusal } from "~/domain/companies/company-roles";
import { catchRefusal, refuse } from "~/domain/orders/order-writing.server";
import { checkoutRefusal } from "~/domain/orders/orders.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { nextSequenceValue } from "~/domain/shared/numbering.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { NO_QUOTE_LINES, QUOTE_NOT_FOUND, type DeclineQuoteInput, type RequestQuoteInput, type ReviseQuoteInput } from "./quote.schema";
import { insertQuoteLines, prepareQuoteLines, type QuoteLineInput } from "./quote-lines.server";
import { buyerScope, buyerView, findVisibleQuote, loadQuoteLines, pageOfQuotes, quoteJson, stateFilter, type QuoteRow } from "./quote-read.server";
import { formatQuoteNumber, mayMove, quoteLabel, quoteState, wrongMoveMessage, type QuoteMove, type QuoteState } from "./quote-states";

export const CART_EMPTY_FOR_QUOTE = "Your cart is empty: add the products you want priced first";

/** Why this person may not use quotes at all, or null: a company's viewers, staff and suppliers may not. */
export function quotesRefusal(actor: SessionUser): Failure | null {
  if (actor.role !== "customer" || actor.companyId === null) return fail(403, "Quotes belong to trade accounts.");
  if (!companyMay(actor.companyRole, "quotes")) return fail(403, companyRoleRefusal(actor.companyRole!, "quotes"));
  return null;
}

/** Why this person may not ask for (or accept) a quote: as for ordering, plus the quotes area. */
function requestRefusal(actor: SessionUser): Failure | null {
  return checkoutRefusal(actor) ?? quotesRefusal(actor);
}

export type QuoteWritten = { quoteId: number; label: string };

/**
 * Asks for a quote: `items` given (API, quick-order pad, CSV), or the buyer's cart (`from: "cart"`), which is
 * emptied in the same transaction: its lines are on the quote now, to be ordered by accepting it
 * (docs/decisions/0073-quote-orders.md). Nothing is priced yet; each line keeps the buyer's own price today.
 */
export function requestQuote(
  db: DB,
  actor: SessionUser,
  input: Omit<RequestQuoteInput, "items"> & { items?: RequestQuoteInput["items"] },
  options: { from: "cart" | "items"; key: string | null },
): Result<QuoteWritten> {
  const refused = requestRefusal(actor);
  if (refused) return refused;
  const scope = scopeFor(REPEAT_SCOPE.quoteRequest);
  const outcome = runOnce(db, { ownerId: actor.id, scope, key: options.key, command: { ...input, from: options.from } }, (tx) =>
    catchRefusal(() => {
      let items: QuoteLineInput[] = input.items ?? [];
      if (options.from === "cart") {
        items = tx
          .select({ productId: cartItems.productId, selectedVariants: cartItems.selectedVariants, quantity: cartItems.quantity })
          .from(cartItems)
          .where(eq(cartItems.userId, actor.id))
          .all();
        if (items.length === 0) throw refuse(400, CART_EMPTY_FOR_QUOTE, "items");
      }
      if (items.length === 0) throw refuse(400, NO_QUOTE_LINES, "items");
      // a buyer's request keeps every pack rule (only the back office may quote outside one)
      const { lines } = prepareQuoteLines(tx, findSessionUser(tx, actor.id), items);
      const now = new Date();
      const quoteNumber = formatQuoteNumber(nextSequenceValue(tx, "quote"));
      const row = tx
        .insert(quotes)
        .values({
          quoteNumber,
          version: 1,
          companyId: actor.companyId!,
          userId: actor.id,
          status: "requested",
          requestNotes: input.notes ?? null,
          wantedBy: input.wantedBy ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      insertQuoteLines(tx, row.id, lines.map((line) => ({ ...line, unitPrice: null })));
      if (options.from === "cart") tx.delete(cartItems).where(eq(cartItems.userId, actor.id)).run();
      recordAudit(tx, { actorId: actor.id, action: "quote.requested", entityType: "quote", entityId: row.id, details: { lines: lines.length } });
      return { quoteId: row.id, label: quoteLabel(row) };
    }),
  );
  return outcome.result;
}

export const NOTHING_TO_QUOTE = "Enter at least one SKU and quantity to be priced";

/**
 * Asks for a quote for the lines of a Quick Entry list or a quick-order CSV: the same lines they would add to
 * the cart (the cart is left as it is). A line that names nothing orderable refuses the whole request (400 on
 * `lines`, each line's problem said), so nothing is quoted that the buyer did not mean.
 */
export function requestQuoteFromList(
  db: DB,
  actor: SessionUser,
  input: Omit<RequestQuoteInput, "items"> & { text: string; kind: "entry" | "csv" },
  key: string | null,
): Result<QuoteWritten> {
  const refused = requestRefusal(actor);
  if (refused) return refused;
  const { text, kind, ...details } = input;
  const found = quickOrderLines(db, text, kind);
  if (found.errors.length > 0) return fail(400, found.errors.join("; "), "lines");
  if (found.lines.length === 0) return fail(400, NOTHING_TO_QUOTE, "lines");
  const asked = requestQuote(db, actor, { ...details, items: found.lines }, { from: "items", key });
  // a line's problem (a pack rule, an option) is said under the list it came from
  return !asked.ok && (asked.field === "quantity" || asked.field === "items") ? fail(asked.status, asked.message, "lines") : asked;
}

export function listMyQuotes(db: DB, actor: SessionUser, { page = 1, state }: { page?: number; state?: QuoteState } = {}) {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const scope = buyerScope(actor)!;
  // to a buyer a draft is still being priced, so "requested" finds both
  const filter = state === "requested" ? or(stateFilter("requested"), stateFilter("draft")) : state ? stateFilter(state) : undefined;
  const found = pageOfQuotes(db, and(scope, filter), page);
  return ok({ ...found, items: found.items.map(buyerView) });
}

export function getMyQuote(db: DB, actor: SessionUser, id: number) {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const row = findVisibleQuote(db, actor, id);
  if (!row) return fail(404, QUOTE_NOT_FOUND);
  return ok(buyerView(quoteJson(db, row)));
}

/** Inside a write: the quote this person may see, in a state the move is allowed from (else 404 or 409). */
export function quoteForMove(tx: DB, actor: SessionUser, id: number, move: QuoteMove, now: Date): QuoteRow {
  const row = findVisibleQuote(tx, actor, id);
  if (!row) throw refuse(404, QUOTE_NOT_FOUND);
  const state = quoteState(row, now);
  if (!mayMove(state, move)) throw refuse(409, wrongMoveMessage(quoteLabel(row), move, state));
  return row;
}

/** Declines a sent quote with the buyer's reason. */
export function declineQuote(db: DB, actor: SessionUser, id: number, input: DeclineQuoteInput, key: string | null = null): Result<QuoteWritten> {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.quoteDecline, id), key, command: input };
  return runOnce(db, ref, (tx) =>
    catchRefusal(() => {
      const now = new Date();
      const row = quoteForMove(tx, actor, id, "decline", now);
      tx.update(quotes)
        .set({ status: "declined", declineReason: input.reason, declinedAt: now, updatedAt: now })
        .where(eq(quotes.id, row.id))
        .run();
      recordAudit(tx, { actorId: actor.id, action: "quote.declined", entityType: "quote", entityId: row.id, details: { reason: input.reason } });
      return { quoteId: row.id, label: quoteLabel(row) };
    }),
  ).result;
}

/**
 * Asks for a revision of a sent (or expired) quote: this version is kept as it is, marked revision requested,
 * and a new version of the same number is made with the same lines and prices as a starting point, the
 * buyer's note, and no valid-until date, for the wholesaler to price and send again. Answers the new version.
 */
export function reviseQuote(db: DB, actor: SessionUser, id: number, input: ReviseQuoteInput, key: string | null = null): Result<QuoteWritten> {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.quoteRevise, id), key, command: input };
  return runOnce(db, ref, (tx) =>
    catchRefusal(() => {
      const now = new Date();
      const row = quoteForMove(tx, actor, id, "revise", now);
      tx.update(quotes).set({ status: "revision_requested", updatedAt: now }).where(eq(quotes.id, row.id)).run();
      const next = tx
        .insert(quotes)
        .values({
          quoteNumber: row.quoteNumber,
          version: row.version + 1,
          companyId: row.companyId,
          userId: row.userId,
          status: "requested",
          requestNotes: input.notes,
          notes: row.notes,
          wantedBy: row.wantedBy,
          deliveryTerms: row.deliveryTerms,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      insertQuoteLines(
        tx,
        next.id,
        loadQuoteLines(tx, row.id).map(({ id: _id, quoteId: _quoteId, position: _position, ...line }) => line),
      );
      recordAudit(tx, { actorId: actor.id, action: "quote.revision_requested", entityType: "quote", entityId: row.id, details: { newVersion: next.id } });
      return { quoteId: next.id, label: quoteLabel(next) };
    }),
  ).result;
}
