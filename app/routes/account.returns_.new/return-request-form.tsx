import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import {
  MAX_CUSTOMER_NOTES,
  RETURN_REASONS,
  RETURN_TYPE_OPTIONS,
  returnRequestSchema,
} from "~/domain/returns/return.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

export type ReturnFormLine = {
  orderItemId: number;
  productName: string;
  variants: string;
  unitPriceIncVat: string;
  bought: number;
  alreadyReturned: number;
  returnable: number;
};

/**
 * The return request: a quantity per line (up to what is still returnable), refund or exchange, a reason and
 * notes. A plain form; with JavaScript the same schema checks it before it is sent.
 */
export function ReturnRequestForm({
  orderId,
  lines,
  idempotencyKey,
  lastResult,
}: {
  orderId: number;
  lines: ReturnFormLine[];
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnRequestSchema }),
  });
  const errors = form.allErrors;
  const errorOf = (name: string) => errors[name]?.[0];

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <input type="hidden" name="orderId" value={orderId} />
      <FormError errors={form.errors} />

      <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <legend className="px-1 text-lg font-semibold text-slate-900">Items to return</legend>
        {errorOf("items") ? (
          <p id="items-error" role="alert" className="mt-2 text-sm text-red-700">
            {errorOf("items")}
          </p>
        ) : null}
        <ul className="mt-3 divide-y divide-slate-100">
          {lines.map((line, index) => (
            <ReturnLine
              key={line.orderItemId}
              line={line}
              index={index}
              error={errorOf(`items[${index}].quantity`) ?? errorOf(`items[${index}].orderItemId`)}
            />
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">What would you like?</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {RETURN_TYPE_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-900">
              <input type="radio" name="returnType" value={option.value} defaultChecked={option.value === "refund"} />
              {option.label}
            </label>
          ))}
        </div>
        {errorOf("returnType") ? <p className="mt-1 text-sm text-red-700">{errorOf("returnType")}</p> : null}
      </fieldset>

      <div className="space-y-1">
        <label htmlFor="return-reason" className="block text-sm font-medium text-slate-800">
          Reason
        </label>
        <select
          id="return-reason"
          name="reason"
          required
          defaultValue=""
          className={inputClass}
          aria-invalid={errorOf("reason") ? true : undefined}
          aria-describedby={errorOf("reason") ? "return-reason-error" : undefined}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        {errorOf("reason") ? (
          <p id="return-reason-error" className="text-sm text-red-700">
            {errorOf("reason")}
          </p>
        ) : null}
      </div>

      <div className="space-y-1">
        <label htmlFor="return-notes" className="block text-sm font-medium text-slate-800">
          Notes (optional)
        </label>
        <textarea
          id="return-notes"
          name="customerNotes"
          rows={4}
          maxLength={MAX_CUSTOMER_NOTES}
          className={inputClass}
          aria-invalid={errorOf("customerNotes") ? true : undefined}
        />
        {errorOf("customerNotes") ? (
          <p className="text-sm text-red-700">{errorOf("customerNotes")}</p>
        ) : (
          <p className="text-xs text-slate-500">Tell us what happened, or anything that helps us sort it out.</p>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Request return"}
        </Button>
        <Link
          to={orderHistoryHref(1, orderId)}
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** One order line: what it is, what was bought and returned already, and how many to return now. */
function ReturnLine({ line, index, error }: { line: ReturnFormLine; index: number; error?: string }) {
  const inputId = `return-qty-${line.orderItemId}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 py-3">
      <input type="hidden" name={`items[${index}].orderItemId`} value={line.orderItemId} />
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="font-medium text-slate-900">
          {line.productName}
        </label>
        {line.variants ? <p className="text-sm text-slate-600">{line.variants}</p> : null}
        <p className="text-sm text-slate-600">
          {line.unitPriceIncVat} each inc VAT · Bought {line.bought} · Already returned {line.alreadyReturned}
        </p>
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="w-28">
        <input
          id={inputId}
          name={`items[${index}].quantity`}
          type="number"
          inputMode="numeric"
          min={0}
          max={line.returnable}
          step={1}
          defaultValue={0}
          disabled={line.returnable === 0}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          Up to {line.returnable}
        </p>
      </div>
    </li>
  );
}
