import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { LIMIT_PERIODS, type LimitPeriod } from "~db/schema";
import { APPROVALS_PATH, companyLimitsSchema, LIMITS_PATH, limitsFormToInput } from "~/domain/companies/approvals.schema";
import { getCompanyLimits, updateCompanyLimits } from "~/domain/companies/approvals.server";
import { COMPANY_PATH, COMPANY_ROLE_LABELS } from "~/domain/companies/company-people.schema";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import type { CompanyRole } from "~db/schema";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Spending limits") }];

const PERIOD_LABELS: Record<LimitPeriod, string> = {
  none: "No period limit",
  daily: "Per day",
  weekly: "Per week (Mon–Sun)",
  monthly: "Per calendar month",
  yearly: "Per calendar year",
};

/**
 * /account/company/limits: the company admin sets each person's limit per order and per period (ex VAT, UK
 * calendar) and the amount above which an order needs two different approvers. One plain form; 403 for anyone
 * else, as the API answers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "people");
  const result = getCompanyLimits(getDb(), user);
  if (!result.ok) throw json({ message: result.message }, { status: result.status });
  return json({ ...result.value, me: user.id, idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "people");
  const formData = await request.formData().catch(() => new FormData());
  const key = idempotencyKeyFrom(formData);
  // kept only to answer with what was typed; the checking is the API's schema's, below
  const submission = parseWithZod(formData, { schema: z.object({}).passthrough() });
  // the form's flat fields read into the API's shape, then checked by the API's one schema
  const parsed = companyLimitsSchema.safeParse(limitsFormToInput(formData));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.map((part, index) => (index === 1 && typeof part === "number" ? `[${part}]` : index > 1 ? `.${part}` : String(part))).join("");
      (errors[name] ??= []).push(issue.message);
    }
    return json<FormActionData>(
      { intent: "limits", result: submission.reply({ fieldErrors: errors }), attempt: crypto.randomUUID() },
      { status: 400 },
    );
  }
  const result = updateCompanyLimits(getDb(), user, parsed.data, key);
  if (!result.ok) return failureReply("limits", submission, result, []);
  return redirectWithToast(request, LIMITS_PATH, { title: "Limits saved", description: "They apply from the next order." });
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

export default function LimitsPage() {
  const { secondApprovalAbove, people, me, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  const navigation = useNavigation();
  const errors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const sent = (answer?.result as { initialValue?: Record<string, unknown> } | undefined)?.initialValue as Record<string, string> | undefined;
  const valueOf = (name: string, stored: string | null) => (sent && name in sent ? String(sent[name] ?? "") : (stored ?? ""));
  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="mt-1 text-xs text-red-700" role="alert">
        {errors[name]!.join(" ")}
      </p>
    ) : null;
  // a viewer cannot order, so has nothing to limit
  const active = people.filter((person) => person.active && person.role !== "viewer");
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current="Spending limits" parent={{ to: COMPANY_PATH, label: "Company" }} />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Spending limits</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        An order over a person&apos;s limit is not placed straight away: it goes to your approvers and company admins (never to
        the person who sent it), and is placed once approved. Limits are ex VAT, delivery included; periods follow the UK
        calendar. Leave a limit blank for none.{" "}
        <Link to={APPROVALS_PATH} className="font-medium text-brand-700 hover:underline">
          See orders waiting for approval
        </Link>
      </p>
      <div className="mt-4">
        <FormError errors={errors[""] ?? undefined} />
      </div>
      {/* a fresh form once saved values come back, so each field shows the figure as stored ("20.00") */}
      <Form method="post" className="mt-4" key={JSON.stringify([secondApprovalAbove, people.map((p) => [p.orderLimit, p.periodLimit, p.limitPeriod])])}>
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        {/* one block per person: four columns from sm up, stacked with their labels on a phone */}
        <ul aria-label="Limits per person" className="divide-y divide-slate-100 border-y border-slate-200">
          {active.map((person, index) => (
            <li key={person.id} className="grid gap-3 py-3 text-sm sm:grid-cols-[minmax(0,1.3fr)_repeat(3,minmax(0,1fr))_minmax(0,0.8fr)] sm:items-start">
              <div>
                <input type="hidden" name={`people[${index}].id`} value={person.id} />
                <div className="font-medium text-slate-900">
                  {person.name}
                  {person.id === me ? <span className="ml-1 text-slate-500">(you)</span> : null}
                </div>
                <div className="text-xs text-slate-500">{COMPANY_ROLE_LABELS[person.role as CompanyRole] ?? person.role}</div>
              </div>
              <div>
                <label className="block text-xs font-medium text-slate-600" htmlFor={`order-limit-${index}`}>
                  Per order (£ ex VAT)
                  <span className="sr-only"> for {person.name}</span>
                </label>
                <input
                  id={`order-limit-${index}`}
                  name={`people[${index}].orderLimit`}
                  inputMode="decimal"
                  defaultValue={valueOf(`people[${index}].orderLimit`, person.orderLimit)}
                  placeholder="No limit"
                  className={`${inputClass} mt-1`}
                />
                {errorOf(`people[${index}].orderLimit`)}
              </div>
              <div>
                <label className="block text-xs font-medium text-slate-600" htmlFor={`period-limit-${index}`}>
                  Per period (£ ex VAT)
                  <span className="sr-only"> for {person.name}</span>
                </label>
                <input
                  id={`period-limit-${index}`}
                  name={`people[${index}].periodLimit`}
                  inputMode="decimal"
                  defaultValue={valueOf(`people[${index}].periodLimit`, person.periodLimit)}
                  placeholder="No limit"
                  className={`${inputClass} mt-1`}
                />
                {errorOf(`people[${index}].periodLimit`)}
              </div>
              <div>
                <label className="block text-xs font-medium text-slate-600" htmlFor={`period-${index}`}>
                  Period
                  <span className="sr-only"> for {person.name}</span>
                </label>
                <select
                  id={`period-${index}`}
                  name={`people[${index}].limitPeriod`}
                  defaultValue={valueOf(`people[${index}].limitPeriod`, person.limitPeriod)}
                  className={`${inputClass} mt-1`}
                >
                  {LIMIT_PERIODS.map((period) => (
                    <option key={period} value={period}>
                      {PERIOD_LABELS[period]}
                    </option>
                  ))}
                </select>
                {errorOf(`people[${index}].limitPeriod`)}
              </div>
              <div className="text-slate-700 sm:text-right">
                <span className="block text-xs font-medium text-slate-600">Spent this period</span>
                <span className="mt-2 block tabular-nums">
                  {person.spentThisPeriod === null ? "—" : formatMoney(parseDecimalToHundredths(person.spentThisPeriod) ?? 0)}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-6 max-w-md">
          <label htmlFor="second-approval" className="block text-sm font-medium text-slate-800">
            Two different approvers for orders over (£ ex VAT)
          </label>
          <input
            id="second-approval"
            name="secondApprovalAbove"
            inputMode="decimal"
            defaultValue={valueOf("secondApprovalAbove", secondApprovalAbove)}
            placeholder="One approver is enough"
            className={`${inputClass} mt-1 w-40`}
            aria-describedby="second-approval-hint"
          />
          <p id="second-approval-hint" className="mt-1 text-xs text-slate-500">
            Applies to orders that need approval. Blank: any one approver.
          </p>
          {errorOf("secondApprovalAbove")}
        </div>
        <Button type="submit" className="mt-6" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving..." : "Save limits"}
        </Button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Spending limits",
  failure: "The spending limits could not be shown. Please try again in a moment.",
  href: LIMITS_PATH,
});
