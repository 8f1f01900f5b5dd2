import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { accountsOverview } from "~/domain/finance/accounts.server";
import { resolvePeriod } from "~/domain/finance/accounts-period";
import { accountsApiQuerySchema } from "~/domain/finance/accounts-query.schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/accounts?period=this-month|last-month|this-year|custom&from=YYYY-MM-DD&to=YYYY-MM-DD
 * &page=&pageSize= (1 to 100, default 25): the accounts overview for the period (this month by default;
 * from and to alone mean custom, both days included):
 * {period {key, from, to, label},
 *  profitLoss {totalRevenue, totalCosts, grossProfit, profitMargin (percent to one decimal, 0 without
 *    revenue), salesSubtotal, salesInvoiceCount, refunds (ex VAT), refundCount, purchaseInvoiceCount},
 *  balanceSheet {asAt (the period's last day, or today while it runs), assets, liabilities, equity,
 *    parts {accounts[{id, name, type, balance}], accountsTotal, receivables, payables, creditCards[…],
 *    creditCardsTotal, vat {outputVat, inputVat, refundVat, filedReturns, unpaidNetVat}}},
 *  transactions [{id ("in-12" / "out-5"), date, description, type ("in" | "out"), amount, paymentId,
 *    invoice {id, invoiceNumber, kind}, party, account {id, name} | null, paymentMethod, reference}],
 *  transactionsPage {page, pageSize, total, pageCount}}.
 * Money is "12.50". Transactions are the period's payments in and out, newest first.
 * 400 {message, field} for an unknown period, a date that is not a real day, or from after to;
 * 401/403 without an admin session; 405 other methods.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const query = parseQuery(request, accountsApiQuerySchema);
  const today = ukToday();
  const resolved = resolvePeriod(query, today);
  if (!resolved.ok) return jsonError(400, resolved.message, resolved.field);
  return json(accountsOverview(getDb(), resolved.period, today, query.page, query.pageSize), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const action = onlyMethods(["GET"]);
