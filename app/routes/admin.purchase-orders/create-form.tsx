import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { DialogActions, HiddenFields, PickerSearch, SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { lastSubmission } from "~/components/admin/form/last-submission";
import { FormError } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FORM_LINES_MAX, FORM_LINES_STEP, NOTES_MAX } from "~/domain/purchasing/purchase-order.schema";
import { LineRow, type RowValues } from "./line-row";
import { purchaseOrdersHref, type PurchaseOrdersLoaderData } from "./purchase-orders-screen";

const linkClass = "inline-block text-sm font-medium text-brand-700 hover:underline";

/** Create purchase order (`?dialog=new`): a supplier, product lines and notes. */
export function CreatePurchaseOrderForm({
  data,
  hidden,
  cancelHref,
  lastResult,
}: {
  data: PurchaseOrdersLoaderData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  // Without JavaScript the form comes back with what was typed and its errors, read from the last submission.
  const { submitted, errorOf, value: text } = lastSubmission(lastResult);
  const submittedRows = (Array.isArray(submitted.items) ? submitted.items : []) as RowValues[];
  // With JavaScript "More lines" adds rows in place (keeping what was typed); without it, it is a link.
  const [extraRows, setExtraRows] = useState(0);
  const rows = Math.min(FORM_LINES_MAX, Math.max(data.lineRows, submittedRows.length) + extraRows);
  const keep: Record<string, string> = { dialog: "new" };
  if (data.list.q) keep.q = data.list.q;
  if (data.list.status) keep.status = data.list.status;
  if (data.lineRows > FORM_LINES_STEP) keep.lines = String(data.lineRows);
  const products = data.products?.items ?? [];

  return (
    <>
      <PickerSearch
        name="product"
        label="Find a product"
        placeholder="Product name"
        value={data.productSearch}
        keep={keep}
        note={
          data.products?.limited
            ? `Showing ${products.length} of ${data.products.total}: search to narrow.`
            : undefined
        }
      />
      <Form method="post" preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <HiddenFields values={hidden} />
        <FormError errors={errorOf("") ?? errorOf("items")} />
        <SelectField
          label="Supplier"
          errors={errorOf("supplierId")}
          errorId="po-supplier-error"
          hint={data.suppliers.length === 0 ? "No suppliers yet: add a user with the supplier role first." : undefined}
          selectProps={{ id: "po-supplier", name: "supplierId", defaultValue: text("supplierId") }}
        >
          <option value="">Select a supplier</option>
          {data.suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.label}
            </option>
          ))}
        </SelectField>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Lines</legend>
          <p className="text-xs text-slate-500">
            Each line is priced at the product&apos;s cost price unless you enter another unit price; the VAT rate is the
            product&apos;s. Blank rows are ignored.
          </p>
          {Array.from({ length: rows }, (_, i) => (
            <LineRow key={i} index={i} row={submittedRows[i] ?? {}} products={products} errorOf={errorOf} />
          ))}
          {rows >= FORM_LINES_MAX ? null : hydrated ? (
            <button type="button" onClick={() => setExtraRows((n) => n + FORM_LINES_STEP)} className={linkClass}>
              More lines
            </button>
          ) : (
            <Link
              to={purchaseOrdersHref(data.list, { ...keep, lines: String(rows + FORM_LINES_STEP) })}
              preventScrollReset
              replace
              className={linkClass}
            >
              More lines
            </Link>
          )}
        </fieldset>
        <TextareaField
          label="Notes"
          errors={errorOf("notes")}
          errorId="po-notes-error"
          textareaProps={{ id: "po-notes", name: "notes", maxLength: NOTES_MAX, defaultValue: text("notes") }}
        />
        <p className="text-xs text-slate-500">The order is saved as a draft; totals are worked out with VAT per line.</p>
        <DialogActions cancelHref={cancelHref} submitLabel="Create purchase order" saving={saving} />
      </Form>
    </>
  );
}
