/** What the quote APIs share: the id in the path, the state filter in the query, the buyer's moves. */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { QUOTE_STATUSES } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb, type DB } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { requestedPage } from "~/utils/paging";
import { fail, ok, type Result } from "~/utils/result";
import { QUOTE_NOT_FOUND } from "./quote.schema";
import { getMyQuote, quotesRefusal } from "./quotes.server";
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
  return ok({ state: status as QuoteState | undefined, page: requestedPage(params.get("page")) });
}

/**
 * What every buyer's POST on one quote checks before reading its body: the method, the person (a company's
 * viewers, staff and suppliers are refused), the quote's id (404), and the Idempotency-Key header.
 */
export async function buyerQuotePost(request: Request, params: { id?: string }): Promise<Response | { user: SessionUser; id: number; key: string | null }> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "quotes");
  const refused = quotesRefusal(user);
  if (refused) return failureResponse(refused);
  const id = quoteIdParam(params);
  if (id === null) return jsonError(404, QUOTE_NOT_FOUND);
  return { user, id, key: apiIdempotencyKey(request) };
}

/**
 * The action of POST /api/quotes/{id}/decline and …/revise: guard, id, key, body by the command's schema, the
 * use case, then 200 {quote} (for a revision, the new version).
 */
export function buyerQuoteMoveAction<Input>(
  schema: ZodType<Input, ZodTypeDef, unknown>,
  move: (db: DB, actor: SessionUser, id: number, input: Input, key: string | null) => Result<{ quoteId: number }>,
) {
  return apiRoute(async ({ request, params }: ActionFunctionArgs) => {
    const asked = await buyerQuotePost(request, params);
    if (asked instanceof Response) return asked;
    const { user, id, key } = asked;
    const input = await parseJsonBody(request, schema);
    const db = getDb();
    const result = move(db, user, id, input, key);
    if (!result.ok) return failureResponse(result);
    const quote = getMyQuote(db, user, result.value.quoteId);
    return quote.ok ? json({ quote: quote.value }, { headers: { "Cache-Control": "no-store" } }) : failureResponse(quote);
  });
}
