import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  CSV_UPLOAD_INTENT,
  QUICK_ORDER_PATH,
  QUICK_ORDER_TEMPLATE_PATH,
  csvUploadSchema,
} from "~/domain/cart/quick-order.schema";

/**
 * CSV Upload: a .csv file (at most 1 MB) with a header row naming the SKU and Quantity columns. With
 * JavaScript a wrong or oversized file is caught before it is sent; the server checks the same rules.
 */
export function CsvUploadForm({
  idempotencyKey,
  lastResult,
}: {
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === CSV_UPLOAD_INTENT;
  const [form, fields] = useForm({
    id: "csv-upload-form",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: csvUploadSchema }),
  });
  const file = fields.file;
  const errorId = file.errors?.length ? `${file.id}-error` : undefined;

  return (
    <div className="space-y-6">
      <Form
        method="post"
        action={`${QUICK_ORDER_PATH}?tab=csv`}
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={CSV_UPLOAD_INTENT} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
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
          <p id={`${file.id}-hint`} className="text-xs text-slate-500">
            The first row is a header with the columns SKU and Quantity; every other row is one item (a barcode may stand
            in the SKU column). For a product
            with options, add a column named after each option (Size, Colour) or an Options column such as{" "}
            <span className="font-mono">Size=L; Colour=Yellow</span>. Rows without a SKU or with a quantity that is
            not a whole number of at least 1 are skipped. At most 1 MB.
          </p>
        </div>
        <Button type="submit" disabled={uploading}>
          {uploading ? "Uploading..." : "Upload CSV"}
        </Button>
      </Form>
      <p className="text-sm text-slate-700">
        Not sure of the layout?{" "}
        <a href={QUICK_ORDER_TEMPLATE_PATH} download className="font-semibold text-brand-700 hover:underline">
          Download template
        </a>{" "}
        <span className="text-slate-500">(a CSV with the header and example rows, one with options).</span>
      </p>
    </div>
  );
}
