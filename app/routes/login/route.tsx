import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { registerCustomer, SIGN_UP_RECEIVED } from "~/domain/users/sign-up.server";
import { hasSignedInBefore, signInToast } from "~/domain/users/first-sign-in.server";
import { loginFormSchema, loginHref, signupSchema, SIGNUP_FIELDS, type AuthTab } from "~/domain/users/auth.schema";
import {
  authenticator,
  getOptionalUser,
  safeRedirectPath,
  SignInFailure,
  startUserSession,
} from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { fail } from "~/utils/result";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { clientAddressOf } from "~/utils/sign-in-limits.server";
import { rememberDevice } from "~/utils/device-cookie.server";
import { keepPageOnConnectionLoss, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import type { FormActionData } from "~/utils/form-reply.server";
import type { Toast } from "~/utils/session.server";
import { LoginForm, SignupForm } from "./auth-forms";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Log In") }];

/** A refusal's Retry-After (too many sign-ups or attempts) reaches the page a browser without JavaScript gets. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** Passwords are never sent back to the browser in a reply. */
const HIDE_PASSWORD = { hideFields: ["password"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const user = await getOptionalUser(request);
  if (user) throw redirect(redirectTo || "/");
  const tab: AuthTab = url.searchParams.get("tab") === "signup" ? "signup" : "login";
  // the sign-up form's key: a retry after a lost reply answers as the first post did and makes nothing twice
  return json({ tab, redirectTo, signupKey: issueIdempotencyKey() });
}

/**
 * Sign up: home with "Check your email", the same for a new email and a taken one (no one is signed in; the
 * mail says which it was). Too many sign-ups: 429 on the Sign Up tab, what was typed kept but the password.
 */
async function signUp(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") return invalidReply("signup", submission, HIDE_PASSWORD);
  const result = await registerCustomer(getDb(), submission.value, {
    idempotencyKey: idempotencyKeyFrom(formData),
    client: clientAddressOf(request),
  });
  if (!result.ok) {
    const toast = failureToast("Signup failed", result.message || "Could not create account");
    return failureReply("signup", submission, result, SIGNUP_FIELDS, toast, HIDE_PASSWORD);
  }
  return redirectWithToast(request, "/", SIGN_UP_RECEIVED);
}

/** Log in: on a fresh session, back to where the visitor was going with "Welcome!" the first time, then "Welcome back!". */
async function logIn(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") return invalidReply("login", submission, HIDE_PASSWORD);
  try {
    const user = await authenticator.authenticate("form", request);
    // read before the session starts, which records this sign-in
    const firstTime = !hasSignedInBefore(getDb(), user.id);
    const { cartNote } = await startUserSession(request, user);
    const welcome = signInToast(user.email, firstTime);
    const toast = cartNote ? { ...welcome, description: `${welcome.description}. ${cartNote}` } : welcome;
    // this browser is remembered for the account: strangers' failed guesses will not hold it
    const headers = { "Set-Cookie": await rememberDevice(request, user.email) };
    return redirectWithToast(request, safeRedirectPath(submission.value.redirectTo), toast, { headers });
  } catch (error) {
    if (!(error instanceof SignInFailure)) throw error;
    const message = error.message || "Invalid email or password";
    const toast = failureToast("Login failed", message);
    const failure = { ...fail(error.status, message), retryAfter: error.retryAfter };
    return failureReply("login", submission, failure, [], toast, HIDE_PASSWORD);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  // the strategy reads the body again, so this copy is the form's
  const formData = await request.clone().formData();
  return formData.get("intent") === "signup" ? signUp(request, formData) : logIn(request, formData);
}

/** With JavaScript, a lost reply keeps the form as typed (passwords included) with the spec's notice. */
export const clientAction = keepPageOnConnectionLoss((form) =>
  form.get("intent") === "signup" ? { title: "Signup failed", intent: "signup" } : { title: "Login failed", intent: "login" },
);

export { shouldRevalidate } from "~/utils/connection";

const UNAUTHORIZED: Toast = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  variant: "destructive",
};

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
    text: "A dedicated account manager, invoices on account terms and saved order templates.",
  },
];

export default function LoginPage() {
  const { tab: requestedTab, redirectTo, signupKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  // a lost post leaves the forms as the last answer left them (the password box is not rebuilt)
  const answer = useLastAnswer(actionData);
  const tab = (actionData?.intent as AuthTab | undefined) ?? requestedTab;

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
            <ToastNotice toast={UNAUTHORIZED} />
          </div>
        ) : null}
        {answer === actionData && answer?.toast ? (
          <div className="mb-4">
            <ToastNotice key={answer.attempt} toast={answer.toast} />
          </div>
        ) : null}
        <ConnectionLostNotice data={actionData} />
        <nav aria-label="Account access" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          <TabLink to={loginHref("login", redirectTo)} active={tab === "login"} label="Log In" />
          <TabLink to={loginHref("signup", redirectTo)} active={tab === "signup"} label="Sign Up" />
        </nav>
        {tab === "login" ? (
          <LoginForm redirectTo={redirectTo} actionData={answer?.intent === "login" ? answer : undefined} />
        ) : (
          <SignupForm idempotencyKey={signupKey} actionData={answer?.intent === "signup" ? answer : undefined} />
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
