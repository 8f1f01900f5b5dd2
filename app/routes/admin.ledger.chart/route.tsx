import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice, NothingToDo } from "~/components/admin/screen-notices";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { formatDecimalMoney } from "~/components/orders/format";
import { ukToday } from "~/domain/invoices/invoices.server";
import { LEDGER_TYPE_LABELS } from "~/domain/ledger/chart";
import {
  addLedgerAccount,
  deleteLedgerAccount,
  ledgerAccountJson,
  listChart,
  renameLedgerAccount,
} from "~/domain/ledger/ledger-accounts.server";
import { CHART_PATH, chartHref } from "~/domain/ledger/ledger-hrefs";
import { LEDGER_ACCOUNT_FIELDS, ledgerAccountRenameSchema, ledgerAccountSchema } from "~/domain/ledger/ledger.schema";
import { readAdminForm } from "~/utils/admin-form.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { screenJson, screenRequest } from "~/utils/record-screen.server";
import { errorToast, failureToast, redirectWithToast } from "~/utils/toast.server";
import { AddAccountForm, RenameAccountForm } from "./account-forms";
import { ChartTable } from "./chart-table";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Chart of accounts · Ledger") }];

/** /admin/ledger/chart: every account with today's balance; ?dialog=new, ?edit=CODE and ?delete=CODE open its dialogs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "ledger");
  const today = ukToday();
  const accounts = listChart(db, today).map(ledgerAccountJson);
  const named = (param: string) => {
    const code = params.get(param);
    return code ? { found: accounts.find((account) => account.code === code) ?? null } : null;
  };
  const edit = named("edit");
  const remove = named("delete");
  return screenJson({
    accounts,
    today,
    creating: params.get("dialog") === "new",
    editing: edit?.found ?? null,
    deleting: remove?.found ?? null,
    missing: (edit !== null && !edit.found) || (remove !== null && !remove.found),
  });
}

/** intent=create adds an account, intent=rename renames one, intent=delete deletes one; each comes back to the chart. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, admin, formData, key, intent } = await readAdminForm(request, "ledger");
  const code = String(formData.get("code") ?? "");
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: ledgerAccountSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = addLedgerAccount(db, admin, submission.value, key);
    if (!result.ok) return failureReply(intent, submission, result, LEDGER_ACCOUNT_FIELDS, failureToast("Account not added", result.message));
    const added = result.value;
    return redirectWithToast(request, CHART_PATH, { title: "Account added", description: `${added.code} ${added.name} (${LEDGER_TYPE_LABELS[added.type]}).` });
  }
  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: ledgerAccountRenameSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = renameLedgerAccount(db, admin, code, submission.value, key);
    if (!result.ok && result.status === 404) return redirectWithToast(request, CHART_PATH, failureToast("Account not renamed", result.message));
    if (!result.ok) return failureReply(intent, submission, result, ["name"], failureToast("Account not renamed", result.message));
    return redirectWithToast(request, CHART_PATH, { title: "Account renamed", description: `${result.value.code} is now ${result.value.name}.` });
  }
  if (intent === "delete") {
    const result = deleteLedgerAccount(db, admin, code, key);
    if (!result.ok) return redirectWithToast(request, CHART_PATH, failureToast("Account not deleted", result.message));
    return redirectWithToast(request, CHART_PATH, { title: "Account deleted", description: `${result.value.code} ${result.value.name} has been deleted.` });
  }
  return redirectWithToast(request, CHART_PATH, errorToast("Unknown action"));
}

export default function ChartOfAccounts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const { editing, deleting } = data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Chart of accounts"
        description="The nominal codes the books post to. System accounts are the product's own; each money account has one of its own."
        actions={
          <Link to={chartHref({ dialog: "new" })} preventScrollReset className={primaryLinkClass}>
            Add account
          </Link>
        }
      />
      <LedgerNav current="chart" />
      <ActionNotice data={actionData} />
      {data.missing ? <MissingNotice>There is no account with that code.</MissingNotice> : null}

      <AdminDialog open={data.creating} title="Add account" closeHref={CHART_PATH}>
        {data.creating ? <AddAccountForm hidden={hidden} cancelHref={CHART_PATH} lastResult={lastResult("create")} /> : null}
      </AdminDialog>
      <AdminDialog open={Boolean(editing)} title={editing ? `Rename ${editing.code}` : "Rename"} closeHref={CHART_PATH}>
        {editing && editing.isSystem ? (
          <NothingToDo backHref={CHART_PATH} backLabel="Back to the chart">
            {editing.code} {editing.name} is a system account: it keeps its name.
          </NothingToDo>
        ) : editing ? (
          <RenameAccountForm key={editing.code} account={editing} hidden={hidden} cancelHref={CHART_PATH} lastResult={lastResult("rename")} />
        ) : null}
      </AdminDialog>
      {deleting && !deleting.deletable ? (
        <AdminDialog open title={`Delete ${deleting.code}`} closeHref={CHART_PATH}>
          <NothingToDo backHref={CHART_PATH} backLabel="Back to the chart">
            <strong>
              {deleting.code} {deleting.name}
            </strong>
            : {deleting.whyNotDeletable}
          </NothingToDo>
        </AdminDialog>
      ) : deleting ? (
        <ConfirmStep
          open
          title={`Delete ${deleting.code}`}
          message={
            <p>
              Delete <strong>{deleting.code} {deleting.name}</strong> ({LEDGER_TYPE_LABELS[deleting.type]})? Nothing has been posted to it
              {deleting.balance ? `; its balance is ${formatDecimalMoney(deleting.balance)}` : ""}.
            </p>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={deleting.code}
          cancelHref={CHART_PATH}
          hidden={{ ...hidden, code: deleting.code }}
        />
      ) : null}

      <Panel>
        <ChartTable accounts={data.accounts} today={data.today} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
