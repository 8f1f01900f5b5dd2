import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { changePasswordFormSchema, PASSWORD_MAX_LENGTH } from "~/domain/users/account.schema";
import { PASSWORD_MIN_LENGTH } from "~/domain/users/auth.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

export const CHANGE_PASSWORD_DIALOG = "change-password";
export const CHANGE_PASSWORD_INTENT = "change-password";

export type ChangePasswordNotice = { title: string; description?: string };

/**
 * Current password, new password and its confirmation. It posts to the dashboard at the dialog's URL, so
 * without JavaScript a refused change comes back with the form open and the messages on its fields; with
 * JavaScript the same rules are checked before posting. Passwords are never filled back in.
 */
export function ChangePasswordForm({
  action,
  cancelHref,
  idempotencyKey,
  lastResult,
  notice,
}: {
  action: string;
  cancelHref: string;
  /** the page's key: a repeated post (a retry after a lost reply) gets the first answer */
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
  notice?: ChangePasswordNotice | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === CHANGE_PASSWORD_INTENT;
  const [form, fields] = useForm({
    id: "change-password-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
  });

  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      {notice ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{notice.title}</p>
          {notice.description ? <p>{notice.description}</p> : null}
        </div>
      ) : null}
      <Field
        label="Current password"
        errors={fields.currentPassword.errors}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          defaultValue: undefined,
          autoComplete: "current-password",
          maxLength: PASSWORD_MAX_LENGTH,
        }}
      />
      <Field
        label="New password"
        errors={fields.newPassword.errors}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        inputProps={{
          ...getInputProps(fields.newPassword, { type: "password" }),
          defaultValue: undefined,
          autoComplete: "new-password",
          maxLength: PASSWORD_MAX_LENGTH,
        }}
      />
      <Field
        label="Confirm new password"
        errors={fields.confirmPassword.errors}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          defaultValue: undefined,
          autoComplete: "new-password",
          maxLength: PASSWORD_MAX_LENGTH,
        }}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Link
          to={cancelHref}
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Changing password..." : "Change Password"}
        </Button>
      </div>
    </Form>
  );
}
