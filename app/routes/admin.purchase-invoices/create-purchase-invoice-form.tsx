import type { SubmissionResult } from "@conform-to/react";
import { StaffLink } from "~/components/admin/staff-link";
import { InvoiceCreateForm, NumberAndDates, pickerOf } from "~/routes/admin.sales-invoices/create-invoice-form";
import { partyName } from "~/routes/admin.sales-invoices/invoice-table";
import { FORM_LINES_STEP } from "~/domain/invoices/sales-invoice.schema";
import { purchaseInvoicesHref, type PurchaseInvoicesLoaderData } from "./purchase-invoices-screen";

/**
 * Create Invoice (`?dialog=new`, or `?dialog=new&fromOrder=12` from a purchase order): the supplier (only
 * supplier accounts are offered), their invoice number, its dates and the lines, products at cost price.
 */
export function CreatePurchaseInvoiceForm({
  data,
  hidden,
  cancelHref,
  lastResult,
}: {
  data: PurchaseInvoicesLoaderData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const order = data.fromOrder;
  const keep: Record<string, string> = { dialog: "new" };
  if (data.list.q) keep.q = data.list.q;
  if (data.list.status) keep.status = data.list.status;
  if (data.lineRows > FORM_LINES_STEP) keep.lines = String(data.lineRows);
  if (order) keep.fromOrder = String(order.id);
  return (
    <InvoiceCreateForm
      party={{
        param: "supplier",
        name: "supplierId",
        label: "Supplier",
        findLabel: "Find a supplier",
        findPlaceholder: "Email, name or business",
        picker: pickerOf(data.supplierSearch, data.suppliers, (supplier) => ({ id: supplier.id, label: `${partyName(supplier)} · ${supplier.email}` })),
      }}
      products={pickerOf(data.productSearch, data.products, (product) => ({ ...product, price: product.costPrice }))}
      keep={keep}
      hidden={order ? { ...hidden, purchaseOrderId: String(order.id) } : hidden}
      lastResult={lastResult}
      initialParty={order?.supplierId ?? undefined}
      lineRows={data.lineRows}
      initialRows={order?.rows ?? []}
      moreLinesHref={(rows) => purchaseInvoicesHref(data.list, { ...keep, lines: String(rows) })}
      linesHint="Choose a product to enter it at its cost price and VAT rate, or leave Custom Item and type the description, unit price (ex VAT) and VAT % as the supplier's invoice shows them. Blank rows are ignored."
      cancelHref={cancelHref}
      headerFields={(values) => (
        <>
          {order ? (
            <p className="text-sm text-slate-700 sm:col-span-2" data-testid="from-purchase-order">
              For purchase order{" "}
              <StaffLink to={`/admin/purchase-orders?view=${order.id}`} className="font-medium text-brand-700 hover:underline">
                {order.orderNumber}
              </StaffLink>
              : its supplier and lines are filled in; change them to match the supplier&apos;s invoice.
            </p>
          ) : null}
          <NumberAndDates
            values={values}
            number={{ hint: "The supplier's own number, as on their invoice.", required: true }}
            date={{ name: "invoiceDate", label: "Invoice Date", id: "create-invoice-date", initial: data.today }}
            due={{ hint: `Blank: ${data.paymentTermsDays} days after the invoice date.`, initial: data.defaultDueDate }}
          />
          <FieldErrorOnly errors={values.errorOf("purchaseOrderId")} />
        </>
      )}
    />
  );
}

/** A refusal about the purchase order (already invoiced, another supplier's): there is no field to put it on. */
function FieldErrorOnly({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="text-sm text-red-700 sm:col-span-2">
      {errors.join(" ")}
    </p>
  );
}
