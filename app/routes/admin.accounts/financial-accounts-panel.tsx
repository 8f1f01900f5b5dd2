import { Link } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { Panel } from "~/components/admin/page-header";
import { RecordActions } from "~/components/admin/rule-list-table";
import { MissingNotice, NothingToDo } from "~/components/admin/screen-notices";
import { formatDecimalMoney } from "~/components/orders/format";
import type { FinancialAccountJson } from "~/domain/finance/financial-accounts.server";
import {
  ACCOUNT_TYPE_LABELS,
  accountHasEntriesMessage,
  accountInUseMessage,
  CONFIRM_DELETE_ACCOUNT,
  NO_ACCOUNTS,
} from "~/domain/finance/financial-account.schema";
import type { FormActionData } from "~/utils/form-reply.server";
import { accountsHref, type AccountsView } from "./accounts-hrefs";
import { AccountForm } from "./account-form";

type State = {
  accounts: FinancialAccountJson[];
  creating: boolean;
  editing: FinancialAccountJson | null;
  deleting: FinancialAccountJson | null;
  missing: boolean;
  idempotencyKey: string;
};

/** Where an account's money sits, for the list: the bank details that identify it. */
function detailsOf(account: FinancialAccountJson) {
  return [account.bankName, account.sortCode, account.accountNumber, account.iban, account.paymentProcessorId].filter(Boolean).join(" · ");
}

/** The Financial Accounts tab: the list, and its add / edit dialogs and delete confirmation (each at its own address). */
export function FinancialAccountsPanel({ data, view, actionData }: { data: State; view: AccountsView; actionData?: FormActionData }) {
  const listHref = accountsHref(view);
  const hidden = { returnTo: listHref, [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const { deleting } = data;

  return (
    <>
      {data.missing ? <MissingNotice>That account no longer exists.</MissingNotice> : null}

      <AdminDialog open={data.creating} size="lg" title="Add Account" closeHref={listHref}>
        {data.creating ? <AccountForm key="new" hidden={hidden} cancelHref={listHref} lastResult={lastResult("create")} /> : null}
      </AdminDialog>
      <AdminDialog open={Boolean(data.editing)} size="lg" title="Edit Account" closeHref={listHref}>
        {data.editing ? (
          <AccountForm key={data.editing.id} account={data.editing} hidden={hidden} cancelHref={listHref} lastResult={lastResult("update")} />
        ) : null}
      </AdminDialog>
      {deleting && (deleting.paymentCount > 0 || deleting.entryCount > 0) ? (
        <AdminDialog open title="Delete Account" closeHref={listHref}>
          <NothingToDo backHref={listHref} backLabel="Back to the accounts">
            <strong>{deleting.name}</strong>:{" "}
            {deleting.paymentCount > 0 ? accountInUseMessage(deleting.paymentCount) : accountHasEntriesMessage(deleting.entryCount)}
          </NothingToDo>
        </AdminDialog>
      ) : deleting ? (
        <ConfirmStep
          open
          title="Delete Account"
          message={
            <>
              <p>{CONFIRM_DELETE_ACCOUNT}</p>
              <p className="mt-2">
                <strong>{deleting.name}</strong> · {ACCOUNT_TYPE_LABELS[deleting.type]} · balance {formatDecimalMoney(deleting.balance)}. Nothing
                has been posted to it.
              </p>
            </>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={deleting.id}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}

      <Panel
        title="Financial Accounts"
        actions={
          <Link to={accountsHref(view, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
            Add Account
          </Link>
        }
      >
        <DataTable caption="Financial accounts" minWidth="44rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Name</th>
              <th scope="col" className={thClass}>Type</th>
              <th scope="col" className={`${thClass} text-right`}>Balance</th>
              <th scope="col" className={`${thClass} text-right`}>Payments</th>
              <th scope="col" className={`${thClass} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.accounts.length === 0 ? (
              <EmptyRow colSpan={5}>{NO_ACCOUNTS}</EmptyRow>
            ) : (
              data.accounts.map((account) => (
                <tr key={account.id} data-testid="financial-account-row">
                  <td className={tdClass}>
                    <span className="font-medium text-slate-900">{account.name}</span>
                    {account.ledgerCode ? (
                      <Link to={`/admin/ledger/accounts/${account.ledgerCode}`} className="ml-2 text-xs text-brand-700 hover:underline">
                        Ledger {account.ledgerCode}
                      </Link>
                    ) : null}
                    {detailsOf(account) ? <span className="block text-xs text-slate-500">{detailsOf(account)}</span> : null}
                  </td>
                  <td className={tdClass}>{ACCOUNT_TYPE_LABELS[account.type]}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>
                    {formatDecimalMoney(account.balance)}
                    {account.type === "credit_card" ? <span className="block text-xs text-slate-500">owed</span> : null}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{account.paymentCount.toLocaleString("en-GB")}</td>
                  <RecordActions
                    editHref={accountsHref(view, { edit: String(account.id) })}
                    deleteHref={accountsHref(view, { delete: String(account.id) })}
                    editLabel={`Edit ${account.name}`}
                    deleteLabel={`Delete ${account.name}`}
                  />
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </Panel>
    </>
  );
}
