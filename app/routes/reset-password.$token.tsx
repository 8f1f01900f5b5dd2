import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordResetPanel } from "~/components/account/password-reset-panel";
import { primaryLinkClass } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { PASSWORD_MAX_LENGTH } from "~/domain/users/account.schema";
import { PASSWORD_MIN_LENGTH } from "~/domain/users/auth.schema";
import { checkResetLink, resetPassword } from "~/domain/users/password-reset.server";
import { LINK_NOT_VALID_MESSAGE, RESET_PASSWORD_FIELDS, resetPasswordFormSchema } from "~/domain/users/password-reset.schema";
import { pageTitle } from "~/utils/company-brand";
import { keepPageOnConnectionLoss, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Choose a new password") }];

/**
 * The token is in this page's address: it is never sent to another site as a Referer, nor kept in a cache.
 * (`same-origin`, not `no-referrer`: with no-referrer a browser posts the form with `Origin: null`, which the
 * request guard refuses as another site's.)
 */
const PRIVATE_PAGE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export const headers: HeadersFunction = () => PRIVATE_PAGE;

/** Passwords are never sent back to the browser in a reply. */
const HIDE_PASSWORDS = { hideFields: [...RESET_PASSWORD_FIELDS] };

/** /reset-password/{token}: the form while the link can be used (for whose account), else how to get a new one. */
export function loader({ params }: LoaderFunctionArgs) {
  const link = checkResetLink(getDb(), params.token ?? "");
  return json({ email: link?.email ?? null, resetKey: issueIdempotencyKey() }, { headers: PRIVATE_PAGE });
}

/**
 * Sets the new password: to /login with "Password changed" (every session of the account has ended, this
 * browser's too if it was signed in to it). A link that cannot be used any more shows how to get a new one.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordFormSchema });
  if (submission.status !== "success") return invalidReply("reset-password", submission, HIDE_PASSWORDS);
  const result = await resetPassword(
    getDb(),
    { token: params.token ?? "", newPassword: submission.value.newPassword },
    { idempotencyKey: idempotencyKeyFrom(formData) },
  );
  if (!result.ok) return failureReply("reset-password", submission, result, RESET_PASSWORD_FIELDS, undefined, HIDE_PASSWORDS);
  // the session is read only now, after the account's sessions ended: the notice never revives one of them
  return redirectWithToast(request, "/login", { title: "Password changed", description: result.value.message });
}

export const clientAction = keepPageOnConnectionLoss({ title: "Could not change the password" });

export { shouldRevalidate } from "~/utils/connection";

export default function ResetPassword() {
  const { email, resetKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(actionData);

  if (!email) {
    return (
      <PasswordResetPanel title="This link cannot be used" intro={<p>{LINK_NOT_VALID_MESSAGE}</p>}>
        <Link to="/forgot-password" className={`${primaryLinkClass} w-full`}>
          Ask for a new link
        </Link>
      </PasswordResetPanel>
    );
  }
  return (
    <PasswordResetPanel
      title="Choose a new password"
      intro={
        <>
          <p>
            For the account <strong className="break-all text-slate-900">{email}</strong>.
          </p>
          <p>Setting it signs the account out on every device; then sign in with the new password.</p>
        </>
      }
    >
      <ConnectionLostNotice data={actionData} />
      <NewPasswordForm resetKey={resetKey} answer={answer} />
    </PasswordResetPanel>
  );
}

function NewPasswordForm({ resetKey, answer }: { resetKey: string; answer: FormActionData | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "reset-password-form",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
  });
  const passwordProps = (meta: typeof fields.newPassword) => ({
    ...getInputProps(meta, { type: "password" }),
    // rebuilt empty after every answer, never filled in again
    key: answer?.attempt ?? meta.name,
    defaultValue: "",
    autoComplete: "new-password",
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={resetKey} />
      <FormError errors={form.errors} />
      <Field
        label="New password"
        errors={fields.newPassword.errors}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        inputProps={passwordProps(fields.newPassword)}
      />
      <Field label="Confirm new password" errors={fields.confirmPassword.errors} inputProps={passwordProps(fields.confirmPassword)} />
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? "Saving..." : "Set new password"}
      </Button>
    </Form>
  );
}
