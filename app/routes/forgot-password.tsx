import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordResetPanel } from "~/components/account/password-reset-panel";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { RESET_REQUESTED, requestPasswordReset } from "~/domain/users/password-reset.server";
import { forgotPasswordSchema } from "~/domain/users/password-reset.schema";
import { pageTitle } from "~/utils/company-brand";
import { keepPageOnConnectionLoss, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { clientAddressOf } from "~/utils/sign-in-limits.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Forgot password") }];

/** A refusal's Retry-After (too many requests) reaches the page a browser without JavaScript gets. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function loader() {
  // the form's key: a retry after a lost reply answers as the first post did and sends nothing twice
  return json({ requestKey: issueIdempotencyKey() });
}

/**
 * Asks for a reset link: to /login with "Check your email", the same for every email (an account or not).
 * Too many requests: 429 with the message on the form, what was typed kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalidReply("forgot-password", submission);
  const result = requestPasswordReset(getDb(), submission.value, {
    idempotencyKey: idempotencyKeyFrom(formData),
    client: clientAddressOf(request),
  });
  if (!result.ok) return failureReply("forgot-password", submission, result, ["email"]);
  return redirectWithToast(request, "/login", RESET_REQUESTED);
}

/** With JavaScript, a lost reply keeps the form as typed, with a notice; pressing again sends nothing twice. */
export const clientAction = keepPageOnConnectionLoss({ title: "Could not send the link" });

export { shouldRevalidate } from "~/utils/connection";

export default function ForgotPassword() {
  const { requestKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(actionData);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password-form",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  return (
    <PasswordResetPanel
      title="Forgot your password?"
      intro={
        <p>
          Enter the email address of your trade account. We will email you a link to choose a new password; it works
          once, for one hour.
        </p>
      }
    >
      <ConnectionLostNotice data={actionData} />
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={requestKey} />
        <FormError errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </PasswordResetPanel>
  );
}
