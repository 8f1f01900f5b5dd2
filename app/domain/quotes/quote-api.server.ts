/** What the quote APIs share: the id in the path, the state filter in the query. */
import { QUOTE_STATUSES } from "~db/schema";
import { fail, ok, type Result } from "~/utils/result";
import type { QuoteState } from "./quote-states";

export const QUOTE_STATES: readonly QuoteState[] = [...QUOTE_STATUSES, "expired"];

export function quoteIdParam(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `?status=` and `?page=` of a quote list; an unknown status is 400 on the field. */
export function quoteListQuery(url: string): Result<{ state: QuoteState | undefined; page: number }> {
  const params = new URL(url).searchParams;
  const status = params.get("status") || undefined;
  if (status && !QUOTE_STATES.includes(status as QuoteState)) return fail(400, `status must be one of ${QUOTE_STATES.join(", ")}`, "status");
  return ok({ state: status as QuoteState | undefined, page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1) });
}
