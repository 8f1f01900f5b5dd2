import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { accountBalance } from "~/domain/credit/account-credit.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/account/balance: the signed-in company's account today — {balance, availableCredit, creditLimit,
 * overdue, aged: {current, d1_30, d31_60, d61_90, over90}, paymentTerms, uninvoicedOrders}; money as decimal
 * strings, inc VAT; availableCredit and creditLimit null when there is no limit. 401 signed out; 403 for a
 * buyer or viewer (admins and approvers only); 404 for a sign-in with no company.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "balance");
  const result = accountBalance(getDb(), user, ukToday());
  return result.ok ? json(result.value.json, { headers: { "Cache-Control": "private, no-store" } }) : failureResponse(result);
});

export const action = () => methodNotAllowed(["GET"]);
