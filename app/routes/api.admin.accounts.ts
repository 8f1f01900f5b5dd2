import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { accountsOverview } from "~/domain/finance/accounts.server";
import { resolvePeriod } from "~/domain/finance/accounts-period";
import { accountsApiQuerySchema } from "~/domain/finance/accounts-query.schema";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods, parseQuery } from "~/utils/http.server";

/**
 * GET /api/admin/accounts?period=this-month|last-month|this-year|custom&from=YYYY-MM-DD&to=YYYY-MM-DD
 * &page=&pageSize= (1 to 100, default 25): the accounts overview for the period (this month by default;
 * from and to alone mean custom, both days included), read from the ledger:
 * {period {key, from, to, label},
 *  profitLoss {totalRevenue, totalCosts, grossProfit, profitMargin (percent to one decimal, 0 without
 *    revenue), salesSubtotal, salesInvoiceCount, refunds (ex VAT), refundCount, purchaseInvoiceCount}
 *    — the income and cost accounts' movements in the period,
 *  balanceSheet {asAt (the period's last day, or today while it runs), assets, liabilities, equity,
 *    parts {assets[{code, name, financialAccountId, amount}], liabilities[…], equity {lines[…], capital,
 *    retainedEarnings, currentYearProfit}, accounts[{id, name, type, balance}], receivables, suspense,
 *    payables, creditCards[…], vat {vatOnSales, vatOnPurchases, liabilityToHmrc, unpaidNetVat}}}
 *    — equity = capital + retained earnings + this year's profit, each a sum of ledger lines,
 *  transactions [{id ("in-12", "out-5", "refund-3", "vat-2"), date, description, type ("in" | "out"), kind
 *    (payment | supplier_payment | refund | vat), amount, paymentId, invoice {id, invoiceNumber, kind} | null,
 *    party, account {id, name} | null (null: the money sits in Suspense), paymentMethod, reference,
 *    link {href, label}}],
 *  transactionsPage {page, pageSize, total, pageCount}}.
 * Money is "12.50". Transactions are the period's money in and out, newest first.
 * 400 {message, field} for an unknown period, a date that is not a real day, or from after to;
 * 401/403 without an admin session; 405 other methods.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "ledger");
  const query = parseQuery(request, accountsApiQuerySchema);
  const today = ukToday();
  const resolved = resolvePeriod(query, today);
  if (!resolved.ok) return jsonError(400, resolved.message, resolved.field);
  return json(accountsOverview(getDb(), resolved.period, today, query.page, query.pageSize), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const action = onlyMethods(["GET"]);
