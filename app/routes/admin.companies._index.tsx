import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { COMPANIES_PATH, companyListQuerySchema } from "~/domain/companies/admin-companies.schema";
import { listCompanies } from "~/domain/companies/admin-companies.server";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Companies") }];

/** /admin/companies?search=&page=: the customer accounts, searched by company name or any member's email (a GET form). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "companies");
  const query = companyListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({ ...listCompanies(getDb(), query), search: query.search ?? "" }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Companies() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = (page: number) => `${COMPANIES_PATH}?${new URLSearchParams({ ...(data.search ? { search: data.search } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Companies"
        description="Each customer account is a company: its people, price tier, terms and hold."
        actions={
          <Link to="/admin/users" className="text-sm font-medium text-brand-700 hover:underline">
            Users
          </Link>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
        <div>
          <label htmlFor="company-search" className="block text-sm font-medium text-slate-800">
            Company name or a person&apos;s email
          </label>
          <input id="company-search" name="search" type="search" defaultValue={data.search} className={`${inputClass} w-72`} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <Panel>
        <DataTable caption="Companies by name" minWidth="44rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Company</th>
              <th scope="col" className={thClass}>People</th>
              <th scope="col" className={thClass}>Price tier</th>
              <th scope="col" className={thClass}>Orders</th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 ? (
              <EmptyRow colSpan={4}>{data.search ? "No company matches your search." : "No companies yet."}</EmptyRow>
            ) : (
              data.items.map((company) => (
                <tr key={company.id} className="hover:bg-slate-50">
                  <td className={tdClass}>
                    <Link to={`${COMPANIES_PATH}/${company.id}`} className="font-medium text-brand-700 hover:underline">
                      {company.name}
                    </Link>
                    {company.vatNumber ? <div className="text-xs text-slate-500">VAT {company.vatNumber}</div> : null}
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{company.peopleCount}</td>
                  <td className={tdClass}>{company.priceTierName ?? "List prices"}</td>
                  <td className={tdClass}>
                    {company.onHold ? <Badge tone="danger">On hold</Badge> : company.requiresApproval ? <Badge tone="warning">Approval needed</Badge> : <Badge tone="success">Can order</Badge>}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination page={data.page} pageCount={data.pageCount} total={data.total} noun={["company", "companies"]} hrefFor={hrefFor} />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
