import type { SubmissionResult } from "@conform-to/react";
import { pageTitle } from "~/utils/company-brand";
import { signInSourceOf } from "~/utils/device-cookie.server";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { accountErrorBoundary } from "~/components/account/account-page";
import {
  CHANGE_PASSWORD_DIALOG,
  CHANGE_PASSWORD_INTENT,
  ChangePasswordForm,
  type ChangePasswordNotice,
} from "~/components/account/change-password-form";
import { mayViewAccountBalance } from "~/domain/credit/account-credit.server";
import { DashboardCard as Card, DashboardCardLink as CardLink, MoreOfYourAccount } from "~/components/account/dashboard-cards";
import { LogoutForm } from "~/components/layout/logout-form";
import { UrlDialog } from "~/components/ui/url-dialog";
import { changePasswordFormSchema } from "~/domain/users/account.schema";
import { changePassword } from "~/domain/users/user-accounts.server";
import { countCustomerOrders } from "~/domain/orders/order-history.server";
import { requireBuyer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { keepPageOnConnectionLoss, lostWith, useLastAnswer, type ConnectionLost } from "~/utils/connection";

const PATH = "/account/dashboard";
const CHANGE_PASSWORD_PATH = `${PATH}?dialog=${CHANGE_PASSWORD_DIALOG}`;
const FAILED_MESSAGE = "Failed to change password";
/** Passwords are never sent back to the browser in a reply. */
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

const ROLE_LABELS = { customer: "Customer", admin: "Admin", supplier: "Supplier" } as const;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your Account") }];

/** /account and /account/dashboard; `?dialog=change-password` opens the Change Password form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBuyer(request);
  return json({
    user: {
      email: user.email,
      firstName: user.firstName,
      businessName: user.businessName,
      role: user.role,
      roleLabel: ROLE_LABELS[user.role] ?? user.role,
      companyAdmin: user.companyRole === "company_admin",
      seesBalance: mayViewAccountBalance(user),
    },
    orderCount: countCustomerOrders(getDb(), user.id),
    dialog: new URL(request.url).searchParams.get("dialog") === CHANGE_PASSWORD_DIALOG ? CHANGE_PASSWORD_DIALOG : null,
    changePasswordKey: issueIdempotencyKey(),
  });
}

type ActionData = {
  result: SubmissionResult<string[]>;
  notice: ChangePasswordNotice | null;
  /** changes on every failed attempt, so the same notice shows again */
  attempt: string;
};

function refused(result: SubmissionResult<string[]>, status: number, notice: ChangePasswordNotice | null, retryAfter?: number) {
  const headers = retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : undefined;
  return json<ActionData>({ result, notice, attempt: crypto.randomUUID() }, { status, headers });
}

/**
 * Change Password: a wrong current password is refused on its field with the notice "Error"; a change
 * ends the user's other sessions, keeps this one and goes back to the dashboard with "Password changed".
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBuyer(request);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: changePasswordFormSchema });
  if (formData.get("intent") !== CHANGE_PASSWORD_INTENT) {
    return refused(submission.reply({ formErrors: [FAILED_MESSAGE], hideFields: PASSWORD_FIELDS }), 400, {
      title: "Error",
      description: FAILED_MESSAGE,
    });
  }
  if (submission.status !== "success") {
    return refused(submission.reply({ hideFields: PASSWORD_FIELDS }), 400, null);
  }
  const session = await getSession(request);
  try {
    const result = await changePassword(getDb(), user.id, submission.value, {
      keepSessionId: session.id || undefined,
      idempotencyKey: idempotencyKeyFrom(formData),
      ...(await signInSourceOf(request)),
    });
    if (!result.ok) {
      const reply = submission.reply({
        fieldErrors: result.field ? { [result.field]: [result.message] } : undefined,
        formErrors: result.field ? undefined : [result.message],
        hideFields: PASSWORD_FIELDS,
      });
      return refused(reply, result.status, { title: "Error", description: result.message || FAILED_MESSAGE }, result.retryAfter);
    }
  } catch (error) {
    console.error("Changing a password failed", error);
    return refused(submission.reply({ formErrors: [FAILED_MESSAGE], hideFields: PASSWORD_FIELDS }), 500, {
      title: "Error",
      description: FAILED_MESSAGE,
    });
  }
  return redirectWithToast(request, PATH, { title: "Password changed", description: "Your password has been updated." });
}

/**
 * With JavaScript a lost reply keeps the dialog open with what was typed and the notice in it; the form's
 * key means a second press returns the first change's answer rather than "current password is incorrect".
 */
export const clientAction = keepPageOnConnectionLoss({ title: "Error", description: lostWith(FAILED_MESSAGE) });

export { shouldRevalidate } from "~/utils/connection";

export default function AccountDashboard() {
  const { user, orderCount, dialog, changePasswordKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | ConnectionLost | undefined;
  // a lost post keeps the form mounted as the last answer left it (passwords typed stay)
  const actionData = useLastAnswer(posted);
  const notice = posted && "connectionLost" in posted ? posted.notice : actionData?.notice;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Welcome, {user.firstName || user.email}</h1>
      <p className="mt-2 text-slate-600">Manage your orders, product requests and account details.</p>

      {/* without JavaScript the form shows here, at the top of the page; with it, as a modal */}
      <UrlDialog
        open={dialog === CHANGE_PASSWORD_DIALOG}
        title="Change Password"
        description="Enter your current password, then choose a new one. Your other devices will be signed out."
        closeHref={PATH}
      >
        <ChangePasswordForm
          key={actionData?.attempt}
          action={CHANGE_PASSWORD_PATH}
          cancelHref={PATH}
          idempotencyKey={changePasswordKey}
          lastResult={actionData?.result}
          notice={notice}
        />
      </UrlDialog>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <Card title="Your Orders" headingId="orders-card">
          <p className="text-sm text-slate-600">View your order history, track deliveries and reorder.</p>
          <p className="mt-3 text-2xl font-bold text-slate-900" data-testid="order-count">
            {orderCount === 1 ? "1 order" : `${orderCount} orders`}
          </p>
          <CardLink to="/account/orders">View Orders</CardLink>
        </Card>

        <Card title="Request a Product" headingId="request-card">
          <p className="text-sm text-slate-600">
            Can&apos;t find what your business needs? Tell us and our buying team will look at sourcing it.
          </p>
          <CardLink to="/request-product">Request a Product</CardLink>
        </Card>

        <Card title="Account Details" headingId="details-card">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="break-all font-medium text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Role</dt>
              <dd className="font-medium text-slate-900">{user.roleLabel}</dd>
            </div>
            {user.businessName ? (
              <div>
                <dt className="text-slate-500">Business name</dt>
                <dd className="font-medium text-slate-900">{user.businessName}</dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to={CHANGE_PASSWORD_PATH}
              preventScrollReset
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              Change Password
            </Link>
            <LogoutForm className="inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700" />
          </div>
        </Card>
      </div>

      <MoreOfYourAccount companyAdmin={user.companyAdmin} seesBalance={user.seesBalance} />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not load your account",
  failure: "Something went wrong while loading your account. Please try again in a moment.",
  href: PATH,
});
