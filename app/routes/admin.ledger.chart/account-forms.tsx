import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import { LEDGER_TYPE_LABELS } from "~/domain/ledger/chart";
import { LEDGER_ACCOUNT_NAME_MAX, ledgerAccountRenameSchema, ledgerAccountSchema } from "~/domain/ledger/ledger.schema";
import { LEDGER_ACCOUNT_TYPES } from "~db/schema";

type FormProps = { hidden: Record<string, string>; cancelHref: string; lastResult?: SubmissionResult<string[]> };

const RANGES = "1000–1999 assets, 2000–2999 liabilities, 3000–3999 capital and reserves, 4000–4999 income, 5000–9998 expenses.";

/** Add an account: a free 4-digit code in the range of its type, and its name. */
export function AddAccountForm({ hidden, cancelHref, lastResult }: FormProps) {
  const { form, fields, saving } = useAdminForm({
    id: "ledger-account-new",
    schema: ledgerAccountSchema,
    intent: "create",
    lastResult,
    defaultValue: { code: "", name: "", type: "" },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Field
          label="Code"
          errors={fields.code.errors}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), inputMode: "numeric", maxLength: 4, autoComplete: "off" }}
        />
        <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: LEDGER_ACCOUNT_NAME_MAX }} />
      </div>
      <SelectField label="Type" hint={`Codes go by type: ${RANGES}`} errors={fields.type.errors} errorId={fields.type.errorId} selectProps={getSelectProps(fields.type)}>
        <option value="">The code's range decides</option>
        {LEDGER_ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {LEDGER_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <DialogActions cancelHref={cancelHref} submitLabel="Add account" saving={saving} />
    </Form>
  );
}

/** Rename an account (its code and type stay). */
export function RenameAccountForm({ account, hidden, cancelHref, lastResult }: FormProps & { account: { code: string; name: string } }) {
  const { form, fields, saving } = useAdminForm({
    id: `ledger-account-${account.code}`,
    schema: ledgerAccountRenameSchema,
    intent: "rename",
    lastResult,
    defaultValue: { name: account.name },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="code" value={account.code} />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: LEDGER_ACCOUNT_NAME_MAX }} />
      <DialogActions cancelHref={cancelHref} submitLabel="Rename" saving={saving} />
    </Form>
  );
}
