import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { FormError } from "~/components/ui/field";
import { generateVatReturnFormSchema } from "~/domain/vat/vat-return.schema";
import type { VatReturnsData } from "./vat-returns-screen";

type Months = NonNullable<VatReturnsData["months"]>;

/** The Generate Return dialog: this calendar month by default, or any earlier month with records. */
export function GenerateForm({
  months,
  preselect,
  hidden,
  cancelHref,
  lastResult,
}: {
  months: Months;
  preselect: string | null;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const selected = preselect && months.options.some((option) => option.month === preselect) ? preselect : months.current;
  const { form, fields, saving } = useAdminForm({
    id: "generate-vat-return",
    schema: generateVatReturnFormSchema,
    intent: "generate",
    lastResult,
    defaultValue: { month: selected },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="generate" />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <SelectField
        label="Period"
        hint="A VAT return covers one calendar month; its nine boxes are worked out from that month's invoices and refunds."
        errors={fields.month.errors}
        errorId={fields.month.errorId}
        selectProps={getSelectProps(fields.month)}
      >
        {months.options.map((option) => (
          <option key={option.month} value={option.month}>
            {option.label}
            {option.existing === "filed" ? " (filed)" : option.existing === "pending" ? " (generated)" : ""}
          </option>
        ))}
      </SelectField>
      <DialogActions cancelHref={cancelHref} submitLabel="Generate Return" saving={saving} />
    </Form>
  );
}
