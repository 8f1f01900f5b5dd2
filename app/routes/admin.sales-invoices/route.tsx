import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { statusFilter } from "~/components/admin/status-filter";
import { sendInvoiceEmail } from "~/domain/invoices/invoice-email.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { INVOICE_STATUSES, invoiceStatusLabel } from "~/domain/invoices/invoice-status";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "~/domain/invoices/invoices.server";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import {
  manualInvoiceFormSchema,
  SALES_INVOICE_NOT_FOUND,
} from "~/domain/invoices/sales-invoice.schema";
import {
  getAdminSalesInvoice,
  listFinancialAccountOptions,
  listSalesInvoices,
} from "~/domain/invoices/sales-invoice-list.server";
import { pickerQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { customerOptions, productOptions } from "~/domain/shared/pickers.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { requireAdmin } from "~/utils/auth.server";
import { getCompanySettings, invoiceIdentityProblem } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { PAYMENT_TERMS_TEXT } from "~/utils/invoice-pdf.server";
import { invoiceScreenAddress } from "~/components/admin/invoices/list-state";
import { invoiceScreenAction, invoiceScreenPages } from "~/utils/invoice-screen.server";
import { CreateInvoiceForm } from "./create-invoice-form";
import { InvoiceDetail } from "./invoice-detail";
import { InvoiceTable, partyName } from "~/components/admin/invoices/invoice-table";
import { INVOICES_PATH as PATH, invoicesHref } from "./invoices-screen";
import { lineRowsOf, listQuery } from "./list-state";
import { PaymentForm } from "~/components/admin/invoices/payment-form";

const SALES_PAYMENT = {
  methodInput: "select",
  accountLabel: "Paid into account",
  accountHint: "Optional: the account's balance moves by the amount.",
} as const;

export const meta: MetaFunction = () => [{ title: "Sales Invoices · INFY Admin" }];

const CREATE_FIELDS = ["customerId", "orderId", "invoiceNumber", "issueDate", "dueDate", "items"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = listQuery(params);
  const list = listSalesInvoices(db, query);
  const state = { q: query.q, status: query.status, page: list.page };

  const pages = invoiceScreenPages(params, (id) => getAdminSalesInvoice(db, id), (found) => found.document.outstanding);
  const { invoice: detail, paying, creating } = pages;
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));
  const company = getCompanySettings();
  const today = ukToday();

  return json(
    {
      list: state,
      invoices: list.items,
      total: list.total,
      pageCount: list.pageCount,
      invoice: detail
        ? {
            id: detail.id,
            orderId: detail.orderId,
            customerId: detail.customerId,
            ...detail.document,
            payments: detail.payments,
          }
        : null,
      missing: pages.missing,
      history: detail ? auditHistory(db, "sales_invoice", detail.id) : [],
      paying,
      accounts: paying ? listFinancialAccountOptions(db) : [],
      creating,
      lineRows: lineRowsOf(params),
      customerSearch: picker.customer ?? "",
      customers: creating ? customerOptions(db, { q: picker.customer }) : null,
      productSearch: picker.product ?? "",
      products: creating ? productOptions(db, { q: picker.product }) : null,
      company: {
        name: company.name,
        address: company.address,
        vatNumber: company.vatNumber,
        email: company.email,
        phone: company.phone,
        bank: company.bank,
      },
      identityProblem: invoiceIdentityProblem(company),
      paymentTerms: PAYMENT_TERMS_TEXT,
      paymentTermsDays: PAYMENT_TERMS_DAYS,
      today,
      defaultDueDate: addDaysToDate(today, PAYMENT_TERMS_DAYS),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = ({ request }: ActionFunctionArgs) =>
  invoiceScreenAction(request, {
    address: invoiceScreenAddress(PATH),
    record: recordPayment,
    email: sendInvoiceEmail,
    createSchema: manualInvoiceFormSchema,
    createFields: CREATE_FIELDS,
    create: createManualInvoice,
  });

export default function AdminSalesInvoices() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const listPath = invoicesHref(data.list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  if (data.invoice) {
    const invoice = data.invoice;
    const viewPath = invoicesHref(data.list, { view: String(invoice.id) });
    return (
      <div className="mx-auto max-w-5xl">
        <ActionNotice data={actionData} />
        <IdentityWarning problem={data.identityProblem} />
        <InvoiceDetail invoice={invoice} data={data} listPath={listPath} hidden={hidden} />
        <AdminDialog
          open={data.paying}
          title="Record Payment"
          description={`Invoice ${invoice.invoiceNumber}`}
          closeHref={viewPath}
        >
          {data.paying ? (
            <PaymentForm
              invoice={invoice}
              kind={SALES_PAYMENT}
              today={data.today}
              accounts={data.accounts}
              hidden={hidden}
              cancelHref={viewPath}
              lastResult={actionData?.intent === "pay" ? actionData.result : undefined}
            />
          ) : null}
        </AdminDialog>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Sales Invoices"
        description="Invoices issued to customers: one per order, plus any created by hand."
        actions={
          <Link to={invoicesHref(data.list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
            Create Invoice
          </Link>
        }
      />
      <ActionNotice data={actionData} />
      <IdentityWarning problem={data.identityProblem} />
      {data.missing ? <MissingNotice>{SALES_INVOICE_NOT_FOUND}.</MissingNotice> : null}

      <AdminDialog open={data.creating} size="lg" title="Create Invoice" closeHref={listPath}>
        {data.creating ? (
          <CreateInvoiceForm
            data={data}
            hidden={hidden}
            cancelHref={listPath}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <Panel>
        <AdminListFilters
          search={{
            id: "invoice-search",
            label: "Search",
            placeholder: "Invoice number, customer email or business, order number",
            value: data.list.q ?? "",
          }}
          filters={[statusFilter("invoice-status", data.list.status, INVOICE_STATUSES, invoiceStatusLabel)]}
          clearHref={PATH}
          submitLabel="Filter"
        />
        <InvoiceTable
          caption="Sales invoices"
          partyHeading="Customer"
          dateHeading="Issue date"
          rows={data.invoices.map((row) => ({
            id: row.id,
            invoiceNumber: row.invoiceNumber,
            reference: row.order?.orderNumber ?? null,
            partyName: row.customer ? partyName(row.customer) : (row.order?.shippingName ?? "Unknown customer"),
            partyEmail: row.customer?.email ?? null,
            date: row.issueDate,
            dueDate: row.dueDate,
            status: row.status,
            total: row.total,
            outstanding: row.outstanding,
          }))}
          filtered={Boolean(data.list.q || data.list.status)}
          page={data.list.page}
          pageCount={data.pageCount}
          total={data.total}
          hrefFor={(state) => ("view" in state ? invoicesHref(data.list, { view: String(state.view) }) : invoicesHref({ ...data.list, page: state.page }))}
        />
      </Panel>
    </div>
  );
}

/** A real install without the company's VAT number: invoices cannot be issued by hand or sent until it is set. */
function IdentityWarning({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {problem}
    </p>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
