import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { InvoiceCreateForm } from "~/components/admin/invoices/invoice-create-form";
import { partyName } from "~/components/admin/invoices/invoice-table";
import { Field } from "~/components/ui/field";
import { FORM_LINES_STEP, INVOICE_NUMBER_MAX } from "~/domain/invoices/sales-invoice.schema";
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
  const suppliers = data.suppliers ?? { items: [], total: 0, limited: false };
  const products = data.products ?? { items: [], total: 0, limited: false };
  return (
    <InvoiceCreateForm
      party={{
        param: "supplier",
        name: "supplierId",
        label: "Supplier",
        findLabel: "Find a supplier",
        findPlaceholder: "Email, name or business",
        picker: {
          search: data.supplierSearch,
          total: suppliers.total,
          limited: suppliers.limited,
          options: suppliers.items.map((supplier) => ({ id: supplier.id, label: `${partyName(supplier)} · ${supplier.email}` })),
        },
      }}
      products={{
        search: data.productSearch,
        total: products.total,
        limited: products.limited,
        options: products.items.map((product) => ({ ...product, price: product.costPrice })),
      }}
      keep={keep}
      hidden={order ? { ...hidden, purchaseOrderId: String(order.id) } : hidden}
      lastResult={lastResult}
      initialParty={order?.supplierId ?? undefined}
      lineRows={data.lineRows}
      initialRows={order?.rows ?? []}
      moreLinesHref={(rows) => purchaseInvoicesHref(data.list, { ...keep, lines: String(rows) })}
      linesHint="Choose a product to enter it at its cost price and VAT rate, or leave Custom Item and type the description, unit price (ex VAT) and VAT % as the supplier's invoice shows them. Blank rows are ignored."
      cancelHref={cancelHref}
      headerFields={({ errorOf, value }) => (
        <>
          {order ? (
            <p className="text-sm text-slate-700 sm:col-span-2" data-testid="from-purchase-order">
              For purchase order{" "}
              <Link to={`/admin/purchase-orders?view=${order.id}`} className="font-medium text-brand-700 hover:underline">
                {order.orderNumber}
              </Link>
              : its supplier and lines are filled in; change them to match the supplier&apos;s invoice.
            </p>
          ) : null}
          <Field
            label="Invoice Number"
            hint="The supplier's own number, as on their invoice."
            errors={errorOf("invoiceNumber")}
            inputProps={{
              id: "create-number",
              name: "invoiceNumber",
              type: "text",
              required: true,
              maxLength: INVOICE_NUMBER_MAX,
              autoComplete: "off",
              defaultValue: value("invoiceNumber"),
            }}
          />
          <Field
            label="Invoice Date"
            errors={errorOf("invoiceDate")}
            inputProps={{ id: "create-invoice-date", name: "invoiceDate", type: "date", defaultValue: value("invoiceDate", data.today) }}
          />
          <Field
            label="Due Date"
            hint={`Blank: ${data.paymentTermsDays} days after the invoice date.`}
            errors={errorOf("dueDate")}
            inputProps={{ id: "create-due", name: "dueDate", type: "date", defaultValue: value("dueDate", data.defaultDueDate) }}
          />
          <FieldErrorOnly errors={errorOf("purchaseOrderId")} />
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
