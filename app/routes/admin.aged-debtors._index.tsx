import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { DataTable } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { FilterBar, FilterInput } from "~/components/ledger/filter-bar";
import { ledgerTd, ledgerTh, moneyTd, moneyTh } from "~/components/ledger/ledger-table";
import { AGED_DEBTORS_PATH as PATH, agedDebtorsPageFor } from "~/domain/credit/aged-debtors.server";
import { formatInvoiceDate } from "~/domain/invoices/invoice-status";
import { ukToday } from "~/domain/invoices/invoices.server";
import { AGE_BUCKET_LABELS, AGE_BUCKETS } from "~/domain/ledger/aged-balances";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Aged Debtors") }];

const PER_PAGE = 25;

/** /admin/aged-debtors?date=&page=: what each company owed at the end of a day, by days past due; 25 companies a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "credit");
  const params = new URL(request.url).searchParams;
  const today = ukToday();
  // a date that cannot be read is said on the screen, which shows today instead; each company's buckets and
  // invoice count are summed in SQL: the screen lists no invoices
  const { page, problem } = agedDebtorsPageFor(getDb(), params, today, PER_PAGE);
  return json(
    {
      date: page.date,
      dateProblem: problem,
      companies: page.companies,
      companyCount: page.companyCount,
      totals: page.totals,
      invoiceCount: page.invoiceCount,
      page: page.page,
      pageCount: page.pageCount,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const linkClass = "font-medium text-brand-700 hover:underline";

export default function AgedDebtors() {
  const data = useLoaderData<typeof loader>();
  const dated = (path: string) => `${path}?date=${data.date}`;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Aged Debtors"
        description="What each company owed at the end of a day, by how far past its due date each invoice was."
        actions={
          <>
            <Link to="/admin/credit-control" className="text-sm font-medium text-brand-700 hover:underline">
              Credit control
            </Link>
            <Link to="/admin/credit-reminders" className="text-sm font-medium text-brand-700 hover:underline">
              Payment reminders
            </Link>
            <a href={dated(`${PATH}.csv`)} className="text-sm font-medium text-brand-700 hover:underline">
              Download CSV
            </a>
          </>
        }
      />
      <FilterBar label="Aged debtors date" problem={data.dateProblem} fallback="Showing today instead.">
        <FilterInput name="date" label="As at the end of" value={data.date} problem={data.dateProblem} />
      </FilterBar>
      <Panel title={`At the end of ${formatInvoiceDate(data.date)}`}>
        <p className="px-3 pt-2 text-xs text-slate-500">Amounts inc VAT. Open a company for its invoices, terms, limit and statement.</p>
        <DataTable caption={`Aged debtors at ${formatInvoiceDate(data.date)}`} minWidth="52rem">
          <thead>
            <tr>
              <th scope="col" className={ledgerTh}>
                Company
              </th>
              {AGE_BUCKETS.map((bucket) => (
                <th key={bucket} scope="col" className={`${moneyTh} w-28`}>
                  {AGE_BUCKET_LABELS[bucket]}
                </th>
              ))}
              <th scope="col" className={`${moneyTh} w-28`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {data.companies.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-8 text-center text-sm text-slate-500">
                  Nothing was owed at the end of {formatInvoiceDate(data.date)}.
                </td>
              </tr>
            ) : (
              data.companies.map((company) => (
                <tr key={company.key} data-testid="aged-company">
                  <th scope="row" className={`${ledgerTd} font-medium`}>
                    {company.key === "none" ? (
                      company.name
                    ) : (
                      <Link to={dated(`${PATH}/${company.key}`)} className={linkClass}>
                        {company.name}
                      </Link>
                    )}
                    <span className="block text-xs font-normal text-slate-500">
                      {company.invoiceCount} {company.invoiceCount === 1 ? "invoice" : "invoices"}
                    </span>
                  </th>
                  {AGE_BUCKETS.map((bucket) => (
                    <td key={bucket} className={`${moneyTd} ${bucket !== "current" && company[bucket] > 0 ? "text-red-700" : ""}`}>
                      {formatMoney(company[bucket])}
                    </td>
                  ))}
                  <td className={`${moneyTd} font-semibold`}>{formatMoney(company.total)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold text-slate-900" data-testid="aged-totals">
              <th scope="row" className={ledgerTd}>
                Total ({data.companyCount} {data.companyCount === 1 ? "company" : "companies"}, {data.invoiceCount} {data.invoiceCount === 1 ? "invoice" : "invoices"})
              </th>
              {AGE_BUCKETS.map((bucket) => (
                <td key={bucket} className={moneyTd}>
                  {formatMoney(data.totals[bucket])}
                </td>
              ))}
              <td className={moneyTd}>{formatMoney(data.totals.total)}</td>
            </tr>
          </tfoot>
        </DataTable>
        {data.pageCount > 1 ? (
          <AdminPagination
            page={data.page}
            pageCount={data.pageCount}
            total={data.companyCount}
            noun={["company", "companies"]}
            hrefFor={(page) => `${PATH}?date=${data.date}${page > 1 ? `&page=${page}` : ""}`}
          />
        ) : null}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
