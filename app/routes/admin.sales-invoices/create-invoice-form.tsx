import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { DialogActions, FieldErrors, HiddenFields, PickerSearch } from "~/components/admin/form/form-bits";
import { lastSubmission } from "~/components/admin/form/last-submission";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FORM_LINES_MAX, FORM_LINES_STEP, INVOICE_NUMBER_MAX } from "~/domain/invoices/sales-invoice.schema";
import { InvoiceLineRow, type InvoiceProductOption, type RowValues } from "./invoice-line-row";
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
  return (
    <InvoiceCreateForm
      party={{
        param: "customer",
        name: "customerId",
        label: "Customer",
        findLabel: "Find a customer",
        findPlaceholder: "Email, name or business",
        picker: pickerOf(data.customerSearch, data.customers, (customer) => ({
          id: customer.id,
          label: [customer.email, [customer.firstName, customer.lastName].filter(Boolean).join(" ")].filter(Boolean).join(" · "),
        })),
      }}
      products={pickerOf(data.productSearch, data.products, (product) => ({ ...product, price: product.salesPrice }))}
      keep={keep}
      hidden={hidden}
      lastResult={lastResult}
      lineRows={data.lineRows}
      moreLinesHref={(rows) => invoicesHref(data.list, { dialog: "new", lines: String(rows) })}
      linesHint="Choose a product to invoice it at its list price and VAT rate, or leave Custom Item and type the description, unit price (ex VAT) and VAT %. Blank rows are ignored."
      cancelHref={cancelHref}
      headerFields={(values) => (
        <>
          <Field
            label="Order ID"
            hint="Optional: an order of this customer that has no invoice yet."
            errors={values.errorOf("orderId")}
            inputProps={{ id: "create-order", name: "orderId", type: "number", min: 1, step: 1, defaultValue: values.value("orderId") }}
          />
          <NumberAndDates
            values={values}
            number={{ hint: "Leave blank for the next number in the series." }}
            date={{ name: "issueDate", label: "Issue Date", id: "create-issue", initial: data.today }}
            due={{ hint: "Blank: by the payment terms of the customer's company.", initial: "" }}
          />
        </>
      )}
    />
  );
}

type Picker<Option> = { search: string; options: Option[]; total: number; limited: boolean };

/** Who the invoice is with: a customer (sales) or a supplier (purchases). */
export type PartyField = {
  /** the picker's search parameter: customer or supplier */
  param: string;
  /** the form field: customerId or supplierId */
  name: string;
  label: string;
  findLabel: string;
  findPlaceholder: string;
  picker: Picker<{ id: string; label: string }>;
};

type Values = ReturnType<typeof lastSubmission>;

/**
 * Create Invoice (`?dialog=new`), either book: the party and product pickers (GET searches, so they work
 * without JavaScript), the party, the book's own header fields, and the line rows. The form comes back with
 * what was typed and its errors, read straight from the last submission rather than from client state.
 */
export function InvoiceCreateForm({
  party,
  products,
  keep,
  hidden,
  lastResult,
  lineRows,
  initialRows = [],
  initialParty = "",
  moreLinesHref,
  headerFields,
  linesHint,
  cancelHref,
}: {
  party: PartyField;
  products: Picker<InvoiceProductOption>;
  /** the address's parameters a picker search keeps (the dialog, the list's filters, the rows shown) */
  keep: Record<string, string>;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
  lineRows: number;
  /** rows and party to start with (a purchase order's) when nothing has been sent yet */
  initialRows?: RowValues[];
  initialParty?: string;
  moreLinesHref: (rows: number) => string;
  headerFields: (values: Values) => ReactNode;
  linesHint: string;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const values = lastSubmission(lastResult);
  const { submitted, errorOf, value } = values;
  const rowsSent = (Array.isArray(submitted.items) ? submitted.items : lastResult ? [] : initialRows) as RowValues[];
  // With JavaScript "More lines" adds rows in place (keeping what was typed); without it, it is a link.
  const [extraRows, setExtraRows] = useState(0);
  const rows = Math.min(FORM_LINES_MAX, Math.max(lineRows, rowsSent.length) + extraRows);
  const searchNote = (picker: Picker<unknown>) =>
    picker.limited ? `Showing ${picker.options.length} of ${picker.total}: search to narrow.` : undefined;
  const partyError = errorOf(party.name);
  const selectId = `create-${party.param}`;

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <PickerSearch
          name={party.param}
          label={party.findLabel}
          placeholder={party.findPlaceholder}
          value={party.picker.search}
          keep={{ ...keep, ...(products.search ? { product: products.search } : {}) }}
          note={searchNote(party.picker)}
        />
        <PickerSearch
          name="product"
          label="Find a product"
          placeholder="Product name"
          value={products.search}
          keep={{ ...keep, ...(party.picker.search ? { [party.param]: party.picker.search } : {}) }}
          note={searchNote(products)}
        />
      </div>
      <Form method="post" id="create-invoice" preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <HiddenFields values={hidden} />
        <FormError errors={errorOf("") ?? errorOf("items")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              {party.label}
            </label>
            <select
              id={selectId}
              name={party.name}
              defaultValue={value(party.name, initialParty)}
              className={`${inputClass} pr-8`}
              aria-invalid={partyError ? true : undefined}
              aria-describedby={partyError ? `${selectId}-error` : undefined}
            >
              <option value="">{`Select a ${party.param}`}</option>
              {party.picker.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            <FieldErrors id={`${selectId}-error`} errors={partyError} />
          </div>
          {headerFields(values)}
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Line items</legend>
          <p className="text-xs text-slate-500">{linesHint}</p>
          {Array.from({ length: rows }, (_, i) => (
            <InvoiceLineRow key={i} index={i} row={rowsSent[i] ?? {}} products={products.options} errorOf={errorOf} hydrated={hydrated} />
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
            <Link to={moreLinesHref(rows + FORM_LINES_STEP)} preventScrollReset replace className="inline-block text-sm font-medium text-brand-700 hover:underline">
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

/** A picker's options as the form takes them: the search, the options found (none while closed), whether more matched. */
export function pickerOf<Item, Option>(search: string, found: { items: Item[]; total: number; limited: boolean } | null, toOption: (item: Item) => Option) {
  return { search, total: found?.total ?? 0, limited: found?.limited ?? false, options: (found?.items ?? []).map(toOption) };
}

/** The invoice number and the invoice's two dates, as both Create Invoice forms ask for them. */
export function NumberAndDates({
  values,
  number,
  date,
  due,
}: {
  values: Values;
  number: { hint: string; required?: boolean };
  date: { name: string; label: string; id: string; initial: string };
  due: { hint: string; initial: string };
}) {
  const { errorOf, value } = values;
  const numberInput = { id: "create-number", name: "invoiceNumber", type: "text", required: number.required, maxLength: INVOICE_NUMBER_MAX };
  return (
    <>
      <Field label="Invoice Number" hint={number.hint} errors={errorOf("invoiceNumber")} inputProps={{ ...numberInput, autoComplete: "off", defaultValue: value("invoiceNumber") }} />
      <Field label={date.label} errors={errorOf(date.name)} inputProps={{ id: date.id, name: date.name, type: "date", defaultValue: value(date.name, date.initial) }} />
      <Field label="Due Date" hint={due.hint} errors={errorOf("dueDate")} inputProps={{ id: "create-due", name: "dueDate", type: "date", defaultValue: value("dueDate", due.initial) }} />
    </>
  );
}
