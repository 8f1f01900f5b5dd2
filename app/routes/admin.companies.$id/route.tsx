import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { COMPANIES_PATH, holdFormSchema, termsFormSchema } from "~/domain/companies/admin-companies.schema";
import { COMPANY_NOT_FOUND, getCompanyDetail, updateCompanyByAdmin } from "~/domain/companies/admin-companies.server";
import { COMPANY_ROLE_LABELS } from "~/domain/companies/company-people.schema";
import { listPriceTierOptions } from "~/domain/users/users.server";
import type { CompanyRole } from "~db/schema";
import { requireStaff } from "~/utils/auth.server";
import { CreditFigures, CreditForm } from "~/components/credit/credit-parts";
import { creditPosition } from "~/domain/credit/company-debts.server";
import { ukToday } from "~/domain/invoices/invoices.server";
import { staffMay } from "~/domain/users/staff-roles";
import { statusLabel } from "~/domain/orders/order-status";
import { creditFormAction } from "~/utils/credit-screen.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { redirectWithToast } from "~/utils/toast.server";
import { NewestDocuments, TextInput } from "./company-parts";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [{ title: adminPageTitle(matches, data?.company.name ?? "Company") }];


function companyId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw json({ message: COMPANY_NOT_FOUND }, { status: 404 });
  return id;
}

/** /admin/companies/{id}: the company's people and roles, tier and terms, addresses, orders and invoices; hold or release. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "companies");
  const db = getDb();
  const company = getCompanyDetail(db, companyId(params));
  if (!company) throw json({ message: COMPANY_NOT_FOUND }, { status: 404 });
  return json(
    {
      company,
      tiers: listPriceTierOptions(db),
      credit: creditPosition(db, company.id, ukToday())!,
      // terms and limit are credit control's (accounts and full admins); sales see them
      mayChangeCredit: staffMay(staff.staffRole, "credit"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Hold (with a reason), release, save the details, or (credit area) the payment terms and limit; then back here with a notice. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "companies");
  const id = companyId(params);
  const formData = await request.formData().catch(() => new FormData());
  const intent = String(formData.get("intent") ?? "");
  const db = getDb();
  const path = `${COMPANIES_PATH}/${id}`;
  const creditAnswer = await creditFormAction(request, formData, id, path);
  if (creditAnswer) return creditAnswer;
  if (intent === "hold") {
    const submission = parseWithZod(formData, { schema: holdFormSchema });
    if (submission.status !== "success") return invalidReply("hold", submission);
    const result = updateCompanyByAdmin(db, admin, id, { onHold: true, holdReason: submission.value.holdReason });
    if (!result.ok) return failureReply("hold", submission, result, ["holdReason"]);
    return redirectWithToast(request, path, { title: "Company on hold", description: `${result.value.name} cannot place orders until it is released.` });
  }
  if (intent === "release") {
    const result = updateCompanyByAdmin(db, admin, id, { onHold: false });
    if (!result.ok) throw json({ message: result.message }, { status: result.status });
    return redirectWithToast(request, path, { title: "Company released", description: `${result.value.name} can order again.` });
  }
  const submission = parseWithZod(formData, { schema: termsFormSchema });
  if (submission.status !== "success") return invalidReply("terms", submission);
  const result = updateCompanyByAdmin(db, admin, id, submission.value);
  if (!result.ok) return failureReply("terms", submission, result, ["name", "vatNumber", "companyNumber", "address", "priceTierId"]);
  return redirectWithToast(request, path, { title: "Company saved", description: `${result.value.name}'s details and terms were saved.` });
}

export default function CompanyDetail() {
  const { company, tiers, credit, mayChangeCredit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsOf = (intent: string, field: string) =>
    answer?.intent === intent ? ((answer.result as { error?: Record<string, string[] | null> }).error?.[field] ?? undefined) : undefined;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <PageHeader
        title={company.name}
        description={company.onHold ? `On hold: ${company.holdReason ?? "no reason given"}` : company.requiresApproval ? "Each order waits for your approval." : "Orders go straight through."}
        actions={
          <Link to={COMPANIES_PATH} className="text-sm font-medium text-brand-700 hover:underline">
            All companies
          </Link>
        }
      />

      <Panel title="Hold">
        <div className="p-4">
          {company.onHold ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="release" />
              <Badge tone="danger">On hold</Badge>
              <span className="text-sm text-slate-700">Its buyers are told: {company.holdReason}</span>
              <Button type="submit" disabled={busy("release")}>
                {busy("release") ? "Releasing..." : "Release the hold"}
              </Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="hold" />
              <label htmlFor="hold-reason" className="block text-sm font-medium text-slate-800">
                Reason (shown to the company&apos;s buyers)
              </label>
              <FormError errors={errorsOf("hold", "holdReason") ?? undefined} />
              <textarea id="hold-reason" name="holdReason" rows={2} maxLength={500} className={inputClass} />
              <Button type="submit" variant="danger" disabled={busy("hold")}>
                {busy("hold") ? "Saving..." : "Put on hold"}
              </Button>
            </Form>
          )}
        </div>
      </Panel>

      <Panel title="Details and terms">
        <Form method="post" className="grid gap-4 p-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="terms" />
          <TextInput name="name" label="Company name" value={company.name} errors={errorsOf("terms", "name")} />
          <TextInput name="vatNumber" label="VAT number" value={company.vatNumber ?? ""} errors={errorsOf("terms", "vatNumber")} />
          <TextInput name="companyNumber" label="Company number" value={company.companyNumber ?? ""} errors={errorsOf("terms", "companyNumber")} />
          <TextInput name="address" label="Billing address" value={company.address ?? ""} errors={errorsOf("terms", "address")} />
          <div>
            <label htmlFor="priceTierId" className="block text-sm font-medium text-slate-800">
              Price tier
            </label>
            <select id="priceTierId" name="priceTierId" defaultValue={company.priceTierId ?? ""} className={inputClass}>
              <option value="">None (list prices)</option>
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {tier.name}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 self-end text-sm text-slate-800">
            <input type="checkbox" name="requiresApproval" defaultChecked={company.requiresApproval} />
            Each order waits for our approval
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy("terms")}>
              {busy("terms") ? "Saving..." : "Save details"}
            </Button>
          </div>
        </Form>
      </Panel>

      <Panel
        title="Credit"
        actions={
          mayChangeCredit ? (
            <Link to={`/admin/aged-debtors/${company.id}`} className="text-sm font-medium text-brand-700 hover:underline">
              Invoices and statement
            </Link>
          ) : null
        }
      >
        <div className="space-y-4 p-4">
          <CreditFigures position={credit} />
          {mayChangeCredit ? (
            <CreditForm
              terms={credit.paymentTerms}
              creditLimit={credit.creditLimit}
              errors={{ paymentTerms: errorsOf("credit", "paymentTerms") ?? undefined, creditLimit: errorsOf("credit", "creditLimit") ?? undefined }}
              busy={busy("credit")}
            />
          ) : (
            <p className="text-sm text-slate-600">Payment terms and the credit limit are set by accounts.</p>
          )}
        </div>
      </Panel>

      <Panel title="People">
        <DataTable caption={`People of ${company.name}`}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Person</th>
              <th scope="col" className={thClass}>Role</th>
              <th scope="col" className={thClass}>Access</th>
            </tr>
          </thead>
          <tbody>
            {company.people.length === 0 ? (
              <EmptyRow colSpan={3}>Nobody yet: add a customer on the Users screen.</EmptyRow>
            ) : (
              company.people.map((person) => (
                <tr key={person.id}>
                  <td className={tdClass}>
                    {[person.firstName, person.lastName].filter(Boolean).join(" ") || person.email}
                    <div className="text-xs text-slate-500">{person.email}</div>
                  </td>
                  <td className={tdClass}>{person.role ? COMPANY_ROLE_LABELS[person.role as CompanyRole] : "—"}</td>
                  <td className={tdClass}>{person.active ? "Active" : "Deactivated"}</td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </Panel>

      <Panel title="Delivery addresses">
        <ul className="space-y-1 p-4 text-sm text-slate-700">
          {company.addresses.length === 0 ? <li>No saved addresses.</li> : null}
          {company.addresses.map((a) => (
            <li key={a.id}>
              <strong>{a.label}</strong>
              {a.isDefault ? " (default)" : ""}: {a.name}, {a.address}, {a.city}, {a.postcode}
            </li>
          ))}
        </ul>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <NewestDocuments
          title="Newest orders"
          caption="The company's 20 newest orders"
          noun="Order"
          dateLabel="Placed"
          empty="No orders yet."
          rows={company.orders.map((o) => ({
            key: o.id,
            href: `/admin/orders/${o.id}`,
            number: o.orderNumber,
            note: statusLabel(o.status),
            date: new Date(o.createdAt),
            by: o.placedBy,
            total: o.total,
          }))}
        />
        <NewestDocuments
          title="Newest invoices"
          caption="The company's 20 newest invoices"
          noun="Invoice"
          dateLabel="Issued"
          empty="No invoices yet."
          rows={company.invoices.map((i) => ({
            key: i.id,
            href: `/admin/sales-invoices?view=${i.id}`,
            number: i.invoiceNumber,
            note: i.status === "void" ? "void" : null,
            date: new Date(`${i.issueDate}T12:00:00Z`),
            by: null,
            total: i.total,
          }))}
        />
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
