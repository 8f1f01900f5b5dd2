import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { accountStatement, statementJson } from "~/domain/credit/account-credit.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/account/statement?date=YYYY-MM-DD: the company's statement as at the end of that UK day (today when
 * blank), from the first of its month — {openingBalance, lines: [{date, type, reference, dueDate, amount,
 * balance}], closingBalance, aged}. 400 {message, field: "date"} for a malformed or future date; 401, 403, 404
 * as /api/account/balance.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "balance");
  const result = accountStatement(getDb(), user, new URL(request.url).searchParams, ukToday());
  return result.ok ? json(statementJson(result.value), { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(result);
});

export const action = () => methodNotAllowed(["GET"]);
