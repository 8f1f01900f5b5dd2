import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { IDEMPOTENCY_INPUT } from "~/components/admin/form/form-bits";
import { idParam } from "~/components/admin/form/list-hrefs";
import { lineRowsOf } from "~/routes/admin.sales-invoices/list-state";
import { InvoiceListPage, partyName, type InvoiceRowView } from "~/routes/admin.sales-invoices/invoice-table";
import { InvoicePage } from "~/routes/admin.sales-invoices/payment-form";
import { ActionNotice, MissingNotice } from "~/components/admin/screen-notices";
import { sendPurchaseInvoiceEmail } from "~/domain/invoices/purchase-invoice-email.server";
import { getPurchaseInvoice, listPurchaseInvoices } from "~/domain/invoices/purchase-invoice-list.server";
import { recordPurchasePayment } from "~/domain/invoices/purchase-invoice-payments.server";
import { createPurchaseInvoice, invoiceDraftFromPurchaseOrder } from "~/domain/invoices/purchase-invoices.server";
import { PURCHASE_INVOICE_NOT_FOUND, purchaseInvoiceFormSchema, purchasePickerQuerySchema } from "~/domain/invoices/purchase-invoice.schema";
import { listFinancialAccountOptions } from "~/domain/invoices/sales-invoice-list.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { productOptions, supplierOptions } from "~/domain/shared/pickers.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { invoiceFormDefaults, invoiceScreenAction, invoiceScreenPages } from "~/utils/invoice-screen.server";
import { CreatePurchaseInvoiceForm } from "./create-purchase-invoice-form";
import { PurchaseInvoiceDetail } from "./purchase-invoice-detail";
import {
  PURCHASE_INVOICES_PATH as PATH,
  purchaseInvoicesAddress as address,
  purchaseInvoicesHref,
  type PurchaseInvoicesLoaderData,
} from "./purchase-invoices-screen";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Purchase Invoices") }];

const CREATE_FIELDS = ["supplierId", "invoiceNumber", "invoiceDate", "dueDate", "purchaseOrderId", "items"] as const;

/** Money out: the spec's purchase form types the method (its placeholder lists the values). */
const PURCHASE_PAYMENT = {
  methodInput: "text",
  accountLabel: "Paid from account",
  accountHint: "The money comes out of this account in the books (a credit card: what is owed on it rises); with no account it waits in Suspense.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "purchaseInvoices");
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
      ...invoiceFormDefaults(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Record Payment, Send Email and Create Invoice, as the sales screen has them, with the purchase use cases. */
const PURCHASE_BOOK = { address, record: recordPurchasePayment, email: sendPurchaseInvoiceEmail, create: createPurchaseInvoice };
export const action = ({ request }: ActionFunctionArgs) =>
  invoiceScreenAction(request, { area: "purchaseInvoices", ...PURCHASE_BOOK, createSchema: purchaseInvoiceFormSchema, createFields: CREATE_FIELDS });

export default function AdminPurchaseInvoices() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list, invoice } = data;
  const hidden = { returnTo: purchaseInvoicesHref(list), [IDEMPOTENCY_INPUT]: data.idempotencyKey };
  const listPath = hidden.returnTo;

  if (invoice) {
    const payment = { kind: PURCHASE_PAYMENT, today: data.today, accounts: data.accounts, hidden };
    return (
      <InvoicePage
        invoice={invoice}
        paying={data.paying}
        payment={payment}
        viewPath={purchaseInvoicesHref(list, { view: String(invoice.id) })}
        lastResult={actionData?.intent === "pay" ? actionData.result : undefined}
      >
        <ActionNotice data={actionData} />
        <PurchaseInvoiceDetail invoice={invoice} data={data} hidden={hidden} />
      </InvoicePage>
    );
  }

  return (
    <InvoiceListPage
      title="Purchase Invoices"
      description="Suppliers' invoices: what is owed to each supplier and what has been paid."
      notices={
        <>
          <ActionNotice data={actionData} />
          {data.missing ? <MissingNotice>{PURCHASE_INVOICE_NOT_FOUND}.</MissingNotice> : null}
          {data.orderProblem ? <MissingNotice>{data.orderProblem}.</MissingNotice> : null}
        </>
      }
      creating={data.creating} list={list} href={purchaseInvoicesHref} clearHref={PATH}
      createForm={<CreatePurchaseInvoiceForm data={data} hidden={hidden} cancelHref={listPath} lastResult={actionData?.intent === "create" ? actionData.result : undefined} />}
      searchPlaceholder="Invoice number, supplier email or business, purchase order number"
      table={{ caption: "Purchase invoices", partyHeading: "Supplier", dateHeading: "Invoice date", rows: data.invoices, view: PURCHASE_ROWS, pageCount: data.pageCount, total: data.total }}
    />
  );
}

type Row = PurchaseInvoicesLoaderData["invoices"][number];

/** A purchase invoice's row: the supplier, the purchase order it bills, its invoice date. */
const PURCHASE_ROWS: InvoiceRowView<Row> = {
  party: (row) => ({ name: row.supplier ? partyName(row.supplier) : "Removed supplier", email: row.supplier?.email ?? null }),
  reference: (row) => row.purchaseOrder?.orderNumber ?? null,
  date: (row) => row.invoiceDate,
};

export const ErrorBoundary = AdminErrorBoundary;
