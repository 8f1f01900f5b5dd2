import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { FilterBar, FilterInput } from "~/components/ledger/filter-bar";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { LedgerTable, ledgerTd, ledgerTh, Money, moneyTd, moneyTh } from "~/components/ledger/ledger-table";
import { formatDecimalMoney } from "~/components/orders/format";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { LEDGER_TYPE_LABELS } from "~/domain/ledger/chart";
import { accountLedgerHref, monthStart } from "~/domain/ledger/ledger-hrefs";
import { trialBalanceQuerySchema } from "~/domain/ledger/ledger.schema";
import { trialBalanceJson } from "~/domain/ledger/trial-balance.server";
import { firstIssue } from "~/utils/http.server";
import { screenRequest } from "~/utils/record-screen.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Trial balance · Ledger") }];

/** /admin/ledger?date=YYYY-MM-DD: the trial balance at the end of that day (today, UK, by default). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "ledger");
  const parsed = trialBalanceQuerySchema.safeParse(Object.fromEntries(params));
  const today = ukToday();
  const date = (parsed.success ? parsed.data.date : undefined) ?? today;
  return json(
    {
      trialBalance: trialBalanceJson(db, date),
      today,
      problem: parsed.success ? null : firstIssue(parsed.error),
      typed: params.get("date") ?? "",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function TrialBalance() {
  const { trialBalance, today, problem, typed } = useLoaderData<typeof loader>();
  const { date, accounts, totals, balanced, difference } = trialBalance;
  const asAt = formatInvoiceDate(date);
  const range = { from: monthStart(date), to: date };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Ledger" description="The double-entry books: every account's balance, the journals behind them and the chart of accounts." />
      <LedgerNav current="trial-balance" />
      <FilterBar label="As at" problem={problem} fallback="Showing today instead.">
        <FilterInput name="date" label="As at" value={problem ? typed : date === today ? "" : date} problem={problem} />
      </FilterBar>

      <Panel title={`Trial balance at ${asAt}`}>
        <p
          data-testid="trial-balance-check"
          className={`border-b border-slate-200 px-3 py-2 text-sm font-medium ${balanced ? "text-emerald-800" : "bg-red-50 text-red-700"}`}
        >
          {balanced
            ? `Debits equal credits: ${formatDecimalMoney(totals.debit)} each.`
            : `Debits and credits differ by ${formatDecimalMoney(difference)}: a journal does not balance. Nothing should ever cause this; tell whoever supports the system.`}
        </p>
        <LedgerTable caption={`Trial balance at ${asAt}`} minWidth="21rem">
          <thead>
            <tr>
              <th scope="col" className={`${ledgerTh} w-16 sm:w-20`}>Code</th>
              <th scope="col" className={ledgerTh}>Account</th>
              {/* the type gives way on a phone, so both money columns fit beside the name */}
              <th scope="col" className={`${ledgerTh} hidden w-44 sm:table-cell`}>Type</th>
              <th scope="col" className={`${moneyTh} sm:w-32`}>Debit</th>
              <th scope="col" className={`${moneyTh} sm:w-32`}>Credit</th>
            </tr>
          </thead>
          <tbody>
            {accounts.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-sm text-slate-500">
                  Nothing has been posted up to {asAt}.
                </td>
              </tr>
            ) : (
              accounts.map((account) => (
                <tr key={account.code} data-testid="trial-balance-row">
                  <td className={`${ledgerTd} tabular-nums`}>
                    <Link to={accountLedgerHref(account.code, range)} className="font-medium text-brand-700 hover:underline">
                      {account.code}
                      <span className="sr-only"> {account.name} ledger</span>
                    </Link>
                  </td>
                  <td className={ledgerTd}>{account.name}</td>
                  <td className={`${ledgerTd} hidden text-slate-600 sm:table-cell`}>{LEDGER_TYPE_LABELS[account.type]}</td>
                  <td className={moneyTd}>
                    <Money value={account.debit} />
                  </td>
                  <td className={moneyTd}>
                    <Money value={account.credit} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold text-slate-900">
              <th scope="row" colSpan={2} className={`${ledgerTd} text-right`}>
                Totals
              </th>
              <td className={`${ledgerTd} hidden sm:table-cell`} />
              <td className={moneyTd} data-testid="total-debit">
                {formatDecimalMoney(totals.debit)}
              </td>
              <td className={moneyTd} data-testid="total-credit">
                {formatDecimalMoney(totals.credit)}
              </td>
            </tr>
          </tfoot>
        </LedgerTable>
        <p className="px-3 py-2 text-xs text-slate-500">
          Accounts with a nil balance at {asAt} are left out. A code opens its ledger for {formatInvoiceDate(range.from)} to {asAt}.
        </p>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
