import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { registerCustomer } from "~/domain/users/user-accounts.server";
import { loginSchema, signupSchema } from "~/domain/users/auth.schema";
import {
  authenticator,
  getOptionalUser,
  safeRedirectPath,
  SignInFailure,
  startUserSession,
} from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Log In · INFY Wholesale" }];

type Tab = "login" | "signup";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const user = await getOptionalUser(request);
  if (user) throw redirect(redirectTo || "/");
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "login";
  return json({ tab, redirectTo });
}

type ActionData = {
  intent: Tab;
  result: SubmissionResult<string[]>;
  toast?: Toast;
  /** changes on every failed attempt, so the password input is rebuilt empty */
  attempt: string;
};

function failed(intent: Tab, result: SubmissionResult<string[]>, status: number, toast?: Toast) {
  return json<ActionData>({ intent, result, toast, attempt: crypto.randomUUID() }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));

  if (formData.get("intent") === "signup") {
    const submission = parseWithZod(formData, { schema: signupSchema });
    if (submission.status !== "success") {
      return failed("signup", submission.reply({ hideFields: ["password"] }), 400);
    }
    const result = await registerCustomer(getDb(), submission.value);
    if (!result.ok) {
      const reply = submission.reply({
        fieldErrors: result.field ? { [result.field]: [result.message] } : undefined,
        formErrors: result.field ? undefined : [result.message],
        hideFields: ["password"],
      });
      return failed("signup", reply, result.status, {
        title: "Signup failed",
        description: result.message || "Could not create account",
        variant: "destructive",
      });
    }
    const user = result.value;
    const cookie = await startUserSession(request, user, {
      title: "Account created!",
      description: `Welcome, ${user.firstName || user.email}`,
    });
    return redirect("/", { headers: { "Set-Cookie": cookie } });
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return failed("login", submission.reply({ hideFields: ["password"] }), 400);
  }
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await startUserSession(request, user, {
      title: "Welcome back!",
      description: `Logged in as ${user.email}`,
    });
    return redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof SignInFailure)) throw error;
    const message = error.message || "Invalid email or password";
    return failed("login", submission.reply({ formErrors: [message], hideFields: ["password"] }), error.status, {
      title: "Login failed",
      description: message,
      variant: "destructive",
    });
  }
}

const BENEFITS = [
  {
    title: "Secure Access",
    text: "Your account, prices and order history are private to your business.",
  },
  {
    title: "Wholesale Pricing",
    text: "Trade prices, tier discounts and volume breaks applied to every order.",
  },
  {
    title: "Business Accounts",
    text: "A dedicated account manager, invoices on 30-day terms and saved order templates.",
  },
];

export default function LoginPage() {
  const { tab: requestedTab, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tab: Tab = actionData?.intent ?? requestedTab;
  const tabHref = (to: Tab) => {
    const params = new URLSearchParams();
    if (to === "signup") params.set("tab", "signup");
    if (redirectTo) params.set("redirectTo", redirectTo);
    const query = params.toString();
    return query ? `/login?${query}` : "/login";
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-2">
      <section className="space-y-6">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Trade customers only</h1>
          <p className="mt-3 text-slate-600">
            We supply wholesale accounts only. New to us? Contact our sales team for business registration, or
            apply for an account below and we will approve it once we have checked your business details.
          </p>
        </div>
        <ul className="space-y-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold text-slate-900">{benefit.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {redirectTo && !actionData ? (
          <div className="mb-4">
            <ToastNotice
              toast={{
                title: "Unauthorized",
                description: "You are logged out. Logging in again...",
                variant: "destructive",
              }}
            />
          </div>
        ) : null}
        {actionData?.toast ? (
          <div className="mb-4">
            <ToastNotice key={actionData.attempt} toast={actionData.toast} />
          </div>
        ) : null}
        <nav aria-label="Account access" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          <TabLink to={tabHref("login")} active={tab === "login"} label="Log In" />
          <TabLink to={tabHref("signup")} active={tab === "signup"} label="Sign Up" />
        </nav>
        {tab === "login" ? (
          <LoginForm redirectTo={redirectTo} actionData={actionData?.intent === "login" ? actionData : undefined} />
        ) : (
          <SignupForm actionData={actionData?.intent === "signup" ? actionData : undefined} />
        )}
      </section>
    </div>
  );
}

function TabLink({ to, active, label }: { to: string; active: boolean; label: string }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-2 text-center ${active ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </Link>
  );
}

function useSubmittingIntent(intent: Tab) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function LoginForm({ redirectTo, actionData }: { redirectTo: string; actionData?: ActionData }) {
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
          key: actionData?.attempt ?? "password",
          defaultValue: "",
          autoComplete: "current-password",
        }}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Log In"}
      </Button>
    </Form>
  );
}

function SignupForm({ actionData }: { actionData?: ActionData }) {
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
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field
          label="Last name"
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
      </div>
      <Field
        label="Business name"
        errors={fields.businessName.errors}
        inputProps={{ ...getInputProps(fields.businessName, { type: "text" }), autoComplete: "organization" }}
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
          key: actionData?.attempt ?? "password",
          defaultValue: "",
          autoComplete: "new-password",
        }}
      />
      <Field
        label="Address"
        errors={fields.address.errors}
        inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
      />
      <Field
        label="Phone number"
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
      />
      <Field
        label="VAT number (optional)"
        errors={fields.vatNumber.errors}
        inputProps={{ ...getInputProps(fields.vatNumber, { type: "text" }) }}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}
