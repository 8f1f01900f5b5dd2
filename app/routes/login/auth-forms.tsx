import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { loginSchema, signupSchema, type AuthTab } from "~/domain/users/auth.schema";
import type { FormActionData } from "~/utils/form-reply.server";

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
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          ...passwordProps(actionData, "current-password"),
        }}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log In"}
      </Button>
    </Form>
  );
}

export function SignupForm({ actionData }: { actionData?: FormActionData }) {
  const submitting = useSubmittingIntent("signup");
  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  const text = (name: "firstName" | "lastName" | "businessName" | "address" | "vatNumber") =>
    getInputProps(fields[name], { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          errors={fields.firstName.errors}
          inputProps={{ ...text("firstName"), autoComplete: "given-name" }}
        />
        <Field
          label="Last name"
          errors={fields.lastName.errors}
          inputProps={{ ...text("lastName"), autoComplete: "family-name" }}
        />
      </div>
      <Field
        label="Business name"
        errors={fields.businessName.errors}
        inputProps={{ ...text("businessName"), autoComplete: "organization" }}
      />
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        hint="At least 6 characters."
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          ...passwordProps(actionData, "new-password"),
        }}
      />
      <Field
        label="Address"
        errors={fields.address.errors}
        inputProps={{ ...text("address"), autoComplete: "street-address" }}
      />
      <Field
        label="Phone number"
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
      />
      <Field label="VAT number (optional)" errors={fields.vatNumber.errors} inputProps={text("vatNumber")} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
