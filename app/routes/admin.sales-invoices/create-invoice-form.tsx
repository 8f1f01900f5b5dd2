import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { DialogActions, FieldErrors, HiddenFields, PickerSearch } from "~/components/admin/form/form-bits";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FORM_LINES_MAX, FORM_LINES_STEP, INVOICE_NUMBER_MAX } from "~/domain/invoices/sales-invoice.schema";
import { invoicesHref, type InvoicesLoaderData } from "./invoices-screen";

import { InvoiceLineRow, type RowValues } from "./invoice-line-row";

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
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  // Without JavaScript the form must come back with what was typed and its errors, so the values and
  // errors are read straight from the last submission rather than from client state.
  const submitted = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const errorOf = (name: string) => errors[name] ?? undefined;
  const value = (name: string, fallback = "") =>
    typeof submitted[name] === "string" ? (submitted[name] as string) : fallback;
  const submittedRows = (Array.isArray(submitted.items) ? submitted.items : []) as RowValues[];
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
          note={
            customers?.limited
              ? `Showing ${customers.items.length} of ${customers.total}: search to narrow.`
              : undefined
          }
        />
        <PickerSearch
          name="product"
          label="Find a product"
          placeholder="Product name"
          value={data.productSearch}
          keep={{ ...keep, ...(data.customerSearch ? { customer: data.customerSearch } : {}) }}
          note={
            products?.limited ? `Showing ${products.items.length} of ${products.total}: search to narrow.` : undefined
          }
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
                  {[customer.email, [customer.firstName, customer.lastName].filter(Boolean).join(" ")]
                    .filter(Boolean)
                    .join(" · ")}
                </option>
              ))}
            </select>
            <FieldErrors id="create-customer-error" errors={errorOf("customerId")} />
          </div>
          <Field
            label="Order ID"
            hint="Optional: an order of this customer that has no invoice yet."
            errors={errorOf("orderId")}
            inputProps={{
              id: "create-order",
              name: "orderId",
              type: "number",
              min: 1,
              step: 1,
              defaultValue: value("orderId"),
            }}
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
            inputProps={{
              id: "create-issue",
              name: "issueDate",
              type: "date",
              defaultValue: value("issueDate", data.today),
            }}
          />
          <Field
            label="Due Date"
            hint={`Blank: ${data.paymentTermsDays} days after the issue date.`}
            errors={errorOf("dueDate")}
            inputProps={{
              id: "create-due",
              name: "dueDate",
              type: "date",
              defaultValue: value("dueDate", data.defaultDueDate),
            }}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Line items</legend>
          <p className="text-xs text-slate-500">
            Choose a product to invoice it at its list price and VAT rate, or leave Custom Item and type the
            description, unit price (ex VAT) and VAT %. Blank rows are ignored.
          </p>
          {Array.from({ length: rows }, (_, i) => (
            <InvoiceLineRow
              key={i}
              index={i}
              row={submittedRows[i] ?? {}}
              products={products?.items ?? []}
              errorOf={errorOf}
              hydrated={hydrated}
            />
          ))}
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
        <p className="text-xs text-slate-500">
          Totals are worked out when the invoice is saved: VAT per line, rounded to the penny.
        </p>
        <DialogActions cancelHref={cancelHref} submitLabel="Create Invoice" saving={saving} />
      </Form>
    </>
  );
}
