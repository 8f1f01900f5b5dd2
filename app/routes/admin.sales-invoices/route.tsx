import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useStaffRole } from "~/components/admin/staff-link";
import { staffMayOpen } from "~/domain/users/staff-roles";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { sendInvoiceEmail } from "~/domain/invoices/invoice-email.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
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
import { requireStaff } from "~/utils/auth.server";
import { getCompanySettings, invoiceIdentityProblem } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { invoiceFormDefaults, invoiceScreenAction, invoiceScreenPages } from "~/utils/invoice-screen.server";
import { CreateInvoiceForm } from "./create-invoice-form";
import { InvoiceDetail } from "./invoice-detail";
import { InvoiceListPage, partyName, type InvoiceRowView } from "./invoice-table";
import { INVOICES_PATH as PATH, invoicesHref, type InvoiceRow } from "./invoices-screen";
import { invoiceScreenAddress, lineRowsOf } from "./list-state";
import { InvoicePage } from "./payment-form";

const SALES_PAYMENT = {
  methodInput: "select",
  accountLabel: "Paid into account",
  accountHint: "The money goes into this account in the books; with no account it waits in Suspense.",
} as const;

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Sales Invoices") }];

const CREATE_FIELDS = ["customerId", "orderId", "invoiceNumber", "issueDate", "dueDate", "items"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "invoices");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = invoiceScreenAddress(PATH).listQuery(params);
  // the screen counts a filter's matches only as far as it shows ("10,000+"); the API counts them all
  const list = listSalesInvoices(db, query, { counting: "capped" });
  const state = { q: query.q, status: query.status, page: list.page };

  const pages = invoiceScreenPages(params, (id) => getAdminSalesInvoice(db, id), (found) => found.document.outstanding);
  const { invoice: detail, paying, creating } = pages;
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));
  const company = getCompanySettings();

  return json(
    {
      list: state,
      invoices: list.items,
      total: list.total,
      more: list.more ?? false,
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
      ...invoiceFormDefaults(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = ({ request }: ActionFunctionArgs) =>
  invoiceScreenAction(request, {
    area: "invoices",
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
  const staffRole = useStaffRole();
  const listPath = invoicesHref(data.list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  if (data.invoice) {
    const invoice = data.invoice;
    const payment = { kind: SALES_PAYMENT, today: data.today, accounts: data.accounts, hidden };
    const lastPayment = actionData?.intent === "pay" ? actionData.result : undefined;
    return (
      <InvoicePage invoice={invoice} paying={data.paying} payment={payment} viewPath={invoicesHref(data.list, { view: String(invoice.id) })} lastResult={lastPayment}>
        <ActionNotice data={actionData} />
        <IdentityWarning problem={data.identityProblem} />
        <InvoiceDetail invoice={invoice} data={data} listPath={listPath} hidden={hidden} />
      </InvoicePage>
    );
  }


  return (
    <InvoiceListPage
      title="Sales Invoices"
      description="Invoices issued to customers: one per order, plus any created by hand."
      moreActions={
        staffMayOpen(staffRole, "/admin/aged-debtors") ? (
          <>
            <Link to="/admin/credit-control" className="text-sm font-medium text-brand-700 hover:underline">
              Credit Control
            </Link>
            <Link to="/admin/aged-debtors" className="text-sm font-medium text-brand-700 hover:underline">
              Aged Debtors
            </Link>
          </>
        ) : null
      }
      notices={
        <>
          <ActionNotice data={actionData} />
          <IdentityWarning problem={data.identityProblem} />
          {data.missing ? <MissingNotice>{SALES_INVOICE_NOT_FOUND}.</MissingNotice> : null}
        </>
      }
      creating={data.creating}
      createForm={<CreateInvoiceForm data={data} hidden={hidden} cancelHref={listPath} lastResult={actionData?.intent === "create" ? actionData.result : undefined} />}
      list={data.list}
      href={invoicesHref}
      clearHref={PATH}
      searchPlaceholder="Invoice number, customer email or business, order number"
      table={{ caption: "Sales invoices", partyHeading: "Customer", dateHeading: "Issue date", rows: data.invoices, view: SALES_ROWS, pageCount: data.pageCount, total: data.total, more: data.more }}
    />
  );
}

/** A sales invoice's row: the customer (or the order's delivery name), its order number, its issue date. */
const SALES_ROWS: InvoiceRowView<InvoiceRow> = {
  party: (row) => ({ name: row.customer ? partyName(row.customer) : (row.order?.shippingName ?? "Unknown customer"), email: row.customer?.email ?? null }),
  reference: (row) => row.order?.orderNumber ?? null,
  date: (row) => row.issueDate,
};

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
