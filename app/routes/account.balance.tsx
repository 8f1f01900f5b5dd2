import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { AgedBalance, CreditFigures, StatementTable } from "~/components/credit/credit-parts";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { accountBalance, accountStatement } from "~/domain/credit/account-credit.server";
import { accountReference } from "~/domain/credit/credit";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { pageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Account Balance") }];

/**
 * /account/balance?date=: the company's balance, available credit, overdue and aged amounts today, its unpaid
 * invoices, how to pay, and its statement as at a day (on the page and as a PDF). Company admins and approvers
 * only; anyone else is told who can see it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "balance");
  const db = getDb();
  const today = ukToday();
  const balance = accountBalance(db, user, today);
  if (!balance.ok) return json({ refused: balance.message, account: null }, { status: balance.status, headers: { "Cache-Control": "private, no-store" } });
  const params = new URL(request.url).searchParams;
  const read = accountStatement(db, user, params, today);
  // a date that cannot be read is said on the page, which shows today's statement instead
  const statement = read.ok ? read.value : (accountStatement(db, user, new URLSearchParams(), today) as { ok: true; value: never }).value;
  const seller = getCompanySettings();
  const position = balance.value.position;
  return json(
    {
      refused: null,
      account: {
        position,
        today,
        reference: accountReference(position.companyId),
        statement,
        dateProblem: read.ok ? null : read.message,
        seller: { name: seller.name, email: seller.email, phone: seller.phone, bank: seller.bank },
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AccountBalancePage() {
  const data = useLoaderData<typeof loader>();
  if (!data.account) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <AccountBreadcrumb current="Account Balance" />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Account Balance</h1>
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-slate-800" role="status">
          {data.refused}
        </p>
      </div>
    );
  }
  const { position, statement, seller, reference } = data.account;
  const pdfHref = `/account/statement.pdf?date=${statement.to}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AccountBreadcrumb current="Account Balance" />
      <header className="mt-4">
        <h1 className="text-3xl font-bold text-slate-900">Account Balance</h1>
        <p className="mt-2 text-slate-600">
          {position.companyName}, account {reference}. Figures at the end of today, {formatInvoiceDate(data.account.today)}.
        </p>
      </header>

      <section aria-labelledby="figures" className="mt-6">
        <h2 id="figures" className="sr-only">
          Balance and credit
        </h2>
        <CreditFigures position={position} />
      </section>

      <section aria-labelledby="aged" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="aged" className="text-lg font-semibold text-slate-900">
          Aged balance
        </h2>
        <p className="mb-2 text-sm text-slate-600">What you owe by how far past its due date each invoice is (inc VAT).</p>
        <AgedBalance aged={position.aged} caption="Your aged balance today" />
      </section>

      <section aria-labelledby="unpaid" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="unpaid" className="text-lg font-semibold text-slate-900">
          Unpaid invoices
        </h2>
        {position.openInvoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing is owed. Thank you.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm" data-testid="unpaid-invoices">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="px-2 py-1.5">Invoice</th>
                  <th scope="col" className="px-2 py-1.5">Issued</th>
                  <th scope="col" className="px-2 py-1.5">Due</th>
                  <th scope="col" className="px-2 py-1.5 text-right">Outstanding (inc VAT)</th>
                </tr>
              </thead>
              <tbody>
                {position.openInvoices.map((invoice) => (
                  <tr key={invoice.invoiceId} className="border-b border-slate-100">
                    <td className="whitespace-nowrap px-2 py-1.5">
                      <a href={`/account/invoices/${invoice.invoiceId}.pdf`} className="font-medium text-brand-700 hover:underline">
                        {invoice.invoiceNumber}
                      </a>
                    </td>
                    <td className="whitespace-nowrap px-2 py-1.5">{formatInvoiceDate(invoice.date)}</td>
                    <td className={`whitespace-nowrap px-2 py-1.5 ${invoice.daysPastDue > 0 ? "font-medium text-red-700" : ""}`}>
                      {invoice.dueDate ? formatInvoiceDate(invoice.dueDate) : "—"}
                      {invoice.daysPastDue > 0 ? ` (overdue ${invoice.daysPastDue} ${invoice.daysPastDue === 1 ? "day" : "days"})` : ""}
                    </td>
                    <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{formatMoney(invoice.outstanding)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="pay" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="pay" className="text-lg font-semibold text-slate-900">
          How to pay
        </h2>
        {seller.bank ? (
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="bank-details">
            <dt className="text-slate-500">Pay by bank transfer to</dt>
            <dd className="font-medium text-slate-900">{seller.bank.accountName}</dd>
            <dt className="text-slate-500">Bank</dt>
            <dd className="text-slate-900">{seller.bank.bankName}</dd>
            <dt className="text-slate-500">Sort code</dt>
            <dd className="font-medium text-slate-900">{seller.bank.sortCode}</dd>
            <dt className="text-slate-500">Account number</dt>
            <dd className="font-medium text-slate-900">{seller.bank.accountNumber}</dd>
            <dt className="text-slate-500">Reference</dt>
            <dd className="font-medium text-slate-900">
              {reference} <span className="font-normal text-slate-600">(or the invoice number, when you pay one invoice)</span>
            </dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            Please contact {seller.email} for payment details, quoting {reference}.
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600">
          Questions about your account: {seller.email}
          {seller.phone ? ` or ${seller.phone}` : ""}.
        </p>
      </section>

      <section aria-labelledby="statement" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="statement" className="text-lg font-semibold text-slate-900">
            Statement as at {formatInvoiceDate(statement.to)}
          </h2>
          <a href={pdfHref} className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
            Download statement (PDF)
          </a>
        </div>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="statement-date" className="block text-sm font-medium text-slate-800">
              Statement date
            </label>
            <input
              id="statement-date"
              type="date"
              name="date"
              defaultValue={statement.to}
              max={data.account.today}
              className={inputClass}
              aria-invalid={data.account.dateProblem ? true : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            Show statement
          </Button>
        </Form>
        {data.account.dateProblem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {data.account.dateProblem}. Showing today&apos;s statement instead.
          </p>
        ) : null}
        <div className="mt-4">
          <StatementTable statement={statement} />
        </div>
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Aged balance at {formatInvoiceDate(statement.to)}</h3>
          <AgedBalance aged={statement.aged} caption={`Aged balance at ${formatInvoiceDate(statement.to)}`} />
        </div>
        <p className="mt-4 text-sm text-slate-600">
          See every invoice on{" "}
          <Link to="/account/invoices" className="text-brand-700 underline">
            Your Invoices
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({ title: "Account Balance", failure: "Your account balance could not be shown.", href: "/account/balance" });
