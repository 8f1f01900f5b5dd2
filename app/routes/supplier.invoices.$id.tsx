import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { Link, useLoaderData } from "@remix-run/react";
import { InvoiceStatusBadge } from "~/routes/admin.sales-invoices/invoices-screen";
import { formatCalendarDate } from "~/components/orders/format";
import { SupplierDocument, SupplierPayments } from "~/components/supplier/supplier-document";
import { supplierInvoice } from "~/domain/purchasing/supplier-area.server";
import { requireSupplier } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireIntParam } from "~/utils/http.server";
import { formatMoney, toDecimalString } from "~/utils/money";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, `Invoice ${data?.invoice.invoiceNumber ?? ""}`.trim()) }];

/** One of the supplier's invoices as recorded, with its payments and what is still owed; another's is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const supplier = await requireSupplier(request);
  const invoice = supplierInvoice(getDb(), supplier.id, requireIntParam(params.id, "Invoice not found"));
  if (!invoice) throw new Response("Invoice not found", { status: 404 });
  return json({ invoice }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function SupplierInvoice() {
  const { invoice } = useLoaderData<typeof loader>();
  const order = invoice.purchaseOrder;
  return (
    <SupplierDocument
      title={`Invoice ${invoice.invoiceNumber}`}
      status={<InvoiceStatusBadge status={invoice.status} />}
      pdfHref={`/supplier/invoices/${invoice.id}.pdf`}
      facts={[
        ["Invoice date", formatCalendarDate(invoice.invoiceDate)],
        ["Due", invoice.dueDate ? formatCalendarDate(invoice.dueDate) : "—"],
        [
          "Our order",
          order ? (
            <Link to={`/supplier/purchase-orders/${order.id}`} className="text-brand-700 hover:underline">
              {order.orderNumber}
            </Link>
          ) : (
            "—"
          ),
        ],
        ["Outstanding", formatMoney(invoice.outstanding)],
      ]}
      lines={invoice.lines.map((line) => ({ ...line, unitPrice: toDecimalString(line.unitPrice), vatRate: toDecimalString(line.vatRate), total: toDecimalString(line.total) }))}
      totals={[
        ["Subtotal (ex VAT)", formatMoney(invoice.subtotal)],
        ["VAT", formatMoney(invoice.vatAmount)],
        ["Total", formatMoney(invoice.total)],
        ["Paid", formatMoney(invoice.amountPaid)],
        ["Outstanding", formatMoney(invoice.outstanding)],
      ]}
    >
      <SupplierPayments payments={invoice.payments} />
    </SupplierDocument>
  );
}
