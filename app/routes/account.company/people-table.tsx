import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { COMPANY_ROLES, type CompanyRole } from "~db/schema";
import { COMPANY_ROLE_LABELS } from "~/domain/companies/company-people.schema";
import type { CompanyPersonJson, InvitationJson } from "~/domain/companies/company-people.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

const ukDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

/** The company's people, each with a role form and Deactivate (or Reactivate); then the open invitations. */
export function PeopleTable({
  people,
  invitations,
  me,
  idempotencyKey,
  answer,
}: {
  people: CompanyPersonJson[];
  invitations: InvitationJson[];
  me: string;
  idempotencyKey: string;
  answer?: FormActionData;
}) {
  const navigation = useNavigation();
  const busy = (userId: string, intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("userId") === userId && navigation.formData?.get("intent") === intent;
  const formErrors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error?.[""] ?? undefined;
  return (
    <>
      <div className="mt-6">
        <FormError errors={formErrors ?? undefined} />
      </div>
      <table className="mt-4 w-full text-left text-sm" aria-label="People in your company">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th className="py-2 pr-4 font-medium">Person</th>
            <th className="py-2 pr-4 font-medium">Role</th>
            <th className="py-2 font-medium">Access</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => {
            const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;
            return (
              <tr key={person.id} className="border-b border-slate-100 align-top">
                <td className="py-3 pr-4">
                  <div className="font-medium text-slate-900">
                    {name}
                    {person.id === me ? <span className="ml-1 text-slate-500">(you)</span> : null}
                  </div>
                  <div className="break-all text-slate-600">{person.email}</div>
                </td>
                <td className="py-3 pr-4">
                  <Form method="post" className="flex flex-wrap items-center gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={person.id} />
                    <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
                    <label className="sr-only" htmlFor={`role-${person.id}`}>
                      Role of {name}
                    </label>
                    <select id={`role-${person.id}`} name="role" defaultValue={person.role} className={`${inputClass} w-auto`}>
                      {COMPANY_ROLES.map((role: CompanyRole) => (
                        <option key={role} value={role}>
                          {COMPANY_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                    <Button type="submit" variant="secondary" disabled={busy(person.id, "role")}>
                      {busy(person.id, "role") ? "Saving..." : "Change role"}
                    </Button>
                  </Form>
                </td>
                <td className="py-3">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={person.active ? "deactivate" : "reactivate"} />
                    <input type="hidden" name="userId" value={person.id} />
                    <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
                    <span className={person.active ? "mr-2 text-emerald-700" : "mr-2 text-slate-500"}>
                      {person.active ? "Active" : "Deactivated"}
                    </span>
                    <Button type="submit" variant="secondary" disabled={busy(person.id, person.active ? "deactivate" : "reactivate")}>
                      {person.active ? `Deactivate ${name}` : `Reactivate ${name}`}
                    </Button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading" className="mt-8">
          <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
            Invitations not yet accepted
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <span className="break-all font-medium">{invitation.email}</span> as {COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}:{" "}
                {invitation.status === "pending"
                  ? `link valid until ${ukDate.format(new Date(invitation.expiresAt))}`
                  : `expired on ${ukDate.format(new Date(invitation.expiresAt))}; invite them again to send a new link`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
