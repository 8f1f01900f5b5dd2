import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ukToday } from "~/domain/invoices/invoices.server";
import { trialBalanceQuerySchema } from "~/domain/ledger/ledger.schema";
import { trialBalanceJson } from "~/domain/ledger/trial-balance.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/ledger/trial-balance?date=YYYY-MM-DD (today, UK, when absent): {date, accounts: [{code,
 * name, type, debit, credit}] (the accounts with a balance at the end of that day, in code order; one side
 * "0.00"), totals: {debit, credit}, difference ("0.00" while every journal balances), balanced}.
 * 400 {message, field: "date"} for a date that is not a real day; 401 signed out; 403 not an admin;
 * 405 other methods.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  const { date } = parseQuery(request, trialBalanceQuerySchema);
  return json(trialBalanceJson(getDb(), date ?? ukToday()), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = onlyMethods(["GET"]);
