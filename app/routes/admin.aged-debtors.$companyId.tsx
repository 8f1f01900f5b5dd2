import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { DataTable } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { AgedBalance, CreditFigures, CreditForm, StatementTable } from "~/components/credit/credit-parts";
import { FilterBar, FilterInput } from "~/components/ledger/filter-bar";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { AGED_DEBTORS_PATH } from "~/domain/credit/aged-debtors.server";
import { COMPANY_NOT_FOUND } from "~/domain/credit/company-credit.server";
import { creditPosition } from "~/domain/credit/company-debts.server";
import { accountReference } from "~/domain/credit/credit";
import { companyStatement } from "~/domain/credit/statement.server";
import { statementRecipients } from "~/domain/credit/statement-mail.server";
import { AGE_BUCKET_LABELS } from "~/domain/ledger/aged-balances";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { readAgedDate } from "~/domain/ledger/exports-query";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { creditFormAction } from "~/utils/credit-screen.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [{ title: adminPageTitle(matches, data ? `${data.position.companyName} · Aged Debtors` : "Aged Debtors") }];

function companyIdOf(params: { companyId?: string }): number {
  const id = /^\d{1,12}$/.test(params.companyId ?? "") ? Number(params.companyId) : 0;
  if (id <= 0) throw json({ message: COMPANY_NOT_FOUND }, { status: 404 });
  return id;
}

/**
 * /admin/aged-debtors/{companyId}?date=: one company's credit control — its figures today, terms and limit (a
 * form), its invoices open at the day with days past due, its statement as at the day (PDF, and sent by mail).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  const id = companyIdOf(params);
  const db = getDb();
  const today = ukToday();
  const position = creditPosition(db, id, today);
  if (!position) throw json({ message: COMPANY_NOT_FOUND }, { status: 404 });
  const read = readAgedDate(new URL(request.url).searchParams, today);
  const date = read.ok ? read.date : today;
  const statement = companyStatement(db, id, date)!;
  const atDate = date === today ? position.openInvoices : creditPosition(db, id, date)!.openInvoices;
  return json(
    {
      position,
      reference: accountReference(id),
      date,
      dateProblem: read.ok ? null : { message: read.message, field: read.field },
      statement,
      openInvoices: atDate,
      recipients: statementRecipients(db, id),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = companyIdOf(params);
  const formData = await request.formData().catch(() => new FormData());
  const date = String(formData.get("date") ?? "");
  const answer = await creditFormAction(request, formData, id, `${AGED_DEBTORS_PATH}/${id}${/^\d{4}-\d{2}-\d{2}$/.test(date) ? `?date=${date}` : ""}`);
  if (answer) return answer;
  await requireStaff(request, "credit");
  throw json({ message: "Unknown action" }, { status: 400 });
}

const linkClass = "font-medium text-brand-700 hover:underline";

export default function AgedDebtorsCompany() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsOf = (intent: string, field: string) =>
    answer?.intent === intent ? ((answer.result as { error?: Record<string, string[] | null> }).error?.[field] ?? undefined) : undefined;
  const formErrors = (intent: string) => errorsOf(intent, "");
  const { position, statement } = data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <PageHeader
        title={position.companyName}
        description={`Account ${data.reference}. Credit control: figures today, invoices and statement as at the day chosen.`}
        actions={
          <>
            <Link to={`${AGED_DEBTORS_PATH}?date=${data.date}`} className="text-sm font-medium text-brand-700 hover:underline">
              All aged debtors
            </Link>
          </>
        }
      />

      <Panel title="Today">
        <div className="space-y-4 p-4">
          <CreditFigures position={position} />
          <AgedBalance aged={position.aged} caption={`Aged balance of ${position.companyName} today`} />
        </div>
      </Panel>

      <Panel title="Terms and credit limit">
        <div className="space-y-2 p-4">
          <CreditForm
            terms={position.paymentTerms}
            creditLimit={position.creditLimit}
            errors={{ paymentTerms: errorsOf("credit", "paymentTerms"), creditLimit: errorsOf("credit", "creditLimit") }}
            busy={busy("credit")}
          />
          <p className="text-xs text-slate-500">New terms apply to invoices issued from now on; invoices already issued keep their due dates.</p>
        </div>
      </Panel>

      <FilterBar label="Statement date" problem={data.dateProblem} fallback="Showing today instead.">
        <FilterInput name="date" label="As at the end of" value={data.date} problem={data.dateProblem} />
      </FilterBar>

      <Panel
        title={`Invoices owing at the end of ${formatInvoiceDate(data.date)}`}
        actions={<span className="text-sm text-slate-600">{formatMoney(statement.aged.total)} inc VAT</span>}
      >
        <div className="p-2">
          <DataTable caption={`Invoices owing at the end of ${formatInvoiceDate(data.date)}`} minWidth="36rem" testId="open-invoices">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="px-2 py-1.5">Invoice</th>
                <th scope="col" className="px-2 py-1.5">Issued</th>
                <th scope="col" className="px-2 py-1.5">Due</th>
                <th scope="col" className="px-2 py-1.5">Age</th>
                <th scope="col" className="px-2 py-1.5 text-right">Outstanding</th>
              </tr>
            </thead>
            <tbody>
              {data.openInvoices.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-2 py-4 text-slate-500">Nothing was owed.</td>
                </tr>
              ) : null}
              {data.openInvoices.map((invoice) => (
                <tr key={invoice.invoiceId} className="border-b border-slate-100">
                  <td className="whitespace-nowrap px-2 py-1.5">
                    <a href={`/admin/sales-invoices?view=${invoice.invoiceId}`} className={linkClass}>
                      {invoice.invoiceNumber}
                    </a>
                  </td>
                  <td className="whitespace-nowrap px-2 py-1.5">{formatInvoiceDate(invoice.date)}</td>
                  <td className="whitespace-nowrap px-2 py-1.5">{invoice.dueDate ? formatInvoiceDate(invoice.dueDate) : "—"}</td>
                  <td className={`px-2 py-1.5 ${invoice.daysPastDue > 0 ? "text-red-700" : ""}`}>
                    {invoice.daysPastDue > 0 ? `${invoice.daysPastDue} days late (${AGE_BUCKET_LABELS[invoice.bucket]})` : "Not yet due"}
                  </td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{formatMoney(invoice.outstanding)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      </Panel>

      <Panel
        title={`Statement as at ${formatInvoiceDate(data.date)}`}
        actions={
          <a href={`${AGED_DEBTORS_PATH}/${position.companyId}/statement.pdf?date=${data.date}`} className="text-sm font-medium text-brand-700 hover:underline">
            Download statement PDF
          </a>
        }
      >
        <div className="space-y-4 p-4">
          <StatementTable statement={statement} />
          <AgedBalance aged={statement.aged} caption={`Aged balance at ${formatInvoiceDate(data.date)}`} />
          <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
            <input type="hidden" name="intent" value="statement" />
            <div className="space-y-1">
              <label htmlFor="statement-date" className="block text-sm font-medium text-slate-800">
                Statement as at
              </label>
              <input id="statement-date" type="date" name="date" defaultValue={data.date} className={inputClass} />
            </div>
            <Button type="submit" disabled={busy("statement") || data.recipients.length === 0}>
              {busy("statement") ? "Sending..." : "Email the statement"}
            </Button>
            <p className="text-sm text-slate-600">
              {data.recipients.length > 0 ? `To ${data.recipients.join(", ")} (company admins and approvers).` : "Nobody at this company can receive it: add an active company admin or approver first."}
            </p>
            {(formErrors("statement") ?? errorsOf("statement", "date"))?.length ? (
              <p role="alert" className="w-full text-sm text-red-700">
                {(formErrors("statement") ?? errorsOf("statement", "date"))![0]}
              </p>
            ) : null}
          </Form>
        </div>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
