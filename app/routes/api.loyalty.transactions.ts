import type { LoaderFunctionArgs } from "@remix-run/node";
import { API_TRANSACTIONS_PAGE_SIZE, loyaltyTransactionsQuerySchema } from "~/domain/loyalty/loyalty-account.schema";
import { listPointsHistory } from "~/domain/loyalty/loyalty-account.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed, pagedJsonResponse, parseQuery } from "~/utils/http.server";

/**
 * GET /api/loyalty/transactions?page=: the signed-in user's own points history, newest first, 50 a page, each
 * {id, transactionType, points (signed), description, createdAt (ISO), order: {orderNumber} | null}.
 * `X-Total-Count` says how many entries there are in all (with X-Page, X-Page-Size and X-Page-Count); a page
 * past the end is an empty list. 400 for a bad page, 401 signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "loyalty");
  const { page } = parseQuery(request, loyaltyTransactionsQuerySchema);
  const history = listPointsHistory(getDb(), user.id, { page, pageSize: API_TRANSACTIONS_PAGE_SIZE });
  return pagedJsonResponse(history);
});

export const action = () => methodNotAllowed(["GET"]);
