import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { capitalIntroducedSchema, NARRATION_MAX } from "~/domain/ledger/ledger.schema";

/** Capital introduced: money the owners paid in, into one of the money accounts (Dr that account, Cr 3000 Capital). */
export function CapitalForm({
  moneyAccounts,
  today,
  hidden,
  lastResult,
}: {
  moneyAccounts: { code: string; name: string }[];
  today: string;
  hidden: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: "capital",
    schema: capitalIntroducedSchema,
    intent: "capital",
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { amount: "", date: today, account: moneyAccounts[0]?.code ?? "", note: "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="capital" />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Amount (£)"
          errors={fields.amount.errors}
          inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <Field label="Date" errors={fields.date.errors} inputProps={getInputProps(fields.date, { type: "date" })} />
      </div>
      <SelectField label="Paid into" errors={fields.account.errors} errorId={fields.account.errorId} selectProps={getSelectProps(fields.account)}>
        {moneyAccounts.length === 0 ? <option value="">No money accounts yet: add one under Accounts</option> : null}
        {moneyAccounts.map((account) => (
          <option key={account.code} value={account.code}>
            {`${account.code} ${account.name}`}
          </option>
        ))}
      </SelectField>
      <Field
        label="Note"
        hint="Optional: who paid it in, or why."
        errors={fields.note.errors}
        inputProps={{ ...getInputProps(fields.note, { type: "text" }), maxLength: NARRATION_MAX }}
      />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" disabled={saving}>
          {saving ? "Posting..." : "Post capital"}
        </Button>
      </div>
    </Form>
  );
}
