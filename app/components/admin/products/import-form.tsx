import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldErrors, HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { PRODUCT_INTENTS, productImportFormSchema } from "~/domain/catalog/product.schema";

/**
 * Import CSV: one .csv file of at most 5 MB, either the simple product row or a Shopify product export.
 * Products are matched on their slug (Shopify's Handle): existing ones are updated, new ones created.
 */
export function ImportForm({
  action,
  closeHref,
  idempotencyKey,
  lastResult,
}: {
  action: string;
  closeHref: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, saving: importing } = useAdminForm({
    id: "product-import-form",
    schema: productImportFormSchema,
    intent: PRODUCT_INTENTS.import,
    lastResult,
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
  });
  const file = fields.file;
  const errorId = file.errors?.length ? `${file.id}-error` : undefined;

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" noValidate>
      <HiddenFields values={{ intent: PRODUCT_INTENTS.import, idempotencyKey }} />
      <FormError errors={form.errors} />
      <div className="space-y-1">
        <label htmlFor={file.id} className="block text-sm font-medium text-slate-800">
          CSV file
        </label>
        <input
          {...getInputProps(file, { type: "file" })}
          accept=".csv,text/csv"
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ? `${errorId} ${file.id}-hint` : `${file.id}-hint`}
        />
        <FieldErrors id={`${file.id}-error`} errors={file.errors} />
        <div id={`${file.id}-hint`} className="space-y-1 text-xs text-slate-500">
          <p>
            Either a Shopify product CSV (rows sharing a Handle are one product, with its options as variants) or one
            product per row with the columns <code>slug, name, description, category, stockLevel, salesPrice, imageUrl, costPrice</code>{" "}
            (prices in pounds, ex VAT).
          </p>
          <p>Products are matched on their slug: existing ones are updated, new ones created. At most 5 MB.</p>
        </div>
      </div>
      <div className="flex justify-end gap-3">
        <Link
          to={closeHref}
          preventScrollReset
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={importing}>
          {importing ? "Importing..." : "Import"}
        </Button>
      </div>
    </Form>
  );
}
