/** The Accounts screen's loader: the period's summary always, and what the open tab shows. */
import { periodJson, balanceSheetJson, profitLossJson } from "~/domain/finance/accounts.server";
import { listTransactions } from "~/domain/finance/transactions.server";
import { periodParams, resolvePeriod } from "~/domain/finance/accounts-period";
import { accountsScreenQuerySchema } from "~/domain/finance/accounts-query.schema";
import { financialAccountJson, getFinancialAccount, listFinancialAccounts } from "~/domain/finance/financial-accounts.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { dialogState, screenJson, screenRequest } from "~/utils/record-screen.server";

export async function loadAccountsScreen(request: Request) {
  const { db, params } = await screenRequest(request, "ledger");
  const query = accountsScreenQuerySchema.parse(Object.fromEntries(params));
  const today = ukToday();
  const resolved = resolvePeriod(query, today);
  // a range that cannot be read shows this month, with what was wrong next to the dates
  const fallback = resolvePeriod({}, today);
  const period = resolved.ok ? resolved.period : fallback.ok ? fallback.period : null;
  if (!period) throw new Error("this month always resolves");
  const { tab } = query;

  const accounts = tab === "financial-accounts";
  return screenJson({
    tab,
    period: periodJson(period),
    periodParams: periodParams(period),
    periodProblem: resolved.ok ? null : { message: resolved.message, field: resolved.field },
    typed: { from: query.from ?? "", to: query.to ?? "" },
    profitLoss: profitLossJson(db, period),
    balanceSheet: tab === "balance-sheet" ? balanceSheetJson(db, period, today) : null,
    transactions: tab === "transactions" ? listTransactions(db, period, query.page) : null,
    accounts: accounts ? listFinancialAccounts(db).map(financialAccountJson) : null,
    ...(accounts
      ? dialogState(params, (id) => getFinancialAccount(db, id), financialAccountJson)
      : { creating: false, editing: null, deleting: null, missing: false }),
  });
}
