import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import {
  COMPANY_PATH as PATH,
  companyPersonCommandSchema,
  INVITE_FIELDS,
  inviteColleagueSchema,
  COMPANY_ROLE_LABELS,
} from "~/domain/companies/company-people.schema";
import { inviteColleague, listCompanyPeople, updateCompanyPerson } from "~/domain/companies/company-people.server";
import { requireCompanyAdmin } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { InviteForm } from "./invite-form";
import { PeopleTable } from "./people-table";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Company") }];

/** Answers a refusal of the page itself (not a company admin) as the error page says it. */
function refused(status: number, message: string): never {
  throw json({ message }, { status });
}

/**
 * /account/company: the company admin's people screen. Lists the company's people with their roles, the
 * invitations not yet accepted, and the invite form. Anyone else in the company gets 403.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyAdmin(request);
  const result = listCompanyPeople(getDb(), user);
  if (!result.ok) refused(result.status, result.message);
  return json(
    { ...result.value, me: user.id, idempotencyKey: issueIdempotencyKey() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Invite, change a role, deactivate or reactivate: each once per page key, then back here with a notice. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyAdmin(request);
  const formData = await request.formData().catch(() => new FormData());
  const key = idempotencyKeyFrom(formData);
  const db = getDb();
  const intent = formData.get("intent");

  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: inviteColleagueSchema });
    if (submission.status !== "success") return invalidReply("invite", submission);
    const result = await inviteColleague(db, user, submission.value, { idempotencyKey: key });
    if (!result.ok) return failureReply("invite", submission, result, INVITE_FIELDS);
    return redirectWithToast(request, PATH, {
      title: "Invitation sent",
      description: `${result.value.email} has been sent a link to join as ${COMPANY_ROLE_LABELS[result.value.role].toLowerCase()}. It works for 7 days.`,
    });
  }

  const submission = parseWithZod(formData, { schema: companyPersonCommandSchema });
  if (submission.status !== "success") return invalidReply(String(intent ?? "person"), submission);
  const command = submission.value;
  const change =
    command.intent === "role" ? { role: command.role } : { active: command.intent === "reactivate" };
  const result = updateCompanyPerson(db, user, command.userId, change, key);
  if (!result.ok) return failureReply(command.intent, submission, result, []);
  const who = [result.value.firstName, result.value.lastName].filter(Boolean).join(" ") || result.value.email;
  return redirectWithToast(request, PATH, {
    title: command.intent === "role" ? "Role changed" : command.intent === "deactivate" ? "Person deactivated" : "Person reactivated",
    description:
      command.intent === "role"
        ? `${who} is now ${COMPANY_ROLE_LABELS[result.value.role].toLowerCase()}.`
        : command.intent === "deactivate"
          ? `${who} can no longer sign in. Their orders stay in your company's history.`
          : `${who} can sign in again.`,
  });
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

export default function CompanyPage() {
  const { companyName, people, invitations, me, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <h1 className="text-3xl font-bold text-slate-900">Company</h1>
      <p className="mt-2 text-slate-600">
        The people who order for <strong>{companyName}</strong>. Everyone sees the same prices; company admins and
        approvers see all the company&apos;s orders and invoices, buyers their own, viewers the catalogue and prices only.
      </p>
      <PeopleTable
        people={people}
        invitations={invitations}
        me={me}
        idempotencyKey={idempotencyKey}
        answer={answer && answer.intent !== "invite" ? answer : undefined}
      />
      <section aria-labelledby="invite-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
          Invite a colleague
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          They get an email with a link to choose their password. The link works once, for 7 days.
        </p>
        <div className="mt-4">
          <InviteForm idempotencyKey={idempotencyKey} lastResult={answer?.intent === "invite" ? answer.result : undefined} />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const refusal = isRouteErrorResponse(error) && error.status === 403 ? (error.data as { message?: string } | null)?.message : null;
  if (refusal) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Company</h1>
        <p role="alert" className="mt-4 text-slate-700">
          {refusal} If you need a colleague added or your role changed, ask your company admin.
        </p>
        <div className="mt-8">
          <Link to="/account" className="rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
            Back to your account
          </Link>
        </div>
      </div>
    );
  }
  return (
    <RouteErrorPage
      title="The company page could not be shown"
      message="Something went wrong while loading your company's people. Please try again in a moment."
      links={[{ to: "/account", label: "Back to your account" }]}
    />
  );
}
