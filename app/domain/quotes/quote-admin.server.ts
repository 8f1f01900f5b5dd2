/**
 * The back office's side of quotes (docs/decisions/0072-quote-states.md): the list, one quote with its
 * margins, pricing it (any price, or a discount off the buyer's own price), and sending it as a PDF by mail.
 */
import { eq } from "drizzle-orm";
import { quoteLines, quotes } from "~db/schema";
import { findNamedProduct } from "~/domain/cart/quick-order.server";
import { catchRefusal, refuse } from "~/domain/orders/order-writing.server";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { log } from "~/utils/log.server";
import { sendMail } from "~/utils/mail.server";
import { fail, ok, type Result } from "~/utils/result";
import { ukDay } from "~/utils/uk-time";
import { ADD_LINE_CODE_FIELD, QUOTE_NOT_FOUND, saveQuoteInputFromForm, type SaveQuoteInput } from "./quote.schema";
import { insertQuoteLines, prepareQuoteLines } from "./quote-lines.server";
import { loadQuoteLines, pageOfQuotes, quoteJson, staffQuoteJson, stateFilter, type QuoteRow } from "./quote-read.server";
import { quoteMailText, renderQuotePdf } from "./quote-pdf.server";
import { mayMove, quoteLabel, quotePdfFilename, quoteState, wrongMoveMessage, type QuoteMove, type QuoteState } from "./quote-states";

export const PRICE_EVERY_LINE = "Price every line before sending the quote";
export const VALID_UNTIL_NEEDED = "Set a valid-until date of today or later before sending the quote";
export const NOBODY_TO_SEND_TO = "The person who asked for this quote no longer has an account: there is nobody to send it to";

export function listStaffQuotes(db: DB, { page = 1, state }: { page?: number; state?: QuoteState } = {}) {
  return pageOfQuotes(db, state ? stateFilter(state) : undefined, page);
}

export function getStaffQuote(db: DB, id: number) {
  const row = db.select().from(quotes).where(eq(quotes.id, id)).get();
  return row ? staffQuoteJson(db, row) : null;
}

function quoteForStaffMove(tx: DB, id: number, move: QuoteMove, now: Date): QuoteRow {
  const row = tx.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!row) throw refuse(404, QUOTE_NOT_FOUND);
  const state = quoteState(row, now);
  if (!mayMove(state, move)) throw refuse(409, wrongMoveMessage(quoteLabel(row), move, state));
  return row;
}

/**
 * The pricing form's post as the API's PUT body (saveQuoteInputFromForm), its new line's product found by the
 * SKU or barcode typed (quick order's own lookup, options after a comma); one not found is 400 on the field.
 */
export function quoteFormInput(db: DB, formData: FormData): Result<ReturnType<typeof saveQuoteInputFromForm>> {
  const code = String(formData.get(ADD_LINE_CODE_FIELD) ?? "").trim();
  if (!code) return ok(saveQuoteInputFromForm(formData));
  const found = findNamedProduct(db, code);
  if (!found.ok) return fail(400, found.message, ADD_LINE_CODE_FIELD);
  return ok(saveQuoteInputFromForm(formData, found));
}

export type QuoteSaved = { quoteId: number; label: string };

/**
 * Prices a requested or draft quote: its lines replaced by those given (each at its price, or at a discount off
 * the buyer's own price today), the valid-until date, notes and delivery terms. It becomes a draft, not sent.
 */
export function saveQuote(db: DB, actor: SessionUser, id: number, input: SaveQuoteInput, key: string | null = null): Result<QuoteSaved> {
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.quoteSave, id), key, command: input };
  return runOnce(db, ref, (tx) =>
    catchRefusal(() => {
      const now = new Date();
      const row = quoteForStaffMove(tx, id, "save", now);
      const buyer = row.userId ? findSessionUser(tx, row.userId) : null;
      const { lines, overridden } = prepareQuoteLines(tx, buyer, input.items, input);
      tx.delete(quoteLines).where(eq(quoteLines.quoteId, row.id)).run();
      insertQuoteLines(tx, row.id, lines);
      tx.update(quotes)
        .set({
          status: "draft",
          validUntil: input.validUntil ?? null,
          notes: input.notes ?? null,
          deliveryTerms: input.deliveryTerms ?? null,
          updatedAt: now,
        })
        .where(eq(quotes.id, row.id))
        .run();
      recordAudit(tx, { actorId: actor.id, action: "quote.priced", entityType: "quote", entityId: row.id, details: { lines: lines.length, validUntil: input.validUntil } });
      if (overridden.length > 0) {
        recordAudit(tx, {
          actorId: actor.id,
          action: "quote.pack_rule_overridden",
          entityType: "quote",
          entityId: row.id,
          details: { quote: quoteLabel(row), reason: input.packOverrideReason!.trim(), lines: overridden },
        });
      }
      return { quoteId: row.id, label: quoteLabel(row) };
    }),
  ).result;
}

export type QuoteSent = { quoteId: number; label: string; to: string; mailed: boolean; mailError: string | null };

/**
 * Sends a priced quote: it becomes "sent" (the buyer may accept it until the end of its valid-until day), and
 * the quote goes by mail as a PDF to the person who asked. The mail goes after the commit; when it cannot be
 * sent the quote is still sent (the buyer sees it in their account) and the answer says the mail failed.
 */
export async function sendQuote(db: DB, actor: SessionUser, id: number, key: string | null = null): Promise<Result<QuoteSent>> {
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.quoteSend, id), key, command: { id } };
  const outcome = runOnce(db, ref, (tx) =>
    catchRefusal(() => {
      const now = new Date();
      const row = quoteForStaffMove(tx, id, "send", now);
      const lines = loadQuoteLines(tx, row.id);
      if (lines.length === 0 || lines.some((line) => line.unitPrice === null)) throw refuse(409, PRICE_EVERY_LINE, "items");
      if (!row.validUntil || row.validUntil < ukDay(now)) throw refuse(409, VALID_UNTIL_NEEDED, "validUntil");
      const person = row.userId ? findSessionUser(tx, row.userId) : null;
      if (!person) throw refuse(409, NOBODY_TO_SEND_TO);
      tx.update(quotes).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(quotes.id, row.id)).run();
      recordAudit(tx, { actorId: actor.id, action: "quote.sent", entityType: "quote", entityId: row.id, details: { to: person.email } });
      return { quoteId: row.id, label: quoteLabel(row), to: person.email, mailed: false, mailError: null as string | null };
    }),
  );
  const result = outcome.result;
  if (!result.ok || outcome.replayed) return result;
  const row = db.select().from(quotes).where(eq(quotes.id, id)).get()!;
  try {
    const company = getCompanySettings();
    const quote = quoteJson(db, row);
    const pdf = await renderQuotePdf(quote, company);
    await sendMail({
      to: result.value.to,
      subject: `Quote ${quote.label} from ${company.name}`,
      text: quoteMailText(quote, company),
      attachments: [{ filename: quotePdfFilename(quote), content: pdf, contentType: "application/pdf" }],
    });
    return ok({ ...result.value, mailed: true });
  } catch (error) {
    log().error({ err: error, quoteId: id }, "quote mail failed");
    return ok({ ...result.value, mailError: error instanceof Error ? error.message : "The mail could not be sent" });
  }
}
