import { Link } from "@remix-run/react";
import { Badge } from "~/components/admin/badge";
import { LedgerTable, ledgerTd, ledgerTh, Money, moneyTd, moneyTh } from "~/components/ledger/ledger-table";
import { LEDGER_TYPE_LABELS } from "~/domain/ledger/chart";
import type { LedgerAccountJson } from "~/domain/ledger/ledger-accounts.server";
import { accountLedgerHref, chartHref } from "~/domain/ledger/ledger-hrefs";

const linkClass = "font-medium text-brand-700 hover:underline";

/** The chart: each account with its type, money account, today's balance (natural sign) and what can be done to it. */
export function ChartTable({ accounts, today }: { accounts: (LedgerAccountJson & { balance?: string })[]; today: string }) {
  return (
    <LedgerTable caption="Chart of accounts" minWidth="52rem">
      <thead>
        <tr>
          <th scope="col" className={`${ledgerTh} w-20`}>Code</th>
          <th scope="col" className={ledgerTh}>Name</th>
          <th scope="col" className={`${ledgerTh} w-44`}>Type</th>
          <th scope="col" className={ledgerTh}>Money account</th>
          <th scope="col" className={`${moneyTh} w-32`}>Balance today</th>
          <th scope="col" className={`${ledgerTh} w-36 text-right`}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr key={account.code} data-testid="chart-row">
            <td className={`${ledgerTd} tabular-nums`}>
              <Link to={accountLedgerHref(account.code, { to: today })} className={linkClass}>
                {account.code}
              </Link>
            </td>
            <td className={ledgerTd}>
              <span className="mr-2">{account.name}</span>
              {account.isSystem ? <Badge>System</Badge> : null}
            </td>
            <td className={`${ledgerTd} text-slate-600`}>{LEDGER_TYPE_LABELS[account.type]}</td>
            <td className={`${ledgerTd} text-slate-600`}>{account.financialAccount?.name ?? ""}</td>
            <td className={moneyTd}>{account.balance === undefined ? null : <Money value={account.balance} showZero />}</td>
            <td className={`${ledgerTd} whitespace-nowrap text-right`}>
              {account.isSystem ? null : (
                <span className="inline-flex gap-3">
                  <Link to={chartHref({ edit: account.code })} preventScrollReset className={linkClass}>
                    Rename<span className="sr-only"> {account.code} {account.name}</span>
                  </Link>
                  <Link to={chartHref({ delete: account.code })} preventScrollReset className="font-medium text-red-700 hover:underline">
                    Delete<span className="sr-only"> {account.code} {account.name}</span>
                  </Link>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </LedgerTable>
  );
}
