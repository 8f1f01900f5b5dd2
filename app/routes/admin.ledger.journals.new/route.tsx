import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice } from "~/components/admin/screen-notices";
import { LedgerNav } from "~/components/ledger/ledger-nav";
import { ukToday } from "~/domain/invoices/invoices.server";
import { listLedgerAccounts } from "~/domain/ledger/balances.server";
import { journalHref, NEW_JOURNAL_PATH } from "~/domain/ledger/ledger-hrefs";
import { capitalIntroducedSchema, formFieldName, JOURNAL_LINES_MAX, manualJournalSchema } from "~/domain/ledger/ledger.schema";
import { moneyAccountOptions, postCapitalIntroduced, postManualJournal, type PostedJournalRef } from "~/domain/ledger/manual-journal.server";
import { readAdminForm } from "~/utils/admin-form.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { screenJson, screenRequest } from "~/utils/record-screen.server";
import { errorToast, failureToast, redirectWithToast } from "~/utils/toast.server";
import { CapitalForm } from "./capital-form";
import { JournalForm } from "./journal-form";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "New journal · Ledger") }];

/** Where a refusal's message can show: the header fields and every row's account (an unknown code). */
const JOURNAL_FIELDS = ["date", "narration", "kind", "lines", ...Array.from({ length: JOURNAL_LINES_MAX }, (_, i) => `lines[${i}].account`)];
const CAPITAL_FIELDS = ["amount", "date", "account", "note"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db } = await screenRequest(request, "ledger");
  return screenJson({
    accounts: listLedgerAccounts(db).map(({ code, name }) => ({ code, name })),
    moneyAccounts: moneyAccountOptions(db),
    today: ukToday(),
  });
}

const postedToast = (posted: PostedJournalRef, what: string) => ({ title: `${what} posted`, description: `${posted.number} is in the books.` });

/** intent=journal posts the manual journal, intent=capital the capital introduced; either opens the new journal. */
export async function action({ request }: ActionFunctionArgs) {
  const { db, admin, formData, key, intent } = await readAdminForm(request, "ledger");
  if (intent === "journal") {
    const submission = parseWithZod(formData, { schema: manualJournalSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = postManualJournal(db, admin, submission.value, key);
    if (!result.ok) {
      const refusal = { ...result, field: result.field && formFieldName(result.field) };
      return failureReply(intent, submission, refusal, JOURNAL_FIELDS, failureToast("Journal not posted", result.message));
    }
    return redirectWithToast(request, journalHref(result.value.journalId), postedToast(result.value, "Journal"));
  }
  if (intent === "capital") {
    const submission = parseWithZod(formData, { schema: capitalIntroducedSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = postCapitalIntroduced(db, admin, submission.value, key);
    if (!result.ok) return failureReply(intent, submission, result, CAPITAL_FIELDS, failureToast("Capital not posted", result.message));
    return redirectWithToast(request, journalHref(result.value.journalId), postedToast(result.value, "Capital introduced"));
  }
  return redirectWithToast(request, NEW_JOURNAL_PATH, errorToast("Unknown action"));
}

export default function NewJournal() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const hidden = { [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="New journal"
        description="Opening balances, capital and corrections, posted by hand. Documents (invoices, payments, credit notes, VAT returns) post their own journals."
      />
      <LedgerNav current="new-journal" />
      <ActionNotice data={actionData} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title={<span id="journal-form-heading">Manual journal</span>} className="p-0">
          <div className="p-4">
            <JournalForm
              accounts={data.accounts}
              today={data.today}
              hidden={hidden}
              lastResult={lastResult("journal")}
            />
          </div>
        </Panel>
        <Panel title="Capital introduced" className="self-start">
          <div className="p-4">
            <p className="mb-3 text-sm text-slate-600">Money the owners put into the business: debits the money account, credits 3000 Capital.</p>
            <CapitalForm moneyAccounts={data.moneyAccounts} today={data.today} hidden={hidden} lastResult={lastResult("capital")} />
          </div>
        </Panel>
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
