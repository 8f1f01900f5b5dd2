import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { productRequestSchema } from "~/domain/requests/product-request.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

export const REQUEST_PRODUCT_PATH = "/request-product";

export function ThankYouCard() {
  return (
    <div role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
      <p className="font-semibold">Thank you!</p>
      <p className="text-sm">Your request has been submitted. Our team will review it.</p>
    </div>
  );
}

export function RequestForm({
  idempotencyKey,
  lastResult,
  submitted,
}: {
  /** the page's key: a repeated post (a retry after a lost reply) records one request */
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
  submitted: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.has("requestText") === true;
  const [form, fields] = useForm({
    id: "product-request-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productRequestSchema }),
  });
  const field = fields.requestText;
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;

  return (
    <Form method="post" action={REQUEST_PRODUCT_PATH} {...getFormProps(form)} noValidate className="mt-4 space-y-4">
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <div className="space-y-1">
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
          Describe the product you&apos;d like us to stock
        </label>
        <textarea
          {...getTextareaProps(field)}
          rows={5}
          maxLength={2000}
          placeholder="e.g. Compostable 12oz soup containers with lids, cases of 500. We use about 3 cases a week in our café."
          className={inputClass}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ?? `${field.id}-hint`}
        />
        {errorId ? (
          <p id={errorId} className="text-sm text-red-700">
            {field.errors?.[0]}
          </p>
        ) : (
          <p id={`${field.id}-hint`} className="text-xs text-slate-500">
            At least 10 characters. Include the product, size, pack quantity, brand and how much you would order.
          </p>
        )}
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? "Submitting..." : submitted ? "Request Submitted!" : "Submit Request"}
      </Button>
    </Form>
  );
}

