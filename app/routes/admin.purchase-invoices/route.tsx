import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { lineRowsOf } from "~/components/admin/invoices/list-state";
import { InvoiceTable, partyName } from "~/components/admin/invoices/invoice-table";
import { PaymentForm } from "~/components/admin/invoices/payment-form";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { statusFilter } from "~/components/admin/status-filter";
import { INVOICE_STATUSES, invoiceStatusLabel } from "~/domain/invoices/invoice-status";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "~/domain/invoices/invoices.server";
import { sendPurchaseInvoiceEmail } from "~/domain/invoices/purchase-invoice-email.server";
import { getPurchaseInvoice, listPurchaseInvoices } from "~/domain/invoices/purchase-invoice-list.server";
import { recordPurchasePayment } from "~/domain/invoices/purchase-invoice-payments.server";
import { createPurchaseInvoice, invoiceDraftFromPurchaseOrder } from "~/domain/invoices/purchase-invoices.server";
import { PURCHASE_INVOICE_NOT_FOUND, purchaseInvoiceFormSchema, purchasePickerQuerySchema } from "~/domain/invoices/purchase-invoice.schema";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { productOptions, supplierOptions } from "~/domain/shared/pickers.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { issueIdempotencyKey } from "~/utils/idempotency.server";
import { invoiceScreenAction, invoiceScreenPages } from "~/utils/invoice-screen.server";
import { CreatePurchaseInvoiceForm } from "./create-purchase-invoice-form";
import { PurchaseInvoiceDetail } from "./purchase-invoice-detail";
import { PURCHASE_INVOICES_PATH as PATH, purchaseInvoicesAddress as address, purchaseInvoicesHref } from "./purchase-invoices-screen";

export const meta: MetaFunction = () => [{ title: "Purchase Invoices · INFY Admin" }];

const CREATE_FIELDS = ["supplierId", "invoiceNumber", "invoiceDate", "dueDate", "purchaseOrderId", "items"] as const;

/** Money out: the spec's purchase form types the method (its placeholder lists the values). */
const PURCHASE_PAYMENT = {
  methodInput: "text",
  accountLabel: "Paid from account",
  accountHint: "The account's balance moves: a bank or cash balance falls, a credit card's balance (money owed) rises.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = address.listQuery(params);
  const list = listPurchaseInvoices(db, query);
  const { invoice, missing, paying, creating } = invoiceScreenPages(params, (id) => getPurchaseInvoice(db, id), (found) => found.outstanding);
  const fromOrderId = creating ? idParam(params.get("fromOrder")) : null;
  const draft = fromOrderId ? invoiceDraftFromPurchaseOrder(db, fromOrderId) : null;
  const fromOrder = draft?.ok ? draft.value : null;
  const picker = purchasePickerQuerySchema.parse(Object.fromEntries(params));
  const orderProducts = (fromOrder?.rows ?? []).flatMap((row) => (row.productId ? [Number(row.productId)] : []));
  const today = ukToday();
  return json(
    {
      list: { q: query.q, status: query.status, page: list.page },
      invoices: list.items,
      total: list.total,
      pageCount: list.pageCount,
      invoice,
      missing,
      history: invoice ? auditHistory(db, "purchase_invoice", invoice.id) : [],
      paying,
      accounts: paying ? listFinancialAccountOptions(db) : [],
      creating,
      fromOrder,
      orderProblem: draft && !draft.ok ? draft.message : null,
      lineRows: lineRowsOf(params),
      supplierSearch: picker.supplier ?? "",
      suppliers: creating ? supplierOptions(db, { q: picker.supplier, includeId: fromOrder?.supplierId }) : null,
      productSearch: picker.product ?? "",
      products: creating ? productOptions(db, { q: picker.product, includeIds: orderProducts }) : null,
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
    address,
    record: recordPurchasePayment,
    email: sendPurchaseInvoiceEmail,
    createSchema: purchaseInvoiceFormSchema,
    createFields: CREATE_FIELDS,
    create: createPurchaseInvoice,
  });

export default function AdminPurchaseInvoices() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const listPath = purchaseInvoicesHref(data.list);
  const hidden = { returnTo: listPath, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  if (data.invoice) {
    const invoice = data.invoice;
    const viewPath = purchaseInvoicesHref(data.list, { view: String(invoice.id) });
    return (
      <div className="mx-auto max-w-5xl">
        <ActionNotice data={actionData} />
        <PurchaseInvoiceDetail invoice={invoice} data={data} listPath={listPath} hidden={hidden} />
        <AdminDialog open={data.paying} title="Record Payment" description={`Invoice ${invoice.invoiceNumber}`} closeHref={viewPath}>
          {data.paying ? (
            <PaymentForm
              invoice={invoice}
              kind={PURCHASE_PAYMENT}
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
        title="Purchase Invoices"
        description="Suppliers' invoices: what is owed to each supplier and what has been paid."
        actions={
          <Link to={purchaseInvoicesHref(data.list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
            Create Invoice
          </Link>
        }
      />
      <ActionNotice data={actionData} />
      {data.missing ? <MissingNotice>{PURCHASE_INVOICE_NOT_FOUND}.</MissingNotice> : null}
      {data.orderProblem ? <MissingNotice>{data.orderProblem}.</MissingNotice> : null}

      <AdminDialog open={data.creating} size="lg" title="Create Invoice" closeHref={listPath}>
        {data.creating ? (
          <CreatePurchaseInvoiceForm
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
            placeholder: "Invoice number, supplier email or business, purchase order number",
            value: data.list.q ?? "",
          }}
          filters={[statusFilter("invoice-status", data.list.status, INVOICE_STATUSES, invoiceStatusLabel)]}
          clearHref={PATH}
          submitLabel="Filter"
        />
        <InvoiceTable
          caption="Purchase invoices"
          partyHeading="Supplier"
          dateHeading="Invoice date"
          rows={data.invoices.map((row) => ({
            id: row.id,
            invoiceNumber: row.invoiceNumber,
            reference: row.purchaseOrder?.orderNumber ?? null,
            partyName: row.supplier ? partyName(row.supplier) : "Removed supplier",
            partyEmail: row.supplier?.email ?? null,
            date: row.invoiceDate,
            dueDate: row.dueDate,
            status: row.status,
            total: row.total,
            outstanding: row.outstanding,
          }))}
          filtered={Boolean(data.list.q || data.list.status)}
          page={data.list.page}
          pageCount={data.pageCount}
          total={data.total}
          hrefFor={(state) => ("view" in state ? purchaseInvoicesHref(data.list, { view: String(state.view) }) : purchaseInvoicesHref({ ...data.list, page: state.page }))}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
