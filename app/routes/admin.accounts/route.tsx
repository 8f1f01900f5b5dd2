import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader } from "~/components/admin/page-header";
import { ActionNotice } from "~/components/admin/screen-notices";
import { ACCOUNTS_TAB_LABELS, ACCOUNTS_TABS } from "~/domain/finance/accounts-query.schema";
import {
  ACCOUNT_CREATE_FAILED,
  ACCOUNT_CREATED,
  ACCOUNT_DELETE_FAILED,
  ACCOUNT_DELETED,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_UPDATE_FAILED,
  ACCOUNT_UPDATED,
  FINANCIAL_ACCOUNT_FIELDS,
  financialAccountSchema,
} from "~/domain/finance/financial-account.schema";
import {
  ACCOUNT_NOT_FOUND,
  createFinancialAccount,
  deleteFinancialAccount,
  updateFinancialAccount,
} from "~/domain/finance/financial-accounts.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { formatMoney } from "~/utils/money";
import { recordScreenAction } from "~/utils/record-screen.server";
import { accountsHref, accountsReturnHref, type AccountsView } from "./accounts-hrefs";
import { loadAccountsScreen } from "./accounts-screen.server";
import { BalanceSheetPanel } from "./balance-sheet";
import { FinancialAccountsPanel } from "./financial-accounts-panel";
import { PeriodPicker } from "./period-picker";
import { ProfitLossPanel, SummaryCards } from "./profit-loss";
import { TransactionsPanel } from "./transactions";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Accounts") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountsScreen(request);
}

// a function, not a module-level call: the browser bundle drops `action` but would keep (and run) a call
export async function action(args: ActionFunctionArgs) {
  return recordScreenAction({
    area: "ledger",
    schema: financialAccountSchema,
    fields: FINANCIAL_ACCOUNT_FIELDS,
    returnTo: (formData) => accountsReturnHref(formData.get("returnTo")),
    notFound: ACCOUNT_NOT_FOUND,
    create: createFinancialAccount,
    update: updateFinancialAccount,
    remove: deleteFinancialAccount,
    failedTitles: { create: ACCOUNT_CREATE_FAILED, update: ACCOUNT_UPDATE_FAILED, delete: ACCOUNT_DELETE_FAILED },
    savedToast: (account, intent) => ({
      title: intent === "create" ? ACCOUNT_CREATED : ACCOUNT_UPDATED,
      description: `${account.name} (${ACCOUNT_TYPE_LABELS[account.type]}) has a balance of ${formatMoney(
        account.balance
      )}.`,
    }),
    deletedToast: (deleted) => ({ title: ACCOUNT_DELETED, description: `${deleted.name} has been deleted.` }),
  })(args);
}

export default function AdminAccounts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const view: AccountsView = { tab: data.tab, period: data.periodParams };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Accounts"
        description="Profit and loss, the balance sheet, money in and out, and the accounts it moves through."
      />
      <ActionNotice data={actionData} />
      <PeriodPicker view={view} period={data.period} problem={data.periodProblem} typed={data.typed} />
      <SummaryCards profitLoss={data.profitLoss} />

      <nav aria-label="Accounts sections" className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {ACCOUNTS_TABS.map((tab) => {
            const current = tab === data.tab;
            return (
              <li key={tab}>
                <Link
                  to={accountsHref({ ...view, tab })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                    current
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {ACCOUNTS_TAB_LABELS[tab]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {data.tab === "profit-loss" ? <ProfitLossPanel profitLoss={data.profitLoss} period={data.period} /> : null}
      {data.balanceSheet ? <BalanceSheetPanel sheet={data.balanceSheet} /> : null}
      {data.transactions ? <TransactionsPanel page={data.transactions} view={view} /> : null}
      {data.accounts ? (
        <FinancialAccountsPanel data={{ ...data, accounts: data.accounts }} view={view} actionData={actionData} />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
