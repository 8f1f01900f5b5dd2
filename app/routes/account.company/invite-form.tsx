import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { COMPANY_ROLES } from "~db/schema";
import { COMPANY_ROLE_HINTS, COMPANY_ROLE_LABELS, inviteColleagueSchema } from "~/domain/companies/company-people.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

/** The invite form: a plain post; with JavaScript its fields are checked first with the server's rules. */
export function InviteForm({ idempotencyKey, lastResult }: { idempotencyKey: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "invite-colleague",
    lastResult,
    defaultValue: { role: "buyer" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteColleagueSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" errors={fields.firstName.errors} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} />
        <Field label="Last name" errors={fields.lastName.errors} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} />
      </div>
      <Field label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} />
      <div className="space-y-1">
        <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-800">
          Role
        </label>
        <select {...getSelectProps(fields.role)} key={fields.role.key} className={inputClass}>
          {COMPANY_ROLES.map((role) => (
            <option key={role} value={role}>
              {COMPANY_ROLE_LABELS[role]}: {COMPANY_ROLE_HINTS[role]}
            </option>
          ))}
        </select>
        {fields.role.errors?.length ? <p className="text-sm text-red-700">{fields.role.errors[0]}</p> : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send invitation"}
        </Button>
      </div>
    </Form>
  );
}
