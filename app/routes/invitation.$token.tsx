import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordResetPanel } from "~/components/account/password-reset-panel";
import { primaryLinkClass } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { acceptInvitationFormSchema, ACCEPT_INVITATION_FIELDS, COMPANY_ROLE_LABELS } from "~/domain/companies/company-people.schema";
import { acceptInvitation, checkInvitation } from "~/domain/companies/company-people.server";
import { PASSWORD_MAX_LENGTH } from "~/domain/users/account.schema";
import { PASSWORD_MIN_LENGTH } from "~/domain/users/auth.schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { startUserSession } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { keepPageOnConnectionLoss, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Join your company's account") }];

/** The token is in the address: never sent on as a Referer, never cached (as the password reset page). */
const PRIVATE_PAGE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };
export const headers: HeadersFunction = () => PRIVATE_PAGE;

const HIDE_PASSWORDS = { hideFields: ["newPassword", "confirmPassword"] };

/** /invitation/{token}: the form while the invitation can be used; else whether it was used or has expired. */
export function loader({ params }: LoaderFunctionArgs) {
  const invitation = checkInvitation(getDb(), params.token ?? "");
  return json(
    { invitation, roleLabel: invitation.status === "valid" ? COMPANY_ROLE_LABELS[invitation.role] : null, key: issueIdempotencyKey() },
    { headers: PRIVATE_PAGE },
  );
}

/** Accepts: makes the account, signs it in on this browser and goes to the account page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: acceptInvitationFormSchema });
  if (submission.status !== "success") return invalidReply("accept", submission, HIDE_PASSWORDS);
  const db = getDb();
  const result = await acceptInvitation(
    db,
    { token: params.token ?? "", ...submission.value },
    { idempotencyKey: idempotencyKeyFrom(formData) },
  );
  if (!result.ok) return failureReply("accept", submission, result, ACCEPT_INVITATION_FIELDS, undefined, HIDE_PASSWORDS);
  const user = findSessionUser(db, result.value.userId)!;
  const { cookie } = await startUserSession(request, user, {
    title: "Welcome",
    description: `You are signed in as ${user.email}, buying for ${user.businessName ?? "your company"}.`,
  });
  return redirect("/account", { headers: { "Set-Cookie": cookie } });
}

export const clientAction = keepPageOnConnectionLoss({ title: "Could not accept the invitation" });

export { shouldRevalidate } from "~/utils/connection";

export default function InvitationPage() {
  const { invitation, roleLabel, key } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  if (invitation.status !== "valid") {
    return (
      <PasswordResetPanel title={invitation.status === "used" ? "Invitation already used" : "This invitation cannot be used"} intro={<p>{invitation.message}</p>}>
        <Link to="/login" className={`${primaryLinkClass} w-full`}>
          Go to Log In
        </Link>
      </PasswordResetPanel>
    );
  }
  return (
    <PasswordResetPanel
      title={`Join ${invitation.companyName}`}
      intro={
        <p>
          You are invited to order for <strong>{invitation.companyName}</strong> as {roleLabel?.toLowerCase()}, with the email{" "}
          <strong className="break-all text-slate-900">{invitation.email}</strong>. Choose your password to start.
        </p>
      }
    >
      <ConnectionLostNotice data={posted} />
      <AcceptForm invitation={invitation} formKey={key} answer={answer} />
    </PasswordResetPanel>
  );
}

function AcceptForm({
  invitation,
  formKey,
  answer,
}: {
  invitation: { firstName: string | null; lastName: string | null };
  formKey: string;
  answer: FormActionData | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: answer?.result,
    defaultValue: { firstName: invitation.firstName ?? "", lastName: invitation.lastName ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationFormSchema }),
  });
  const passwordProps = (meta: typeof fields.newPassword) => ({
    ...getInputProps(meta, { type: "password" }),
    key: answer?.attempt ?? meta.name,
    defaultValue: "",
    autoComplete: "new-password",
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} />
      <FormError errors={form.errors} />
      <Field label="First name" errors={fields.firstName.errors} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }} />
      <Field label="Last name" errors={fields.lastName.errors} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }} />
      <Field label="Password" errors={fields.newPassword.errors} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} inputProps={passwordProps(fields.newPassword)} />
      <Field label="Confirm password" errors={fields.confirmPassword.errors} inputProps={passwordProps(fields.confirmPassword)} />
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? "Joining..." : "Accept and sign in"}
      </Button>
    </Form>
  );
}
