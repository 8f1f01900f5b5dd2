import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { FilterBar, FilterInput } from "~/components/ledger/filter-bar";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { LedgerTable, ledgerTd, ledgerTh, Money, moneyTd, moneyTh } from "~/components/ledger/ledger-table";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { accountLedgerJson } from "~/domain/ledger/account-ledger.server";
import { isDebitNatured, LEDGER_TYPE_LABELS } from "~/domain/ledger/chart";
import { getLedgerAccount } from "~/domain/ledger/ledger-accounts.server";
import { accountLedgerHref, journalHref } from "~/domain/ledger/ledger-hrefs";
import { accountLedgerQuerySchema } from "~/domain/ledger/ledger.schema";
import { ledgerRange } from "~/domain/ledger/running-balance";
import { firstIssue } from "~/utils/http.server";
import { screenRequest } from "~/utils/record-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminPageTitle(matches, data ? `${data.ledger.account.code} ${data.ledger.account.name} · Ledger` : "Account ledger") },
];

/** /admin/ledger/accounts/{code}?from=&to=&page=: one account's entries (this month by default), 50 a page. */
export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "ledger");
  const account = getLedgerAccount(db, route.code ?? "");
  if (!account) throw new Response("Not Found", { status: 404 });
  const parsed = accountLedgerQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : { page: 1 };
  const range = ledgerRange(query, ukToday());
  return json(
    {
      ledger: accountLedgerJson(db, account, range, query.page),
      problem: parsed.success ? null : firstIssue(parsed.error),
      typed: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const linkClass = "font-medium text-brand-700 hover:underline";

export default function AccountLedger() {
  const { ledger, problem, typed } = useLoaderData<typeof loader>();
  const { account, from, to } = ledger;
  const firstPage = ledger.page === 1;
  const lastPage = ledger.page === ledger.pageCount;
  const shown = problem ? typed : { from, to };
  const period = `${formatInvoiceDate(from)} to ${formatInvoiceDate(to)}`;
  const natural = isDebitNatured(account.type) ? "a debit balance shows positive" : "a credit balance shows positive";

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`${account.code} ${account.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{LEDGER_TYPE_LABELS[account.type]}</span>
            {account.isSystem ? <Badge>System</Badge> : null}
            {account.financialAccount ? <Badge tone="info">Money account: {account.financialAccount.name}</Badge> : null}
            <span className="text-slate-500">Balances in its natural sign: {natural}.</span>
          </span>
        }
      />
      <LedgerNav current="account" />
      <FilterBar label="Period" problem={problem} fallback="Showing this month instead.">
        <FilterInput name="from" label="From" value={shown.from} problem={problem} />
        <FilterInput name="to" label="To" value={shown.to} problem={problem} />
      </FilterBar>

      <Panel title={`Ledger · ${period}`}>
        <LedgerTable caption={`${account.code} ${account.name}, ${period}`} minWidth="33rem">
          <thead>
            <tr>
              <th scope="col" className={`${ledgerTh} w-28`}>Date</th>
              {/* on a phone the journal number sits under the date, leaving the width to the figures */}
              <th scope="col" className={`${ledgerTh} hidden w-28 sm:table-cell`}>Journal</th>
              <th scope="col" className={ledgerTh}>Description</th>
              <th scope="col" className={`${moneyTh} w-28`}>Debit</th>
              <th scope="col" className={`${moneyTh} w-28`}>Credit</th>
              <th scope="col" className={`${moneyTh} w-32`}>Balance</th>
            </tr>
          </thead>
          <tbody>
            <tr className="bg-slate-50 font-medium" data-testid="ledger-opening">
              <td className={`${ledgerTd} whitespace-nowrap`}>{firstPage ? formatInvoiceDate(from) : ""}</td>
              <td className={`${ledgerTd} hidden sm:table-cell`} />
              <th scope="row" colSpan={3} className={`${ledgerTd} text-left font-medium`}>
                {firstPage ? "Balance brought forward" : `Brought forward from page ${ledger.page - 1}`}
              </th>
              <td className={moneyTd}>
                <Money value={ledger.pageOpeningBalance} showZero />
              </td>
            </tr>
            {ledger.entries.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-left text-sm text-slate-500 sm:text-center">
                  No entries in this period.
                </td>
              </tr>
            ) : (
              ledger.entries.map((entry) => (
                <tr key={entry.lineId} data-testid="ledger-entry">
                  <td className={`${ledgerTd} whitespace-nowrap`}>
                    {formatInvoiceDate(entry.date)}
                    <Link to={journalHref(entry.journalId)} className={`${linkClass} block text-xs tabular-nums sm:hidden`}>
                      {entry.journalNumber}
                    </Link>
                  </td>
                  <td className={`${ledgerTd} hidden whitespace-nowrap tabular-nums sm:table-cell`}>
                    <Link to={journalHref(entry.journalId)} className={linkClass}>
                      {entry.journalNumber}
                    </Link>
                  </td>
                  <td className={ledgerTd}>
                    <Link to={entry.documentHref} className="text-slate-800 hover:text-brand-700 hover:underline">
                      {entry.description}
                    </Link>
                  </td>
                  <td className={moneyTd}>
                    <Money value={entry.debit} />
                  </td>
                  <td className={moneyTd}>
                    <Money value={entry.credit} />
                  </td>
                  <td className={moneyTd} data-testid="running-balance">
                    <Money value={entry.balance} showZero />
                  </td>
                </tr>
              ))
            )}
          </tbody>
          {/* the range's totals and closing balance on every page, so a long month need not be paged to its end */}
          <tfoot>
            <tr className="border-t-2 border-slate-300 text-slate-700">
              <td className={ledgerTd} />
              <td className={`${ledgerTd} hidden sm:table-cell`} />
              <th scope="row" className={`${ledgerTd} text-right font-medium`}>
                {lastPage ? "Movements in the period" : "Movements in the period (all pages)"}
              </th>
              <td className={moneyTd}>
                <Money value={ledger.totals.debit} showZero />
              </td>
              <td className={moneyTd}>
                <Money value={ledger.totals.credit} showZero />
              </td>
              <td className={ledgerTd} />
            </tr>
            <tr className="font-semibold text-slate-900" data-testid="ledger-closing">
              <td className={`${ledgerTd} whitespace-nowrap`}>{formatInvoiceDate(to)}</td>
              <td className={`${ledgerTd} hidden sm:table-cell`} />
              <th scope="row" colSpan={3} className={`${ledgerTd} text-left`}>
                Closing balance
              </th>
              <td className={moneyTd}>
                <Money value={ledger.closingBalance} showZero />
              </td>
            </tr>
          </tfoot>
        </LedgerTable>
        <AdminPagination
          page={ledger.page}
          pageCount={ledger.pageCount}
          total={ledger.total}
          noun={["entry", "entries"]}
          hrefFor={(page) => accountLedgerHref(account.code, { from, to, page })}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
