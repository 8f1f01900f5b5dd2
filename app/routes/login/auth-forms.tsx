import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { loginSchema, signupSchema, type AuthTab } from "~/domain/users/auth.schema";
import type { FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

function useSubmittingIntent(intent: AuthTab) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The password box: rebuilt empty after every failed attempt, never filled in again. */
function passwordProps(actionData: FormActionData | undefined, autoComplete: string) {
  return { key: actionData?.attempt ?? "password", defaultValue: "", autoComplete };
}

export function LoginForm({ redirectTo, actionData }: { redirectTo: string; actionData?: FormActionData }) {
  const submitting = useSubmittingIntent("login");
  const [form, fields] = useForm({
    id: "login-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormError errors={form.errors} />
      <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        label="Password"
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          ...passwordProps(actionData, "current-password"),
        }}
      />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log In"}
      </Button>
    </Form>
  );
}

/** One labelled input of a form, wired to its Conform field. */
function FormField({
  meta,
  label,
  type = "text",
  autoComplete,
}: {
  meta: Parameters<typeof getInputProps>[0];
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
}) {
  return (
    <Field label={label} errors={meta.errors} inputProps={{ ...getInputProps(meta, { type }), autoComplete }} />
  );
}

export function SignupForm({ idempotencyKey, actionData }: { idempotencyKey: string; actionData?: FormActionData }) {
  const submitting = useSubmittingIntent("signup");
  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField meta={fields.firstName} label="First name" autoComplete="given-name" />
        <FormField meta={fields.lastName} label="Last name" autoComplete="family-name" />
      </div>
      <FormField meta={fields.businessName} label="Business name" autoComplete="organization" />
      <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        label="Password"
        errors={fields.password.errors}
        hint="At least 6 characters."
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          ...passwordProps(actionData, "new-password"),
        }}
      />
      <FormField meta={fields.address} label="Address" autoComplete="street-address" />
      <FormField meta={fields.phone} label="Phone number" type="tel" autoComplete="tel" />
      <FormField meta={fields.vatNumber} label="VAT number (optional)" />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
