import type { SubmissionResult } from "@conform-to/react";
import { InvoiceCreateForm } from "~/components/admin/invoices/invoice-create-form";
import { Field } from "~/components/ui/field";
import { FORM_LINES_STEP, INVOICE_NUMBER_MAX } from "~/domain/invoices/sales-invoice.schema";
import { invoicesHref, type InvoicesLoaderData } from "./invoices-screen";

/** Create Invoice (`?dialog=new`): customer, optional order, number and dates, and the line rows. */
export function CreateInvoiceForm({
  data,
  hidden,
  cancelHref,
  lastResult,
}: {
  data: InvoicesLoaderData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const keep: Record<string, string> = { dialog: "new" };
  if (data.list.q) keep.q = data.list.q;
  if (data.list.status) keep.status = data.list.status;
  if (data.lineRows > FORM_LINES_STEP) keep.lines = String(data.lineRows);
  const customers = data.customers ?? { items: [], total: 0, limited: false };
  const products = data.products ?? { items: [], total: 0, limited: false };
  return (
    <InvoiceCreateForm
      party={{
        param: "customer",
        name: "customerId",
        label: "Customer",
        findLabel: "Find a customer",
        findPlaceholder: "Email, name or business",
        picker: {
          search: data.customerSearch,
          total: customers.total,
          limited: customers.limited,
          options: customers.items.map((customer) => ({
            id: customer.id,
            label: [customer.email, [customer.firstName, customer.lastName].filter(Boolean).join(" ")].filter(Boolean).join(" · "),
          })),
        },
      }}
      products={{
        search: data.productSearch,
        total: products.total,
        limited: products.limited,
        options: products.items.map((product) => ({ ...product, price: product.salesPrice })),
      }}
      keep={keep}
      hidden={hidden}
      lastResult={lastResult}
      lineRows={data.lineRows}
      moreLinesHref={(rows) => invoicesHref(data.list, { dialog: "new", lines: String(rows) })}
      linesHint="Choose a product to invoice it at its list price and VAT rate, or leave Custom Item and type the description, unit price (ex VAT) and VAT %. Blank rows are ignored."
      cancelHref={cancelHref}
      headerFields={({ errorOf, value }) => (
        <>
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
        </>
      )}
    />
  );
}
