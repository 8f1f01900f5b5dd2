import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
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
  const navigation = useNavigation();
  const importing = navigation.state !== "idle" && navigation.formData?.get("intent") === PRODUCT_INTENTS.import;
  const [form, fields] = useForm({
    id: "product-import-form",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productImportFormSchema }),
  });
  const file = fields.file;
  const errorId = file.errors?.length ? `${file.id}-error` : undefined;

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.import} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
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
        {errorId ? (
          <p id={errorId} className="text-sm text-red-700">
            {file.errors?.[0]}
          </p>
        ) : null}
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
