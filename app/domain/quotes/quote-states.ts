/**
 * The states of a quote and the moves between them (docs/decisions/0072-quote-states.md). Pure and
 * browser-safe: the use cases (quotes.server.ts), the screens and the tests read this one table.
 *
 * Stored states: requested (the buyer asked; nothing priced), draft (the wholesaler saved prices), sent,
 * accepted, declined, revision_requested (the buyer asked for another version, which is a new row). A sent
 * quote whose valid-until day is over (UK time) is expired: that is derived, never stored, so nothing has to
 * run at midnight.
 */
import type { QuoteStatus } from "~db/schema";
import { addDays, ukDayStartMs } from "~/utils/uk-time";

export type QuoteState = QuoteStatus | "expired";

export type QuoteMove = "save" | "send" | "accept" | "decline" | "revise";

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: "Requested",
  draft: "Draft (priced, not sent)",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  revision_requested: "Revision requested",
  expired: "Expired",
};

/** The buyer's words for the same states (a draft is still "being priced" to them). */
export const QUOTE_STATE_LABELS_FOR_BUYER: Record<QuoteState, string> = {
  ...QUOTE_STATE_LABELS,
  requested: "Being priced",
  draft: "Being priced",
  sent: "Ready to accept",
};

/** Each move: the states it may start from and the state it leads to. */
export const QUOTE_MOVES: Record<QuoteMove, { from: readonly QuoteState[]; to: QuoteStatus; who: "staff" | "buyer" }> = {
  save: { from: ["requested", "draft"], to: "draft", who: "staff" },
  send: { from: ["requested", "draft"], to: "sent", who: "staff" },
  accept: { from: ["sent"], to: "accepted", who: "buyer" },
  decline: { from: ["sent"], to: "declined", who: "buyer" },
  // a new version is made in "requested"; this one stays as it was, marked revision_requested
  revise: { from: ["sent", "expired"], to: "revision_requested", who: "buyer" },
};

const WHY_NOT: Record<QuoteState, string> = {
  requested: "it has not been priced and sent yet",
  draft: "it has not been sent yet",
  sent: "it has already been sent to the buyer; they can ask for a revision",
  accepted: "it has already been accepted",
  declined: "it has been declined",
  revision_requested: "a revision has been asked for: see its newer version",
  expired: "it has expired",
};

const MOVE_WORDS: Record<QuoteMove, string> = {
  save: "changed",
  send: "sent",
  accept: "accepted",
  decline: "declined",
  revise: "revised",
};

/** The 409's message for a move the state does not allow: "Quote QT-00012 v2 cannot be accepted: it has expired". */
export function wrongMoveMessage(label: string, move: QuoteMove, state: QuoteState): string {
  return `Quote ${label} cannot be ${MOVE_WORDS[move]}: ${WHY_NOT[state]}`;
}

export function mayMove(state: QuoteState, move: QuoteMove): boolean {
  return QUOTE_MOVES[move].from.includes(state);
}

/** The instant (ms) a quote valid until `validUntil` (ISO day) stops being acceptable: the next UK midnight. */
export function expiresAtMs(validUntil: string): number {
  return ukDayStartMs(addDays(validUntil, 1));
}

/** The state a quote is in at `now`: a sent quote past the end of its valid-until day is expired. */
export function quoteState(quote: { status: QuoteStatus; validUntil: string | null }, now: Date | number = Date.now()): QuoteState {
  if (quote.status === "sent" && quote.validUntil && +now >= expiresAtMs(quote.validUntil)) return "expired";
  return quote.status;
}

/** "QT-00012 v2" (v1 is shown as "QT-00012 v1" too, so versions read alike). */
export function quoteLabel(quote: { quoteNumber: string; version: number }): string {
  return `${quote.quoteNumber} v${quote.version}`;
}

/** QT-00001 */
export function formatQuoteNumber(n: number): string {
  return `QT-${String(n).padStart(5, "0")}`;
}

export const QUOTES_PATH = "/account/quotes";
export const ADMIN_QUOTES_PATH = "/admin/quotes";
export const quotePath = (id: number) => `${QUOTES_PATH}/${id}`;
export const adminQuotePath = (id: number) => `${ADMIN_QUOTES_PATH}/${id}`;
/** A version's PDF download, for the buyer and for the back office; saved as "QT-00012-v2.pdf". */
export const quotePdfPath = (id: number) => `${quotePath(id)}.pdf`;
export const adminQuotePdfPath = (id: number) => `${adminQuotePath(id)}.pdf`;
export const quotePdfFilename = (quote: { quoteNumber: string; version: number }) => `${quote.quoteNumber}-v${quote.version}.pdf`;

/** The filter links of the quote lists, in the order a quote goes through them. */
export const QUOTE_FILTER_STATES: readonly QuoteState[] = ["requested", "draft", "sent", "accepted", "declined", "revision_requested", "expired"];
/** The buyer's filters: a draft is "being priced" to them, found with the requested ones. */
export const BUYER_QUOTE_FILTER_STATES: readonly QuoteState[] = QUOTE_FILTER_STATES.filter((state) => state !== "draft");
