import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import { ADJUST_STOCK_INTENT, stockAdjustmentSchema } from "~/domain/catalog/stock-movement.schema";

/**
 * Adjust stock: units in (12) or out (-3) and the reason, posted as a plain form with the page's
 * idempotency key, so a double click or a resent form moves the stock once.
 */
export function StockAdjustForm({
  product,
  action,
  closeHref,
  idempotencyKey,
  lastResult,
}: {
  product: { id: number; name: string; stockLevel: number };
  action: string;
  closeHref: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `stock-adjust-${product.id}`,
    schema: stockAdjustmentSchema,
    intent: ADJUST_STOCK_INTENT,
    lastResult,
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate>
      <HiddenFields values={{ intent: ADJUST_STOCK_INTENT, productId: String(product.id), idempotencyKey }} />
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{product.stockLevel}</span> in stock now.
      </p>
      <FormError errors={form.errors} />
      <Field
        label="Units in or out"
        errors={fields.change.errors}
        hint="A positive number adds stock (e.g. 12 found in a count), a negative one takes it out (e.g. -3 broken)."
        inputProps={{ ...getInputProps(fields.change, { type: "number" }), step: 1, inputMode: "numeric", autoComplete: "off" }}
      />
      <Field
        label="Reason"
        errors={fields.note.errors}
        hint="Shown in the movement history, e.g. stock count, breakage, delivery without a PO."
        inputProps={{ ...getInputProps(fields.note, { type: "text" }), maxLength: 200, autoComplete: "off" }}
      />
      <DialogActions cancelHref={closeHref} submitLabel="Adjust stock" saving={saving} />
    </Form>
  );
}
