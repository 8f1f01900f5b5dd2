import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldErrors, HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { importProgressView } from "~/domain/catalog/import-progress";
import { PRODUCT_CSV_MAX_MB, PRODUCT_INTENTS, productImportFormSchema } from "~/domain/catalog/product.schema";
import { useImportUpload, type UploadState } from "./use-import-upload";

/**
 * Import CSV: one .csv file of at most PRODUCT_CSV_MAX_MB, either the simple product row or a Shopify product export.
 * Products are matched on their slug (Shopify's Handle): existing ones are updated, new ones created.
 * Without JavaScript the form simply posts and the page shows the result; with it, the file goes up by
 * XMLHttpRequest and a progress bar follows the upload, then the server's work (use-import-upload.ts).
 */
export function ImportForm({
  action,
  closeHref,
  idempotencyKey,
  lastResult,
  resultHref,
}: {
  action: string;
  closeHref: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** where an import's result shows, by its id */
  resultHref: (importId: string) => string;
}) {
  const upload = useImportUpload(resultHref);
  const failedReply = upload.state.stage === "failed" ? upload.state.reply : undefined;
  const { form, fields, saving } = useAdminForm({
    id: "product-import-form",
    schema: productImportFormSchema,
    intent: PRODUCT_INTENTS.import,
    lastResult: (failedReply?.result as SubmissionResult<string[]> | undefined) ?? lastResult,
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
    onSubmit: (event, { formData }) => {
      if (typeof XMLHttpRequest === "undefined") return;
      event.preventDefault();
      upload.start(formData, action);
    },
  });
  const importing = saving || upload.state.stage === "uploading" || upload.state.stage === "server";
  const file = fields.file;
  const errorId = file.errors?.length ? `${file.id}-error` : undefined;

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="space-y-4" noValidate>
      <HiddenFields values={{ intent: PRODUCT_INTENTS.import, idempotencyKey }} />
      <FormError errors={form.errors} />
      {upload.state.stage === "failed" ? (
        <>
          <ToastNotice toast={upload.state.notice} />
          {failedReply?.result?.error?.file ? null : <FormError errors={[upload.state.message]} />}
        </>
      ) : null}
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
          <p>Products are matched on their slug: existing ones are updated, new ones created. At most {PRODUCT_CSV_MAX_MB} MB.</p>
        </div>
      </div>
      <ImportProgressBar state={upload.state} />
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

/** The upload's, then the server's, progress while an import runs (JavaScript only). */
function ImportProgressBar({ state }: { state: UploadState }) {
  if (state.stage !== "uploading" && state.stage !== "server") return null;
  const view = importProgressView(state);
  return (
    <div data-testid="import-progress" className="space-y-1">
      <progress
        className="h-2 w-full overflow-hidden rounded bg-slate-200 accent-brand-700"
        max={view.max}
        value={view.value ?? undefined}
        aria-label="Import progress"
      />
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {view.label}
      </p>
    </div>
  );
}
