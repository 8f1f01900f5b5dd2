import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { useState, type InputHTMLAttributes } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge, type BadgeTone } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";
import {
  DialogActions,
  FieldErrors,
  HiddenFields,
  IDEMPOTENCY_INPUT,
  PickerSearch,
  primaryLinkClass,
  SelectField,
  TextareaField,
} from "~/components/admin/form/form-bits";
import { idParam, listHref } from "~/components/admin/form/list-hrefs";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  DESCRIPTION_MAX,
  FORM_LINES_MAX,
  FORM_LINES_STEP,
  INVOICE_CREATED,
  INVOICE_EMAIL_FAILED,
  INVOICE_EMAIL_SENT,
  INVOICE_NUMBER_MAX,
  manualInvoiceFormSchema,
  NO_INVOICE_SELECTED,
  NOTES_MAX,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_RECORDED,
  recordPaymentSchema,
  REFERENCE_MAX,
  SALES_INVOICE_NOT_FOUND,
  salesInvoiceListQuerySchema,
  type SalesInvoiceListQuery,
} from "~/domain/invoices/sales-invoice.schema";
import { createManualInvoice } from "~/domain/invoices/manual-invoices.server";
import { getAdminSalesInvoice, listFinancialAccountOptions, listSalesInvoices } from "~/domain/invoices/sales-invoice-list.server";
import { recordPayment } from "~/domain/invoices/invoice-payments.server";
import { sendInvoiceEmail } from "~/domain/invoices/invoice-email.server";
import { formatInvoiceDate, INVOICE_STATUSES, invoiceStatusLabel, type InvoiceStatus } from "~/domain/invoices/invoice-status";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "~/domain/invoices/invoices.server";
import { pickerQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { customerOptions, productOptions } from "~/domain/pricing/pricing-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { PAYMENT_TERMS_TEXT } from "~/utils/invoice-pdf.server";
import { formatMoney, formatPercent, toDecimalString } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Sales Invoices · INFY Admin" }];

const PATH = "/admin/sales-invoices";
const PAYMENT_FIELDS = ["amount", "paymentMethod", "paymentDate", "reference", "notes", "financialAccountId"] as const;
const CREATE_FIELDS = ["customerId", "orderId", "invoiceNumber", "issueDate", "dueDate", "items"] as const;

const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  paid: "success",
  partially_paid: "info",
  overdue: "danger",
  unpaid: "warning",
  void: "neutral",
};

function listQuery(params: URLSearchParams): SalesInvoiceListQuery {
  return salesInvoiceListQuerySchema.parse(Object.fromEntries(params));
}

function invoicesHref(list: Partial<SalesInvoiceListQuery>, extra: Record<string, string | undefined> = {}) {
  return listHref(PATH, { q: list.q, status: list.status, page: list.page }, extra);
}

/** Only this screen may be where a form returns to; its list filters are kept. */
function returnList(value: FormDataEntryValue | null): SalesInvoiceListQuery {
  if (typeof value !== "string" || !value.startsWith(PATH)) return listQuery(new URLSearchParams());
  const url = new URL(value, "http://localhost");
  return listQuery(url.pathname === PATH ? url.searchParams : new URLSearchParams());
}

/** How many line rows the Create Invoice form shows: 5, 10, ... up to 50 (`?lines=`). */
function lineRowsOf(params: URLSearchParams) {
  const asked = Number(params.get("lines"));
  if (!Number.isSafeInteger(asked) || asked <= FORM_LINES_STEP) return FORM_LINES_STEP;
  return Math.min(FORM_LINES_MAX, Math.ceil(asked / FORM_LINES_STEP) * FORM_LINES_STEP);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = listQuery(params);
  const list = listSalesInvoices(db, query);
  const state = { q: query.q, status: query.status, page: list.page };

  const payId = idParam(params.get("pay"));
  const viewId = payId ?? idParam(params.get("view"));
  const detail = viewId ? getAdminSalesInvoice(db, viewId) : null;
  const paying = payId !== null && detail !== null && detail.document.outstanding > 0;
  const creating = !detail && params.get("dialog") === "new";
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
      missing: viewId !== null && detail === null,
      paying,
      accounts: paying ? listFinancialAccountOptions(db) : [],
      creating,
      lineRows: lineRowsOf(params),
      customerSearch: picker.customer ?? "",
      customers: creating ? customerOptions(db, { q: picker.customer }) : null,
      productSearch: picker.product ?? "",
      products: creating ? productOptions(db, { q: picker.product }) : null,
      company: { name: company.name, address: company.address, vatNumber: company.vatNumber, email: company.email, phone: company.phone, bank: company.bank },
      paymentTerms: PAYMENT_TERMS_TEXT,
      paymentTermsDays: PAYMENT_TERMS_DAYS,
      today,
      defaultDueDate: addDaysToDate(today, PAYMENT_TERMS_DAYS),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const list = returnList(formData.get("returnTo"));
  const id = idParam(String(formData.get("id") ?? ""));
  const viewHref = (invoiceId: number) => invoicesHref(list, { view: String(invoiceId) });

  if (intent === "pay") {
    if (id === null) return redirectWithToast(request, invoicesHref(list), errorToast(NO_INVOICE_SELECTED));
    const submission = parseWithZod(formData, { schema: recordPaymentSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = recordPayment(db, admin, id, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, invoicesHref(list), errorToast(result.message));
      if (result.status === 409) return redirectWithToast(request, viewHref(id), errorToast(result.message));
      return failureReply(intent, submission, result, PAYMENT_FIELDS);
    }
    const { payment, invoice } = result.value;
    return redirectWithToast(request, viewHref(id), {
      title: PAYMENT_RECORDED,
      description: `£${payment.amount} against ${invoice.invoiceNumber}. Outstanding balance: £${invoice.outstanding}.`,
    });
  }

  if (intent === "email") {
    if (id === null) return redirectWithToast(request, invoicesHref(list), errorToast(NO_INVOICE_SELECTED));
    const result = await sendInvoiceEmail(db, admin, id, key);
    if (!result.ok) return redirectWithToast(request, viewHref(id), errorToast(result.message || INVOICE_EMAIL_FAILED));
    return redirectWithToast(request, viewHref(id), {
      title: INVOICE_EMAIL_SENT,
      description: `${result.value.invoiceNumber} was sent to ${result.value.to}.`,
    });
  }

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: manualInvoiceFormSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = createManualInvoice(db, admin, submission.value, key);
    if (!result.ok) {
      // the use-case names a line's field as items.2.productId; the form's inputs are items[2].productId
      const field = result.field?.replace(/^items\.(\d+)\.(\w+)$/, "items[$1].$2");
      return failureReply(intent, submission, { ...result, field }, field ? [...CREATE_FIELDS, field] : CREATE_FIELDS);
    }
    return redirectWithToast(request, viewHref(result.value.id), {
      title: INVOICE_CREATED,
      description: `${result.value.invoiceNumber} for £${result.value.total} (VAT included).`,
    });
  }

  return redirectWithToast(request, invoicesHref(list), errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;
type InvoiceRow = LoaderData["invoices"][number];
type InvoiceView = NonNullable<LoaderData["invoice"]>;

function StatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{invoiceStatusLabel(status)}</Badge>;
}

function customerName(row: InvoiceRow) {
  if (!row.customer) return row.order?.shippingName ?? "Unknown customer";
  const person = [row.customer.firstName, row.customer.lastName].filter(Boolean).join(" ");
  return row.customer.businessName || person || row.customer.email;
}

const pence = (decimal: string) => Math.round(Number(decimal) * 100);
const secondaryLinkClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50";

export default function AdminSalesInvoices() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const listPath = invoicesHref(data.list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  const notice = actionData?.toast ? (
    <div className="mb-4">
      <ToastNotice key={actionData.attempt} toast={actionData.toast} />
    </div>
  ) : null;

  if (data.invoice) {
    const invoice = data.invoice;
    const viewPath = invoicesHref(data.list, { view: String(invoice.id) });
    return (
      <div className="mx-auto max-w-5xl">
        {notice}
        <InvoiceDetail invoice={invoice} data={data} listPath={listPath} hidden={hidden} />
        <AdminDialog open={data.paying} title="Record Payment" description={`Invoice ${invoice.invoiceNumber}`} closeHref={viewPath}>
          {data.paying ? (
            <PaymentForm
              invoice={invoice}
              data={data}
              hidden={hidden}
              cancelHref={viewPath}
              lastResult={actionData?.intent === "pay" ? actionData.result : undefined}
            />
          ) : null}
        </AdminDialog>
      </div>
    );
  }

  const createHref = invoicesHref(data.list, { dialog: "new" });
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Sales Invoices"
        description="Invoices issued to customers: one per order, plus any created by hand."
        actions={
          <Link to={createHref} preventScrollReset className={primaryLinkClass}>
            Create Invoice
          </Link>
        }
      />
      {notice}
      {data.missing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SALES_INVOICE_NOT_FOUND}.
        </p>
      ) : null}

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
          filters={[
            {
              id: "invoice-status",
              name: "status",
              label: "Status",
              value: data.list.status ?? "",
              allLabel: "All statuses",
              options: INVOICE_STATUSES.map((status) => ({ value: status, label: invoiceStatusLabel(status) })),
            },
          ]}
          clearHref={PATH}
          submitLabel="Filter"
        />
        <DataTable caption="Sales invoices" minWidth="52rem">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Invoice</th>
              <th scope="col" className={thClass}>Customer</th>
              <th scope="col" className={thClass}>Issue date</th>
              <th scope="col" className={thClass}>Due date</th>
              <th scope="col" className={thClass}>Status</th>
              <th scope="col" className={`${thClass} text-right`}>Amount</th>
              <th scope="col" className={`${thClass} text-right`}>Outstanding</th>
            </tr>
          </thead>
          <tbody>
            {data.invoices.length === 0 ? (
              <EmptyRow colSpan={7}>{data.list.q || data.list.status ? "No invoices match these filters." : "No invoices yet."}</EmptyRow>
            ) : (
              data.invoices.map((row) => (
                <tr key={row.id} data-testid="invoice-row">
                  <th scope="row" className={`${tdClass} font-medium`}>
                    <Link
                      to={invoicesHref(data.list, { view: String(row.id) })}
                      className="text-brand-700 hover:underline"
                      aria-label={`View invoice ${row.invoiceNumber}`}
                    >
                      {row.invoiceNumber}
                    </Link>
                    {row.order?.orderNumber ? <span className="block text-xs font-normal text-slate-500">{row.order.orderNumber}</span> : null}
                  </th>
                  <td className={tdClass}>
                    {customerName(row)}
                    {row.customer ? <span className="block text-xs text-slate-500">{row.customer.email}</span> : null}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(row.issueDate)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(row.dueDate)}</td>
                  <td className={tdClass}>
                    <StatusBadge status={row.status} />
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(row.total))}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(row.outstanding))}</td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination
          page={data.list.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["invoice", "invoices"]}
          hrefFor={(page) => invoicesHref({ ...data.list, page })}
        />
      </Panel>
    </div>
  );
}

function InvoiceDetail({
  invoice,
  data,
  listPath,
  hidden,
}: {
  invoice: InvoiceView;
  data: LoaderData;
  listPath: string;
  hidden: Record<string, string>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  const company = data.company;
  const billTo = [
    invoice.billTo.businessName,
    invoice.billTo.name,
    invoice.billTo.address,
    invoice.billTo.email,
    invoice.billTo.vatNumber ? `VAT number: ${invoice.billTo.vatNumber}` : null,
  ].filter(Boolean);
  const shipTo = invoice.shipTo
    ? [invoice.shipTo.name, invoice.shipTo.address, invoice.shipTo.city, invoice.shipTo.postcode].filter(Boolean)
    : ["As billed"];

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={listPath} className="text-brand-700 hover:underline">
          ← All sales invoices
        </Link>
      </p>
      <PageHeader
        title={`Invoice ${invoice.invoiceNumber}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={invoice.status} />
            {invoice.orderNumber ? <span>Order {invoice.orderNumber}</span> : <span>Created by hand</span>}
          </span>
        }
        actions={
          <>
            <a href={`${PATH}/${invoice.id}.pdf`} target="_blank" rel="noreferrer" className={secondaryLinkClass}>
              Print Invoice
            </a>
            {invoice.status !== "void" && invoice.billTo.email ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="email" />
                <input type="hidden" name="id" value={invoice.id} />
                <HiddenFields values={hidden} />
                <Button type="submit" variant="secondary" disabled={sending}>
                  {sending ? "Sending..." : "Send Email"}
                </Button>
              </Form>
            ) : null}
            {invoice.outstanding > 0 ? (
              <Link
                to={invoicesHref(data.list, { pay: String(invoice.id) })}
                preventScrollReset
                className={primaryLinkClass}
              >
                Record Payment
              </Link>
            ) : null}
          </>
        }
      />

      <Panel className="p-4 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
          <div>
            <p className="text-lg font-bold text-slate-900">{company.name}</p>
            <p className="text-sm text-slate-600">{company.address}</p>
            {company.vatNumber ? <p className="text-sm text-slate-600">VAT number: {company.vatNumber}</p> : null}
            <p className="text-sm text-slate-600">
              {company.email}
              {company.phone ? ` · ${company.phone}` : ""}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:text-right">
            <dt className="text-slate-500">Invoice number</dt>
            <dd className="font-semibold text-slate-900">{invoice.invoiceNumber}</dd>
            <dt className="text-slate-500">Issue date</dt>
            <dd className="text-slate-900">{formatInvoiceDate(invoice.issueDate)}</dd>
            <dt className="text-slate-500">Due date</dt>
            <dd className="text-slate-900">{formatInvoiceDate(invoice.dueDate)}</dd>
            {invoice.orderNumber ? (
              <>
                <dt className="text-slate-500">Order</dt>
                <dd className="text-slate-900">{invoice.orderNumber}</dd>
              </>
            ) : null}
          </dl>
        </div>

        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="bill-to">
            <h2 id="bill-to" className="text-sm font-semibold text-slate-900">
              Bill to
            </h2>
            <address className="mt-1 text-sm not-italic text-slate-700">
              {billTo.length ? billTo.map((line, i) => <span key={i} className="block">{line}</span>) : "—"}
            </address>
          </section>
          <section aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-sm font-semibold text-slate-900">
              Ship to
            </h2>
            <address className="mt-1 text-sm not-italic text-slate-700">
              {shipTo.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        </div>

        <div className="mt-6">
          <DataTable caption={`Lines of invoice ${invoice.invoiceNumber}`} minWidth="40rem">
            <thead>
              <tr>
                <th scope="col" className={thClass}>Description</th>
                <th scope="col" className={`${thClass} text-right`}>Qty</th>
                <th scope="col" className={`${thClass} text-right`}>Unit price (ex VAT)</th>
                <th scope="col" className={`${thClass} text-right`}>VAT %</th>
                <th scope="col" className={`${thClass} text-right`}>VAT</th>
                <th scope="col" className={`${thClass} text-right`}>Line total (ex VAT)</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.length === 0 ? (
                <EmptyRow colSpan={6}>No items.</EmptyRow>
              ) : (
                invoice.lines.map((line, i) => (
                  <tr key={i}>
                    <td className={tdClass}>{line.description}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{line.quantity.toLocaleString("en-GB")}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.unitPrice)}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatPercent(line.vatRate)}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.vatAmount)}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(line.total)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </div>

        <dl className="ml-auto mt-4 grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label="Invoice totals">
          <dt className="text-slate-600">Subtotal (ex VAT)</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.subtotal)}</dd>
          <dt className="text-slate-600">VAT</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.vatAmount)}</dd>
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(invoice.total)}</dd>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="text-right tabular-nums" data-testid="amount-paid">
            {formatMoney(invoice.amountPaid)}
          </dd>
          <dt className="font-semibold text-slate-900">Outstanding balance</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="outstanding">
            {formatMoney(invoice.outstanding)}
          </dd>
        </dl>

        <div className="mt-6 grid gap-4 border-t border-slate-200 pt-4 text-sm sm:grid-cols-2">
          <section aria-labelledby="payment-terms">
            <h2 id="payment-terms" className="font-semibold text-slate-900">
              Payment terms
            </h2>
            <p className="mt-1 text-slate-700">
              {invoice.status === "void"
                ? "This invoice has been voided because its order was cancelled. Nothing is owed."
                : `${data.paymentTerms} (by ${formatInvoiceDate(invoice.dueDate)}).`}
            </p>
          </section>
          <section aria-labelledby="bank-details">
            <h2 id="bank-details" className="font-semibold text-slate-900">
              Bank details
            </h2>
            {company.bank ? (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
                <dt>Bank</dt>
                <dd>{company.bank.bankName}</dd>
                <dt>Account name</dt>
                <dd>{company.bank.accountName}</dd>
                <dt>Sort code</dt>
                <dd>{company.bank.sortCode}</dd>
                <dt>Account number</dt>
                <dd>{company.bank.accountNumber}</dd>
                <dt>Reference</dt>
                <dd>{invoice.invoiceNumber}</dd>
              </dl>
            ) : (
              <p className="mt-1 text-slate-700">
                No bank details are configured, so invoices ask customers to contact {company.email} for payment details.
              </p>
            )}
          </section>
        </div>
      </Panel>

      <Panel title="Payment history" className="mt-6">
        {invoice.payments.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500">No payments recorded yet.</p>
        ) : (
          <DataTable caption={`Payments of invoice ${invoice.invoiceNumber}`} minWidth="40rem">
            <thead>
              <tr>
                <th scope="col" className={thClass}>Date</th>
                <th scope="col" className={`${thClass} text-right`}>Amount</th>
                <th scope="col" className={thClass}>Method</th>
                <th scope="col" className={thClass}>Reference</th>
                <th scope="col" className={thClass}>Account</th>
                <th scope="col" className={thClass}>Notes</th>
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((payment) => (
                <tr key={payment.id} data-testid="payment-row">
                  <td className={`${tdClass} whitespace-nowrap`}>{formatInvoiceDate(payment.paymentDate)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(pence(payment.amount))}</td>
                  <td className={tdClass}>{PAYMENT_METHOD_LABELS[payment.paymentMethod]}</td>
                  <td className={tdClass}>{payment.reference ?? "—"}</td>
                  <td className={tdClass}>{payment.financialAccountName ?? "—"}</td>
                  <td className={tdClass}>{payment.notes ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}

function PaymentForm({
  invoice,
  data,
  hidden,
  cancelHref,
  lastResult,
}: {
  invoice: InvoiceView;
  data: LoaderData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `payment-${invoice.id}`,
    schema: recordPaymentSchema,
    intent: "pay",
    lastResult,
    defaultValue: {
      amount: toDecimalString(invoice.outstanding),
      paymentMethod: "bank_transfer",
      paymentDate: data.today,
      reference: "",
      notes: "",
      financialAccountId: "",
    },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="id" value={invoice.id} />
      <HiddenFields values={hidden} />
      <p className="text-sm text-slate-600">
        Outstanding balance: <strong className="text-slate-900">{formatMoney(invoice.outstanding)}</strong>
      </p>
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Amount (£)"
          errors={fields.amount.errors}
          inputProps={{
            ...getInputProps(fields.amount, { type: "number" }),
            min: 0.01,
            max: toDecimalString(invoice.outstanding),
            step: 0.01,
            inputMode: "decimal",
          }}
        />
        <SelectField
          label="Payment Method"
          errors={fields.paymentMethod.errors}
          errorId={fields.paymentMethod.errorId}
          selectProps={getSelectProps(fields.paymentMethod)}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Payment Date"
          errors={fields.paymentDate.errors}
          inputProps={getInputProps(fields.paymentDate, { type: "date" })}
        />
        <Field
          label="Reference"
          hint="Optional, e.g. the bank transfer reference."
          errors={fields.reference.errors}
          inputProps={{ ...getInputProps(fields.reference, { type: "text" }), maxLength: REFERENCE_MAX, autoComplete: "off" }}
        />
        <SelectField
          label="Paid into account"
          hint={data.accounts.length ? "Optional: the account's balance moves by the amount." : "No financial accounts are set up yet."}
          errors={fields.financialAccountId.errors}
          errorId={fields.financialAccountId.errorId}
          selectProps={getSelectProps(fields.financialAccountId)}
        >
          <option value="">No account</option>
          {data.accounts.map((account) => (
            <option key={account.id} value={String(account.id)}>
              {account.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField
        label="Notes"
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
        textareaProps={{ ...getTextareaProps(fields.notes), maxLength: NOTES_MAX, rows: 2 }}
      />
      <DialogActions cancelHref={cancelHref} submitLabel="Record Payment" saving={saving} />
    </Form>
  );
}

type RowValues = { productId?: string; description?: string; quantity?: string; unitPrice?: string; vatRate?: string };

function CreateInvoiceForm({
  data,
  hidden,
  cancelHref,
  lastResult,
}: {
  data: LoaderData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  // Without JavaScript the form must come back with what was typed and its errors, so the values and
  // errors are read straight from the last submission rather than from client state.
  const submitted = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const errorOf = (name: string) => errors[name] ?? undefined;
  const value = (name: string, fallback = "") => (typeof submitted[name] === "string" ? (submitted[name] as string) : fallback);
  const submittedRows = (Array.isArray(submitted.items) ? submitted.items : []) as RowValues[];
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  // With JavaScript "More lines" adds rows in place (keeping what was typed); without it, it is a link.
  const [extraRows, setExtraRows] = useState(0);
  const rows = Math.min(FORM_LINES_MAX, Math.max(data.lineRows, submittedRows.length) + extraRows);
  const keep: Record<string, string> = { dialog: "new" };
  if (data.list.q) keep.q = data.list.q;
  if (data.list.status) keep.status = data.list.status;
  if (data.lineRows > FORM_LINES_STEP) keep.lines = String(data.lineRows);
  const customers = data.customers;
  const products = data.products;
  const formId = "create-invoice";

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <PickerSearch
          name="customer"
          label="Find a customer"
          placeholder="Email, name or business"
          value={data.customerSearch}
          keep={{ ...keep, ...(data.productSearch ? { product: data.productSearch } : {}) }}
          note={customers?.limited ? `Showing ${customers.items.length} of ${customers.total}: search to narrow.` : undefined}
        />
        <PickerSearch
          name="product"
          label="Find a product"
          placeholder="Product name"
          value={data.productSearch}
          keep={{ ...keep, ...(data.customerSearch ? { customer: data.customerSearch } : {}) }}
          note={products?.limited ? `Showing ${products.items.length} of ${products.total}: search to narrow.` : undefined}
        />
      </div>
      <Form method="post" id={formId} preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <HiddenFields values={hidden} />
        <FormError errors={errorOf("") ?? errorOf("items")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="create-customer" className="block text-sm font-medium text-slate-800">
              Customer
            </label>
            <select
              id="create-customer"
              name="customerId"
              defaultValue={value("customerId")}
              className={`${inputClass} pr-8`}
              aria-invalid={errorOf("customerId") ? true : undefined}
              aria-describedby={errorOf("customerId") ? "create-customer-error" : undefined}
            >
              <option value="">Select a customer</option>
              {(customers?.items ?? []).map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {[customer.email, [customer.firstName, customer.lastName].filter(Boolean).join(" ")].filter(Boolean).join(" · ")}
                </option>
              ))}
            </select>
            <FieldErrors id="create-customer-error" errors={errorOf("customerId")} />
          </div>
          <Field
            label="Order ID"
            hint="Optional: an order of this customer that has no invoice yet."
            errors={errorOf("orderId")}
            inputProps={{ id: "create-order", name: "orderId", type: "number", min: 1, step: 1, defaultValue: value("orderId") }}
          />
          <Field
            label="Invoice Number"
            hint="Leave blank for the next number in the series."
            errors={errorOf("invoiceNumber")}
            inputProps={{
              id: "create-number",
              name: "invoiceNumber",
              type: "text",
              maxLength: INVOICE_NUMBER_MAX,
              autoComplete: "off",
              defaultValue: value("invoiceNumber"),
            }}
          />
          <Field
            label="Issue Date"
            errors={errorOf("issueDate")}
            inputProps={{ id: "create-issue", name: "issueDate", type: "date", defaultValue: value("issueDate", data.today) }}
          />
          <Field
            label="Due Date"
            hint={`Blank: ${data.paymentTermsDays} days after the issue date.`}
            errors={errorOf("dueDate")}
            inputProps={{ id: "create-due", name: "dueDate", type: "date", defaultValue: value("dueDate", data.defaultDueDate) }}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Line items</legend>
          <p className="text-xs text-slate-500">
            Choose a product to invoice it at its list price and VAT rate, or leave Custom Item and type the description,
            unit price (ex VAT) and VAT %. Blank rows are ignored.
          </p>
          {Array.from({ length: rows }, (_, i) => {
            const row = submittedRows[i] ?? {};
            const prefix = `items[${i}]`;
            const locked = hydrated && (chosen[i] ?? Boolean(row.productId));
            return (
              <div key={i} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12" data-testid="line-row">
                <div className="sm:col-span-4">
                  <label htmlFor={`line-${i}-product`} className="block text-xs font-medium text-slate-700">
                    Product (line {i + 1})
                  </label>
                  <select
                    id={`line-${i}-product`}
                    name={`${prefix}.productId`}
                    defaultValue={row.productId ?? ""}
                    onChange={(event) => setChosen((state) => ({ ...state, [i]: event.target.value !== "" }))}
                    className={`${inputClass} pr-8`}
                  >
                    <option value="">Custom Item</option>
                    {(products?.items ?? []).map((product) => (
                      <option key={product.id} value={String(product.id)}>
                        {`${product.name} (${formatMoney(product.salesPrice)})`}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={`line-${i}-product-error`} errors={errorOf(`${prefix}.productId`)} />
                </div>
                <LineInput
                  id={`line-${i}-description`}
                  label="Description"
                  span="sm:col-span-4"
                  errors={errorOf(`${prefix}.description`)}
                  inputProps={{
                    name: `${prefix}.description`,
                    type: "text",
                    maxLength: DESCRIPTION_MAX,
                    defaultValue: row.description ?? "",
                    disabled: locked,
                    placeholder: locked ? "The product's name" : undefined,
                  }}
                />
                <LineInput
                  id={`line-${i}-quantity`}
                  label="Qty"
                  span="sm:col-span-1"
                  errors={errorOf(`${prefix}.quantity`)}
                  inputProps={{ name: `${prefix}.quantity`, type: "number", min: 1, step: 1, defaultValue: row.quantity ?? "1" }}
                />
                <LineInput
                  id={`line-${i}-price`}
                  label="Unit price (£)"
                  span="sm:col-span-2"
                  errors={errorOf(`${prefix}.unitPrice`)}
                  inputProps={{
                    name: `${prefix}.unitPrice`,
                    type: "number",
                    min: 0,
                    step: 0.01,
                    inputMode: "decimal",
                    defaultValue: row.unitPrice ?? "0",
                    disabled: locked,
                  }}
                />
                <LineInput
                  id={`line-${i}-vat`}
                  label="VAT %"
                  span="sm:col-span-1"
                  errors={errorOf(`${prefix}.vatRate`)}
                  inputProps={{
                    name: `${prefix}.vatRate`,
                    type: "number",
                    min: 0,
                    max: 100,
                    step: 0.1,
                    inputMode: "decimal",
                    defaultValue: row.vatRate ?? "20",
                    disabled: locked,
                  }}
                />
              </div>
            );
          })}
          {rows < FORM_LINES_MAX && hydrated ? (
            <button
              type="button"
              onClick={() => setExtraRows((n) => n + FORM_LINES_STEP)}
              className="inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              More lines
            </button>
          ) : rows < FORM_LINES_MAX ? (
            <Link
              to={invoicesHref(data.list, { dialog: "new", lines: String(rows + FORM_LINES_STEP) })}
              preventScrollReset
              replace
              className="inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              More lines
            </Link>
          ) : null}
        </fieldset>
        <p className="text-xs text-slate-500">Totals are worked out when the invoice is saved: VAT per line, rounded to the penny.</p>
        <DialogActions cancelHref={cancelHref} submitLabel="Create Invoice" saving={saving} />
      </Form>
    </>
  );
}

/** One input of a Create Invoice line row: a small label, the input, its error. */
function LineInput({
  id,
  label,
  span,
  errors,
  inputProps,
}: {
  id: string;
  label: string;
  span: string;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={span}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        {...inputProps}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
